package dev.jvmbench.targetapp.scenario.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * freezeAfterRequests, as both target apps must show it: the app answers N sleep requests, then no
 * scenario request at all, while it stays alive and its probes and metrics keep answering. Each
 * app's FreezeTest runs it in a context of its own and closes it afterwards: closing releases the
 * hung requests.
 */
public final class FreezeContract {

    private FreezeContract() {
    }

    /**
     * @param port the running app's port
     * @param output what the app has logged so far
     */
    public static void afterNRequestsEveryScenarioRequestHangsWhileTheAppStaysAlive(int port, Supplier<String> output) {
        var client = new TestClient(port);
        for (int i = 0; i < 3; i++) {
            assertThat(client.get("/scenarios/sleep?ms=1&freezeAfterRequests=3").status()).isEqualTo(200);
        }
        assertThat(client.get("/info").json().get("scenariosFrozen").asBoolean()).isFalse();

        var fourth = inBackground(port, "/scenarios/sleep?ms=1&freezeAfterRequests=3");
        await().atMost(Duration.ofSeconds(10)).until(() -> client.get("/info").json().get("scenariosFrozen").asBoolean());
        var otherScenario = inBackground(port, "/scenarios/cpu?limit=1000");
        var plainSleep = inBackground(port, "/scenarios/sleep?ms=1");

        // nothing answers on the scenario paths; health, metrics and /info do
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5))
                .until(() -> !fourth.isDone() && !otherScenario.isDone() && !plainSleep.isDone());
        for (String path : new String[] {"/actuator/health/liveness", "/actuator/health/readiness"}) {
            assertThat(client.get(path).json().get("status").asString()).as(path).isEqualTo("UP");
        }
        assertThat(client.get("/actuator/prometheus").status()).isEqualTo(200);
        assertThat(output.get()).contains(
                "frozen after 3 requests (freezeAfterRequests=3): every /scenarios request hangs from now on");
    }

    /** Not joined: the request hangs until the app's context closes. */
    private static CompletableFuture<TestClient.Response> inBackground(int port, String path) {
        return CompletableFuture.supplyAsync(() -> new TestClient(port).get(path), r -> Thread.ofVirtual().start(r));
    }
}
