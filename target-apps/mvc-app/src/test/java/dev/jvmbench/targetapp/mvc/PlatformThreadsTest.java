package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.testing.ConcurrentLoad;
import dev.jvmbench.targetapp.scenario.testing.DelayedHttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.threads.virtual.enabled=false", "server.tomcat.threads.max=64"})
class PlatformThreadsTest extends TomcatContract {

    static final DelayedHttpServer UPSTREAM = DelayedHttpServer.start(Duration.ofMillis(100));

    PlatformThreadsTest() {
        super("platform", UPSTREAM);
    }

    @DynamicPropertySource
    static void upstream(DynamicPropertyRegistry registry) {
        registry.add("bench.upstream.http-url", UPSTREAM::url);
    }

    @AfterAll
    static void stopUpstream() {
        UPSTREAM.close();
    }

    @Test
    void infoReportsTheTomcatPoolSize() {
        assertThat(client().get("/info").json().get("tomcatMaxThreads").asInt()).isEqualTo(64);
    }

    @Test
    void ioHttpBlocksATomcatThreadUntilTheUpstreamAnswers() {
        long start = System.nanoTime();
        var response = client().get("/scenarios/io-http");
        assertThat(response.status()).isEqualTo(200);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(100));
        var body = response.json();
        assertThat(body.get("scenario").asString()).isEqualTo("io-http");
        assertThat(body.get("upstreamStatus").asInt()).isEqualTo(200);
        assertThat(body.get("virtualThread").asBoolean()).isFalse();
    }

    /**
     * The control for {@link VirtualThreadsTest#concurrentIoHttpRequestsDoNotCreatePlatformThreads}:
     * the same measurement does see platform threads when each request holds one (the Tomcat
     * pool, 64 here, grows to serve overlapping requests).
     */
    @Test
    void concurrentIoHttpRequestsHoldOneTomcatThreadEach() throws Exception {
        var load = ConcurrentLoad.ioHttp(UPSTREAM, client(), 100);
        System.out.println("platform mode: " + load);
        assertThat(load.maxInFlightAtUpstream()).isGreaterThanOrEqualTo(32);
        assertThat(load.platformThreadsAdded()).isGreaterThanOrEqualTo(32);
    }
}
