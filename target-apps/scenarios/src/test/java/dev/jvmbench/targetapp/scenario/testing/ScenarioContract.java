package dev.jvmbench.targetapp.scenario.testing;

import com.sun.management.ThreadMXBean;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The contract every thread model of every target app keeps (target-apps/README.md). A test
 * class per app and thread model extends it, names what it expects and starts the app on a random port
 * with an upstream of its own. Timings are
 * only ever physical lower bounds ("a 300 ms sleep took at least 300 ms").
 */
public abstract class ScenarioContract {

    public static final String PROBLEM_JSON = "application/problem+json";

    private final String expectedApp;
    private final String expectedThreadModel;
    private final DelayedHttpServer upstream;

    /** The port the app under test listens on ({@code @SpringBootTest} with a random port). */
    @Value("${local.server.port}")
    protected int port;

    /**
     * @param expectedApp         {@code mvc} or {@code webflux}
     * @param expectedThreadModel {@code platform}, {@code virtual} or {@code webflux}
     * @param upstream            the io-http upstream the app was started with (the test class owns,
     *                            points the app at and closes it)
     */
    protected ScenarioContract(String expectedApp, String expectedThreadModel, DelayedHttpServer upstream) {
        this.expectedApp = expectedApp;
        this.expectedThreadModel = expectedThreadModel;
        this.upstream = upstream;
    }

    protected int port() {
        return port;
    }

    protected String expectedApp() {
        return expectedApp;
    }

    protected String expectedThreadModel() {
        return expectedThreadModel;
    }

    protected DelayedHttpServer upstream() {
        return upstream;
    }

    /** Whether the handling code of the blocking scenarios runs on a virtual thread. */
    protected boolean expectVirtual() {
        return expectedThreadModel().equals("virtual");
    }

    protected TestClient client() {
        return new TestClient(port());
    }

    @Test
    void anUpstreamErrorIs502ProblemDetails() {
        upstream().status(500);
        try {
            var response = client().get("/scenarios/io-http");
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.contentType()).startsWith(PROBLEM_JSON);
            assertThat(response.json().get("upstreamStatus").asInt()).isEqualTo(500);
        } finally {
            upstream().status(200);
        }
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
                "/scenarios/io-db?seconds=abc", "/scenarios/sleep?retainKb=-1", "/scenarios/sleep?retainKb=102401",
                "/scenarios/sleep?garbageKb=1.5", "/scenarios/sleep?freezeAfterRequests=-1",
                "/scenarios/cpu?coldFactor=0", "/scenarios/cpu?coldFactor=101", "/scenarios/cpu?warmSeconds=0",
                "/scenarios/cpu?warmSeconds=3601", "/scenarios/io-http?leakConnections=2",
                "/scenarios/io-http?leakConnections=maybe"}) {
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
    void knobsAreOffByDefaultAndEchoedInTheBody() {
        var cpu = client().get("/scenarios/cpu?limit=1000").json();
        assertThat(cpu.get("repetitions").asInt()).isEqualTo(1);
        assertThat(cpu.get("eventLoop").asBoolean()).isFalse();
        var sleep = client().get("/scenarios/sleep?ms=1&retainKb=0&garbageKb=0&freezeAfterRequests=0").json();
        assertThat(sleep.get("retainKb").asInt()).isZero();
        assertThat(sleep.get("garbageKb").asInt()).isZero();
        var ioHttp = client().get("/scenarios/io-http?leakConnections=0").json();
        assertThat(ioHttp.get("leakedConnection").asBoolean()).isFalse();
        assertThat(client().get("/info").json().get("scenariosFrozen").asBoolean()).isFalse();
    }

    /** retainKb: the live set grows with the requests in flight, and shrinks when they answer. */
    @Test
    void sleepHoldsTheRetainedHeapWhileItSleeps() throws Exception {
        int n = 16;
        int kb = 2048;
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<TestClient.Response>> responses = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                responses.add(executor.submit(() -> client().get("/scenarios/sleep?ms=3000&retainKb=" + kb)));
            }
            long all = (long) n * kb * 1024;
            await().atMost(Duration.ofSeconds(20)).until(() -> metric("bench_retained_bytes") >= all);
            System.gc();
            // a physical bound: what is reachable cannot be collected
            assertThat(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed()).isGreaterThanOrEqualTo(all);
            for (var response : responses) {
                assertThat(response.get().status()).isEqualTo(200);
                assertThat(response.get().json().get("retainKb").asInt()).isEqualTo(kb);
            }
        }
        assertThat(metric("bench_retained_bytes")).isZero();
    }

    /** garbageKb: allocated per request, whatever else the JVM allocated meanwhile. */
    @Test
    void sleepAllocatesTheGarbageItWasAskedFor() {
        var threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getTotalThreadAllocatedBytes();
        for (int i = 0; i < 10; i++) {
            var response = client().get("/scenarios/sleep?ms=1&garbageKb=10240");
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.json().get("garbageKb").asInt()).isEqualTo(10240);
        }
        assertThat(threads.getTotalThreadAllocatedBytes() - before).isGreaterThanOrEqualTo(10 * 10240 * 1024L);
    }

    /** coldFactor: the first request does the work coldFactor times, then it falls to once within warmSeconds. */
    @Test
    void cpuWarmsUpFromTheColdFactorToOnce() {
        String path = "/scenarios/cpu?limit=10000&coldFactor=4&warmSeconds=2";
        var first = client().get(path).json();
        assertThat(first.get("repetitions").asInt()).isEqualTo(4);
        assertThat(first.get("primes").asInt()).isEqualTo(1229);
        List<Integer> seen = new ArrayList<>(List.of(4));
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> {
            seen.add(client().get(path).json().get("repetitions").asInt());
            return seen.getLast() == 1;
        });
        assertThat(seen).as("repetitions only ever fall").isSortedAccordingTo(Comparator.reverseOrder());
        assertThat(client().get(path).json().get("repetitions").asInt()).isEqualTo(1);
    }

    /** leakConnections: one socket per request left open, in CLOSE_WAIT once the upstream closed its side. */
    @Test
    void ioHttpLeaksAConnectionPerRequestInCloseWait() throws Exception {
        int n = 20;
        int upstreamPort = URI.create(upstream().url()).getPort();
        var infoBefore = client().get("/info").json();
        long closeWaitBefore = TcpSockets.closeWaitTo(upstreamPort);
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<TestClient.Response>> responses = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                responses.add(executor.submit(() -> client().get("/scenarios/io-http?leakConnections=1")));
            }
            for (var response : responses) {
                assertThat(response.get().status()).isEqualTo(200);
                assertThat(response.get().json().get("leakedConnection").asBoolean()).isTrue();
            }
        }
        var info = client().get("/info").json();
        assertThat(info.get("leakedConnections").asInt() - infoBefore.get("leakedConnections").asInt()).isEqualTo(n);
        assertThat(info.get("openFileDescriptors").asLong() - infoBefore.get("openFileDescriptors").asLong())
                .isGreaterThanOrEqualTo(n);
        assertThat(TcpSockets.closeWaitTo(upstreamPort) - closeWaitBefore).isGreaterThanOrEqualTo(n);
        assertThat(metric("bench_leaked_connections")).isGreaterThanOrEqualTo(n);
    }

    /** A sample of {@code name} from /actuator/prometheus (the first series). */
    protected double metric(String name) {
        String body = client().get("/actuator/prometheus").body();
        return body.lines().filter(line -> line.startsWith(name + "{") || line.startsWith(name + " "))
                .map(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .findFirst().orElseThrow(() -> new AssertionError(name + " not in /actuator/prometheus"));
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
