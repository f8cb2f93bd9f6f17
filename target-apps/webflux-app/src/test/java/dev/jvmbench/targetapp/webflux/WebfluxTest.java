package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.testing.ConcurrentLoad;
import dev.jvmbench.targetapp.scenario.testing.DelayedHttpServer;
import dev.jvmbench.targetapp.scenario.testing.ScenarioContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class WebfluxTest extends ScenarioContract {

    static final DelayedHttpServer UPSTREAM = DelayedHttpServer.start(Duration.ofMillis(100));

    @DynamicPropertySource
    static void upstream(DynamicPropertyRegistry registry) {
        registry.add("bench.upstream.http-url", UPSTREAM::url);
    }

    @AfterAll
    static void stopUpstream() {
        UPSTREAM.close();
    }

    @Value("${local.server.port}")
    int port;

    @Override
    protected int port() {
        return port;
    }

    @Override
    protected String expectedApp() {
        return "webflux";
    }

    @Override
    protected String expectedThreadModel() {
        return "webflux";
    }

    @Test
    void infoReportsTheReactiveResources() {
        var info = client().get("/info").json();
        assertThat(info.get("nettyEventLoopThreads").asInt()).isPositive();
        assertThat(info.get("upstreamMaxConnections").asInt()).isEqualTo(HttpUpstream.MAX_CONNECTIONS);
        assertThat(info.get("upstreamHttpConfigured").asBoolean()).isTrue();
    }

    @Test
    void ioHttpCallsTheUpstreamWithoutBlocking() {
        long start = System.nanoTime();
        var response = client().get("/scenarios/io-http");
        assertThat(response.status()).isEqualTo(200);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(100));
        var body = response.json();
        assertThat(body.get("scenario").asString()).isEqualTo("io-http");
        assertThat(body.get("threadModel").asString()).isEqualTo("webflux");
        assertThat(body.get("upstreamStatus").asInt()).isEqualTo(200);
        assertThat(response.virtualThreadHeader()).isEqualTo("false");
    }

    /** Reactor Netty multiplexes all upstream calls on its event loops: no thread per request. */
    @Test
    void concurrentIoHttpRequestsDoNotCreateThreads() throws Exception {
        int n = 200;
        var load = ConcurrentLoad.ioHttp(UPSTREAM, client(), n);
        System.out.println("webflux: " + load);
        assertThat(load.responses()).allSatisfy(response -> assertThat(response.status()).isEqualTo(200));
        assertThat(load.maxInFlightAtUpstream()).isGreaterThanOrEqualTo(n / 4);
        assertThat(load.platformThreadsAdded()).isLessThan(n / 10);
    }

    @Test
    void anUpstreamErrorIs502ProblemDetails() {
        UPSTREAM.status(500);
        try {
            var response = client().get("/scenarios/io-http");
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.contentType()).startsWith(PROBLEM_JSON);
            assertThat(response.json().get("upstreamStatus").asInt()).isEqualTo(500);
        } finally {
            UPSTREAM.status(200);
        }
    }
}
