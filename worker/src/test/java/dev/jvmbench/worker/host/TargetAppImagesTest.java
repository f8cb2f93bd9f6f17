package dev.jvmbench.worker.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ImageSummary;
import dev.jvmbench.worker.testing.BenchHost;
import dev.jvmbench.worker.testing.TargetApps;
import dev.jvmbench.worker.testing.Upstreams;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every target-app image (one per app per JDK) starts under the benchmark's limits against the
 * real upstreams and answers every scenario, on the thread model it was asked for.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TargetAppImagesTest {

    private static BenchHost host;
    private static ContainerEngine engine;
    private static Upstreams.Nginx nginx;
    private static Upstreams.Postgres postgres;

    @BeforeAll
    static void startUpstreams() {
        host = BenchHost.forClass(TargetAppImagesTest.class);
        engine = host.engine();
        nginx = Upstreams.startNginx(host);
        postgres = Upstreams.startPostgres(host);
    }

    @AfterAll
    static void removeEverythingThisClassStarted() {
        if (host != null) {
            host.close();
        }
    }

    static List<Named<ImageSummary>> mvcImages() {
        return BenchHost.named(TargetApps.images("mvc"));
    }

    static List<Named<ImageSummary>> webfluxImages() {
        return BenchHost.named(TargetApps.images("webflux"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mvcImages")
    void mvcServesEveryScenarioOnVirtualAndOnPlatformThreads(ImageSummary image) {
        // Both at once: each is limited to one CPU and the host has two, so starting them
        // together halves the wait without making either start slower than a benchmark's.
        TargetApps.App virtual = start(image, true);
        TargetApps.App platform = start(image, false);
        try {
            TargetApps.awaitReady(engine, virtual);
            TargetApps.awaitReady(engine, platform);

            assertEveryScenario(virtual, "virtual", true);
            assertEveryScenario(platform, "platform", false);
        } finally {
            engine.remove(virtual.container());
            engine.remove(platform.container());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("webfluxImages")
    void webfluxServesEveryScenario(ImageSummary image) {
        TargetApps.App webflux = start(image, null);
        try {
            TargetApps.awaitReady(engine, webflux);

            assertEveryScenario(webflux, "webflux", null);
        } finally {
            engine.remove(webflux.container());
        }
    }

    private static TargetApps.App start(ImageSummary image, Boolean virtualThreads) {
        int port = BenchHost.freePort();
        var spec = TargetApps.withUpstreams(TargetApps.spec(host, image, port), nginx, postgres);
        if (virtualThreads != null) {
            spec.env("SPRING_THREADS_VIRTUAL_ENABLED", virtualThreads.toString());
        }
        return TargetApps.start(host, image, port, spec.build());
    }

    /** {@code virtualThread == null}: the thread model decides, not asserted (WebFlux). */
    private static void assertEveryScenario(TargetApps.App app, String threadModel, Boolean virtualThread) {
        // One client per app, keep-alive within the app: a client shared across apps may hold an idle
        // connection to a port that a removed container used and a new one reuses.
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build()) {
            assertEveryScenario(client, app, threadModel, virtualThread);
        }
    }

    private static void assertEveryScenario(HttpClient client, TargetApps.App app, String threadModel,
            Boolean virtualThread) {
        for (String scenario : TargetApps.SCENARIOS) {
            String what = BenchHost.reference(app.image()) + " " + threadModel + " /scenarios/" + scenario;
            HttpResponse<String> response = TargetApps.getOrExplain(engine, client, app, "/scenarios/" + scenario);

            assertThat(response.statusCode()).as("%s: %s", what, response.body()).isEqualTo(200);
            DocumentContext body = JsonPath.parse(response.body());
            assertThat(body.read("$.scenario", String.class)).as(what).isEqualTo(scenario);
            assertThat(body.read("$.threadModel", String.class)).as(what).isEqualTo(threadModel);
            if (virtualThread != null) {
                assertThat(body.read("$.virtualThread", Boolean.class)).as(what).isEqualTo(virtualThread);
            }
            if (scenario.equals("io-http")) {
                assertThat(body.read("$.upstreamStatus", Integer.class)).as(what).isEqualTo(200);
            }
        }
        HttpResponse<String> info = TargetApps.getOrExplain(engine, client, app, "/info");
        assertThat(info.statusCode()).as(info.body()).isEqualTo(200);
        DocumentContext facts = JsonPath.parse(info.body());
        assertThat(facts.read("$.threadModel", String.class)).isEqualTo(threadModel);
        assertThat(facts.read("$.availableProcessors", Integer.class)).as(info.body()).isEqualTo(1);
        assertThat(facts.read("$.maxHeapBytes", Long.class)).as(info.body()).isLessThan(512L * 1024 * 1024);
        assertThat(facts.read("$.javaVersion", String.class)).as(info.body())
                .startsWith(app.image().label("bench.jdk"));
    }
}
