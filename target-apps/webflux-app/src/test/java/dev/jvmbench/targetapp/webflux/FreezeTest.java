package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.testing.TestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.annotation.DirtiesContext;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * freezeAfterRequests: the WebFlux app answers N sleep requests, then no scenario request at all,
 * while it stays alive and its probes and metrics keep answering. Its own context, closed after
 * the class: closing releases the hung requests.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {"bench.upstream.db-pool-size=3"})
@DirtiesContext
@ExtendWith(OutputCaptureExtension.class)
class FreezeTest {

    @Value("${local.server.port}")
    int port;

    @Test
    void afterNRequestsEveryScenarioRequestHangsWhileTheAppStaysAlive(CapturedOutput output) {
        var client = new TestClient(port);
        for (int i = 0; i < 3; i++) {
            assertThat(client.get("/scenarios/sleep?ms=1&freezeAfterRequests=3").status()).isEqualTo(200);
        }
        assertThat(client.get("/info").json().get("scenariosFrozen").asBoolean()).isFalse();

        var fourth = inBackground("/scenarios/sleep?ms=1&freezeAfterRequests=3");
        await().atMost(Duration.ofSeconds(10)).until(() -> client.get("/info").json().get("scenariosFrozen").asBoolean());
        var otherScenario = inBackground("/scenarios/cpu?limit=1000");
        var plainSleep = inBackground("/scenarios/sleep?ms=1");

        // nothing answers on the scenario paths; health, metrics and /info do
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5))
                .until(() -> !fourth.isDone() && !otherScenario.isDone() && !plainSleep.isDone());
        for (String path : new String[] {"/actuator/health/liveness", "/actuator/health/readiness"}) {
            assertThat(client.get(path).json().get("status").asString()).as(path).isEqualTo("UP");
        }
        assertThat(client.get("/actuator/prometheus").status()).isEqualTo(200);
        assertThat(output.getOut()).contains(
                "frozen after 3 requests (freezeAfterRequests=3): every /scenarios request hangs from now on");
    }

    /** Not joined: the request hangs until the context closes after this class. */
    private CompletableFuture<TestClient.Response> inBackground(String path) {
        return CompletableFuture.supplyAsync(() -> new TestClient(port).get(path), r -> Thread.ofVirtual().start(r));
    }
}
