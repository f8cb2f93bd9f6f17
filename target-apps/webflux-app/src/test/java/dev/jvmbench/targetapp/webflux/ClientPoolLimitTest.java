package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.testing.DelayedHttpServer;
import dev.jvmbench.targetapp.scenario.testing.TestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Field report slide 45: WebClient's pool and its pending-acquire queue are limits. With 2
 * connections and 4 waiting places, 20 requests at once against an upstream that holds each
 * for 3 s: at most 6 get in, the others fail at once with Reactor Netty's own exception, answer
 * 503, and the log says so in one line per second.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"bench.http-client.max-connections=2", "bench.http-client.pending-acquire-max=4"})
@ExtendWith(OutputCaptureExtension.class)
class ClientPoolLimitTest {

    static final DelayedHttpServer UPSTREAM = DelayedHttpServer.start(Duration.ofSeconds(3));
    static final Pattern LINE = Pattern.compile(
            "io-http upstream failed: Pending acquire queue has reached its maximum size of 4 \\((\\d+) failures? in the last second\\)");

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
    void requestsBeyondThePoolAndItsQueueFailWithReactorNettysMessage(CapturedOutput output) throws Exception {
        var client = new TestClient(port);
        var info = client.get("/info").json();
        assertThat(info.get("upstreamMaxConnections").asInt()).isEqualTo(2);
        assertThat(info.get("upstreamPendingAcquireMax").asInt()).isEqualTo(4);

        List<TestClient.Response> responses = new ArrayList<>();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<TestClient.Response>> futures = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                futures.add(executor.submit(() -> client.get("/scenarios/io-http")));
            }
            for (var future : futures) {
                responses.add(future.get());
            }
        }
        var refused = responses.stream().filter(r -> r.status() == 503).toList();
        long ok = responses.stream().filter(r -> r.status() == 200).count();
        assertThat(ok + refused.size()).isEqualTo(20);
        assertThat(ok).as("2 connections + 4 waiting").isLessThanOrEqualTo(6);
        assertThat(refused).allSatisfy(r -> {
            assertThat(r.contentType()).startsWith("application/problem+json");
            assertThat(r.json().get("detail").asString()).contains("PoolAcquirePendingLimitException");
        });

        // the log counts every refusal, in at most one line per second
        await().atMost(Duration.ofSeconds(10)).until(() -> countedInLog(output) == refused.size());
        assertThat(LINE.matcher(output.getOut()).results().count()).isBetween(1L, 5L);
    }

    private static long countedInLog(CapturedOutput output) {
        Matcher m = LINE.matcher(output.getOut());
        long sum = 0;
        while (m.find()) {
            sum += Long.parseLong(m.group(1));
        }
        return sum;
    }
}
