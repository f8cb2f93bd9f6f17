package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.testing.ConcurrentLoad;
import dev.jvmbench.targetapp.scenario.testing.DelayedHttpServer;
import dev.jvmbench.targetapp.scenario.testing.TestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Field report slide 28, on purpose: virtual threads, but the JDK HttpClient built without an
 * executor ({@code BENCH_HTTP_CLIENT_EXECUTOR=platform-pool}), so its default cached pool of
 * platform threads grows with the concurrent exchanges. The counterpart with the default
 * ({@code auto}) is {@link VirtualThreadsTest#concurrentIoHttpRequestsDoNotCreatePlatformThreads}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.threads.virtual.enabled=true", "bench.http-client.executor=platform-pool"})
class HiddenPlatformThreadsTest {

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

    @Test
    void theJdkClientsDefaultExecutorAddsPlatformThreadsUnderConcurrency() throws Exception {
        var client = new TestClient(port);
        var before = client.get("/info").json();
        assertThat(before.get("threadModel").asString()).isEqualTo("virtual");
        assertThat(before.get("httpClientExecutor").asString()).isEqualTo("platform-pool");

        int n = 200;
        var load = ConcurrentLoad.ioHttp(UPSTREAM, client, n);
        // the cached pool keeps idle threads for 60 s: /info still counts them after the load
        int after = client.get("/info").json().get("platformThreads").asInt();
        System.out.println("platform-pool in virtual mode: " + load + "; /info platformThreads "
                + before.get("platformThreads").asInt() + " -> " + after);
        assertThat(load.responses()).allSatisfy(response -> {
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.json().get("virtualThread").asBoolean()).isTrue();
        });
        assertThat(load.maxInFlightAtUpstream()).isGreaterThanOrEqualTo(n / 4);
        // measured here: +12 to +26 for 200 requests (auto: +0); the bound is a count with a wide margin
        assertThat(load.platformThreadsAdded()).isGreaterThanOrEqualTo(n / 40);
        assertThat(after - before.get("platformThreads").asInt()).isGreaterThanOrEqualTo(n / 40);
    }
}
