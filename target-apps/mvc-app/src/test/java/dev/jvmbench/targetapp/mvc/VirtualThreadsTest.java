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
        properties = "spring.threads.virtual.enabled=true")
class VirtualThreadsTest extends TomcatContract {

    static final DelayedHttpServer UPSTREAM = DelayedHttpServer.start(Duration.ofMillis(100));

    VirtualThreadsTest() {
        super("virtual", UPSTREAM);
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
    void infoHasNoTomcatPoolInVirtualMode() {
        assertThat(client().get("/info").json().get("tomcatMaxThreads").isNull()).isTrue();
    }

    @Test
    void ioHttpRunsOnAVirtualThread() {
        var response = client().get("/scenarios/io-http");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("upstreamStatus").asInt()).isEqualTo(200);
        assertThat(response.json().get("virtualThread").asBoolean()).isTrue();
        assertThat(response.virtualThreadHeader()).isEqualTo("true");
    }

    /**
     * The field reports' pitfall: the JDK HttpClient's default executor is a cached pool of
     * platform threads that grows with concurrent exchanges. N overlapping io-http requests must leave the platform thread
     * count nearly flat. Measured here with 200 requests: +0 with the virtual-thread executor,
     * +24 to +26 with the JDK's default (cached platform pool, this test then fails), +73 to +83
     * in platform mode with 64 Tomcat threads for 100 requests. The bound (n/10) is a count,
     * never a timing: it fails for sure when Tomcat is not on virtual threads, and in practice
     * when the client's executor regresses.
     */
    @Test
    void concurrentIoHttpRequestsDoNotCreatePlatformThreads() throws Exception {
        int n = 200;
        var load = ConcurrentLoad.ioHttp(UPSTREAM, client(), n);
        System.out.println("virtual mode: " + load);
        assertThat(load.responses()).allSatisfy(response -> {
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.json().get("virtualThread").asBoolean()).isTrue();
        });
        // the requests did overlap at the upstream, so one thread per request would have shown up
        assertThat(load.maxInFlightAtUpstream()).isGreaterThanOrEqualTo(n / 4);
        assertThat(load.platformThreadsAdded()).as("platform threads added by %d concurrent requests", n)
                .isLessThan(n / 10);
    }
}
