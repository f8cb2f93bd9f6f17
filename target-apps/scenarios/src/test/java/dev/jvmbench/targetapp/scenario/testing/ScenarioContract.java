package dev.jvmbench.targetapp.scenario.testing;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract every thread model of every target app keeps (target-apps/README.md). A test
 * class per app and thread model extends it and starts the app on a random port. Timings are
 * only ever physical lower bounds ("a 300 ms sleep took at least 300 ms").
 */
public abstract class ScenarioContract {

    public static final String PROBLEM_JSON = "application/problem+json";

    /** The port the app under test listens on. */
    protected abstract int port();

    /** {@code mvc} or {@code webflux}. */
    protected abstract String expectedApp();

    /** {@code platform}, {@code virtual} or {@code webflux}. */
    protected abstract String expectedThreadModel();

    /** Whether the handling code of the blocking scenarios runs on a virtual thread. */
    protected boolean expectVirtual() {
        return expectedThreadModel().equals("virtual");
    }

    protected TestClient client() {
        return new TestClient(port());
    }

    @Test
    void infoReportsTheThreadModelAndTheJvm() {
        var response = client().get("/info");
        assertThat(response.status()).isEqualTo(200);
        var body = response.json();
        assertThat(body.get("app").asString()).isEqualTo(expectedApp());
        assertThat(body.get("threadModel").asString()).isEqualTo(expectedThreadModel());
        assertThat(body.get("virtualThread").asBoolean()).isEqualTo(expectVirtual());
        assertThat(response.virtualThreadHeader()).isEqualTo(Boolean.toString(expectVirtual()));
        assertThat(body.get("javaVersion").asString()).isEqualTo(System.getProperty("java.version"));
        assertThat(body.get("availableProcessors").asInt()).isPositive();
        assertThat(body.get("maxHeapBytes").asLong()).isPositive();
        assertThat(body.get("pid").asLong()).isEqualTo(ProcessHandle.current().pid());
    }

    @Test
    void cpuCountsPrimes() {
        var response = client().get("/scenarios/cpu?limit=100000");
        assertThat(response.status()).isEqualTo(200);
        var body = response.json();
        assertThat(body.get("scenario").asString()).isEqualTo("cpu");
        assertThat(body.get("threadModel").asString()).isEqualTo(expectedThreadModel());
        assertThat(body.get("virtualThread").asBoolean()).isEqualTo(expectVirtual());
        assertThat(body.get("limit").asInt()).isEqualTo(100_000);
        assertThat(body.get("primes").asInt()).isEqualTo(9592);
        assertThat(response.virtualThreadHeader()).isEqualTo(Boolean.toString(expectVirtual()));
    }

    @Test
    void sleepTakesAtLeastTheRequestedTime() {
        long start = System.nanoTime();
        var response = client().get("/scenarios/sleep?ms=300");
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        assertThat(response.status()).isEqualTo(200);
        assertThat(elapsed).isGreaterThanOrEqualTo(Duration.ofMillis(300));
        var body = response.json();
        assertThat(body.get("scenario").asString()).isEqualTo("sleep");
        assertThat(body.get("ms").asLong()).isEqualTo(300);
        assertThat(body.get("elapsedMs").asDouble()).isGreaterThanOrEqualTo(300);
        assertThat(body.get("virtualThread").asBoolean()).isEqualTo(expectVirtual());
    }

    @Test
    void pinningSleepsInsideAMonitor() {
        var response = client().get("/scenarios/pinning?ms=30");
        assertThat(response.status()).isEqualTo(200);
        var body = response.json();
        assertThat(body.get("scenario").asString()).isEqualTo("pinning");
        assertThat(body.get("threadModel").asString()).isEqualTo(expectedThreadModel());
        assertThat(body.get("elapsedMs").asDouble()).isGreaterThanOrEqualTo(30);
        assertThat(body.has("monitor")).isTrue();
    }

    @Test
    void badParametersAre400ProblemDetails() {
        for (String query : new String[] {"/scenarios/cpu?limit=abc", "/scenarios/cpu?limit=1",
                "/scenarios/cpu?limit=99999999999", "/scenarios/sleep?ms=-5", "/scenarios/sleep?ms=99999999",
                "/scenarios/pinning?ms=x", "/scenarios/io-db?seconds=NaN", "/scenarios/io-db?seconds=-1",
                "/scenarios/io-db?seconds=abc"}) {
            var response = client().get(query);
            assertThat(response.status()).as(query).isEqualTo(400);
            assertThat(response.contentType()).as(query).startsWith(PROBLEM_JSON);
            assertThat(response.json().get("status").asInt()).as(query).isEqualTo(400);
        }
        var outOfRange = client().get("/scenarios/cpu?limit=1").json();
        assertThat(outOfRange.get("parameter").asString()).isEqualTo("limit");
        assertThat(outOfRange.get("detail").asString()).contains("limit");
    }

    @Test
    void aMissingDbUpstreamIs503NamingTheVariable() {
        var response = client().get("/scenarios/io-db?seconds=0.1");
        assertThat(response.status()).isEqualTo(503);
        assertThat(response.contentType()).startsWith(PROBLEM_JSON);
        assertThat(response.json().get("missingVariable").asString()).isEqualTo("BENCH_UPSTREAM_DB_URL");
        assertThat(response.json().get("detail").asString()).contains("BENCH_UPSTREAM_DB_URL");
    }

    @Test
    void healthAndProbesAreUp() {
        for (String path : new String[] {"/actuator/health", "/actuator/health/liveness",
                "/actuator/health/readiness"}) {
            var response = client().get(path);
            assertThat(response.status()).as(path).isEqualTo(200);
            assertThat(response.json().get("status").asString()).as(path).isEqualTo("UP");
        }
    }

    @Test
    void prometheusHasJvmThreadAndVirtualThreadMetrics() {
        client().get("/scenarios/cpu?limit=1000");
        var response = client().get("/actuator/prometheus");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body())
                .contains("jvm_threads_live_threads", "jvm_threads_peak_threads", "jvm_threads_states_threads")
                // micrometer-java21's VirtualThreadMetrics (Boot auto-configures it when the jar is there)
                .contains("jvm_threads_virtual_pinned_seconds_count", "jvm_threads_virtual_submit_failed_total")
                .contains("http_server_requests_seconds_count");
        if (Runtime.version().feature() >= 24) { // needs the JDK 24+ VirtualThreadSchedulerMXBean
            assertThat(response.body()).contains("jvm_threads_virtual_parallelism", "jvm_threads_virtual_live");
        }
    }
}
