package dev.jvmbench.worker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every finding code provoked on real containers with the stock apps and their scenario knobs
 * (docs/findings.md), and a healthy run that raises no warning. The jobs are submitted together
 * and run one after another on one worker; each test then reads one job's findings as stored.
 * About 10 minutes on 2 cores: a run is an app start, a short level and a collect.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FindingsEndToEndTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    @TempDir
    static Path dataDir;
    private static Platform platform;
    private static final Map<String, Long> JOBS = new LinkedHashMap<>();

    /** One short level: 2 s of the level's warm-up, 6 s measured, a 4 s request timeout. */
    private static Map<String, Object> load(List<Integer> levels) {
        return Map.of("levels", levels, "stepSeconds", 6, "warmupSeconds", 2, "requestTimeoutMs", 4000);
    }

    private static Map<String, Object> job(String model, List<Integer> jdks, String scenario, Map<String, Object> params,
                                          List<Integer> levels, Map<String, Object> more) {
        Map<String, Object> job = new LinkedHashMap<>();
        job.put("threadModels", List.of(model));
        job.put("jdks", jdks);
        job.put("scenario", Map.of("name", scenario, "params", params));
        job.put("load", load(levels));
        job.put("repetitions", 1);
        job.putAll(more);
        return job;
    }

    @BeforeAll
    static void runEveryJob() throws Exception {
        platform = Platform.start(dataDir, List.of(Platform.WORKER_ID),
                Map.of("bench.worker.generator-warmup", "2s"));
        // warmed up until steady: with the 2 s warm-up of the others the JIT is still at work in the window
        submit("healthy", job("virtual", List.of(25), "io-http", Map.of("delayMs", 50), List.of(20),
                Map.of("load", Map.of("levels", List.of(20), "stepSeconds", 6, "warmupSeconds", 2, "requestTimeoutMs", 4000,
                        "warmup", Map.of("mode", "adaptive", "maxSeconds", 60, "windowSeconds", 10)))));
        // a pool of 4 threads and a 200 ms upstream serve 20 req/s: 100 users wait 5 s, past the 4 s timeout
        submit("queueing", job("platform", List.of(25), "io-http", Map.of("delayMs", 200), List.of(100),
                Map.of("platform", Map.of("maxThreads", 4))));
        // each request holds 1 MB for half a second: 150 virtual threads want 150 MB of the default heap, 128 MB
        // (25 %) of 512 MB (at 256 MB the JVM takes half, 128 MB too: not the small default the finding names)
        submit("oom", job("virtual", List.of(25), "sleep", Map.of("sleepMs", 500, "retainKb", 1024), List.of(150),
                Map.of("limits", Map.of("cpus", 1, "memoryMb", 512))));
        // 20 users at 100 ms are 200 req/s: 600 requests are used up by the level's 2 s warm-up and the first
        // second of its 6 s window, which then hears nothing
        submit("freeze", job("virtual", List.of(25), "sleep", Map.of("sleepMs", 100, "freezeAfterRequests", 600),
                List.of(20), Map.of()));
        // two pooled connections, 200 ms per query: 10 req/s for 10 users, whatever the threads; each waits about
        // 1 s, most of it for a connection. The timeout is far: a request the generator gives up on keeps waiting
        // in the pool (20 users and 4 s collapsed to 3 req/s answered, the rest answering abandoned requests)
        submit("pool", job("virtual", List.of(25), "io-db", Map.of("poolSize", 2, "sleepMs", 200), List.of(10),
                Map.of("jvmOptions", List.of("-XX:ActiveProcessorCount=2"), "load", Map.of("levels", List.of(10),
                        "stepSeconds", 6, "warmupSeconds", 2, "requestTimeoutMs", 15000))));
        submit("pinning", job("virtual", List.of(21, 25), "pinning", Map.of("holdMs", 50), List.of(50), Map.of()));
        // the primes on the event loops of a half-CPU container. Reactor Netty runs max(cpus, 4) = 4 loops; a count
        // below 1,000,000 is about 66 ms of a core, so each loop, with an eighth of a core, spends about 0.5 s on it.
        // The scrape, served by one of the loops, waits for the requests queued there before it: with 16 users that
        // is about 4 of them, some 2 s, past its 1 s timeout even when the JIT makes the count twice as fast. With
        // 8 users (2 per loop) the wait was near 1 s, and a quiet host answered every scrape in time. 16 users wait
        // about 2 s for a count (16 × 66 ms / 0.5): the 8 s timeout leaves them room.
        submit("event-loop", job("webflux", List.of(25), "cpu", Map.of("limit", 1_000_000, "onEventLoop", 1),
                List.of(16), Map.of("limits", Map.of("cpus", 0.5, "memoryMb", 512), "load", Map.of("levels", List.of(16),
                        "stepSeconds", 6, "warmupSeconds", 2, "requestTimeoutMs", 8000))));
        // the HTTP client on a platform-thread executor: one OS thread per request in flight (200 users at
        // 200 ms); 1 GB so that the default heap (256 MB) holds them all
        submit("hidden-threads", job("virtual", List.of(25), "io-http", Map.of("delayMs", 200, "clientExecutor", 1),
                List.of(200), Map.of("limits", Map.of("cpus", 1, "memoryMb", 1024))));
        // every request leaks its upstream connection: the descriptors climb to the 4096 limit at the app's pace,
        // which on a slow day (300-500 req/s, 2026-11-28) took more than the 6 s the other jobs measure
        submit("leak", job("platform", List.of(25), "io-http", Map.of("delayMs", 10, "leakConnections", 1),
                List.of(20), Map.of("load", Map.of("levels", List.of(20), "stepSeconds", 12, "warmupSeconds", 2,
                        "requestTimeoutMs", 4000))));
        submit("client-pool", job("webflux", List.of(25), "io-http",
                Map.of("delayMs", 200, "clientMaxConnections", 2, "clientPendingAcquireMax", 2), List.of(40), Map.of()));
        // five times the work at the first request, back to normal over 30 s: throughput climbs through the window.
        // A count below 100,000 keeps the rate at tens of requests per second even on a slow host: at 300,000 a slow
        // day served 12-20 req/s in steps of 4 (the users), too coarse for the trend test to tell a rise of half
        submit("warming", job("platform", List.of(25), "cpu", Map.of("limit", 100_000, "coldFactor", 5, "warmSeconds", 30),
                List.of(4), Map.of("load", Map.of("levels", List.of(4), "stepSeconds", 12, "warmupSeconds", 0,
                        "requestTimeoutMs", 4000))));
        submit("gc", job("virtual", List.of(25), "sleep", Map.of("sleepMs", 50, "garbageKb", 512), List.of(100),
                Map.of("jvmOptions", List.of("-Xmx32m"))));
        for (var job : JOBS.entrySet()) {
            platform.awaitEnd(job.getValue(), Duration.ofMinutes(20));
        }
    }

    private static void submit(String name, Map<String, Object> job) throws Exception {
        Map<String, Object> labelled = new LinkedHashMap<>(job);
        labelled.put("labels", Map.of("test", "findings-" + name));
        JOBS.put(name, platform.post("/api/v1/jobs", labelled, 201).get("id").asLong());
    }

    @AfterAll
    static void stop() {
        if (platform != null) {
            platform.close();
        }
    }

    /** A stored finding, as the tests read it. */
    record Found(long runId, int jdk, String code, String severity, Integer level, Instant at, String summary,
                 JsonNode evidence) {
    }

    /** Every finding of a job's runs, straight from the table (the API's view of them has its own tests). */
    private static List<Found> findings(String job) throws Exception {
        Map<String, String> db = platform.databaseEnvironment();
        List<Found> found = new ArrayList<>();
        try (var connection = DriverManager.getConnection(db.get("BENCH_DB_URL"), db.get("BENCH_DB_USER"),
                db.get("BENCH_DB_PASSWORD"));
             var statement = connection.prepareStatement("""
                     SELECT f.run_id, r.jdk, f.code, f.severity, f.level, f.at, f.summary, f.evidence::text
                       FROM run_findings f JOIN runs r ON r.id = f.run_id WHERE r.job_id = ? ORDER BY f.id""")) {
            statement.setLong(1, JOBS.get(job));
            try (var rs = statement.executeQuery()) {
                while (rs.next()) {
                    var at = rs.getObject(6, java.time.OffsetDateTime.class);
                    found.add(new Found(rs.getLong(1), rs.getInt(2), rs.getString(3), rs.getString(4),
                            (Integer) rs.getObject(5), at == null ? null : at.toInstant(), rs.getString(7),
                            JSON.readTree(rs.getString(8))));
                }
            }
        }
        return found;
    }

    private static Found one(String job, String code) throws Exception {
        List<Found> all = findings(job);
        return all.stream().filter(f -> f.code().equals(code)).findFirst()
                .orElseThrow(() -> new AssertionError("job " + job + " has no " + code + " finding; it has "
                        + all.stream().map(f -> f.code() + "@" + f.level() + ": " + f.summary()).toList()
                        + "\nits runs' seconds:\n" + secondsOf(job)));
    }

    /** The per-second columns a missing finding is computed from, so that a failure shows what was measured. */
    private static String secondsOf(String job) {
        StringBuilder out = new StringBuilder();
        try {
            for (JsonNode run : platform.get("/api/v1/jobs/" + JOBS.get(job) + "/runs").get("items")) {
                JsonNode series = platform.get("/api/v1/runs/" + run.get("id").asLong() + "/series");
                for (JsonNode level : series.get("levels")) {
                    for (String phase : List.of("warmup", "measured")) {
                        JsonNode window = level.get(phase);
                        if (window == null || window.isNull()) {
                            continue;
                        }
                        out.append("run ").append(run.get("id")).append(" level ").append(level.get("level"))
                                .append(' ').append(phase).append(" from ").append(window.get("start")).append('\n');
                        window.get("metrics").properties().forEach(column -> out.append("  ").append(column.getKey())
                                .append(' ').append(column.getValue()).append('\n'));
                    }
                }
            }
        } catch (Exception e) {
            out.append("(could not read them: ").append(e).append(')');
        }
        return out.toString();
    }

    private static List<String> codes(String job) throws Exception {
        return findings(job).stream().map(Found::code).toList();
    }

    @Test
    void aHealthyRunRaisesNoWarning() throws Exception {
        assertThat(platform.get("/api/v1/jobs/" + JOBS.get("healthy")).get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(findings("healthy")).as("findings of a healthy run").allMatch(f -> f.severity().equals("INFO"));
    }

    @Test
    void timeoutsBehindAPoolOfFourAreQueueing() throws Exception {
        Found queueing = one("queueing", "queueing-timeouts");
        assertThat(queueing.level()).isEqualTo(100);
        assertThat(queueing.evidence().get("capacityRps").asDouble()).isEqualTo(20.0);
        assertThat(queueing.evidence().get("predictedResponseSeconds").asDouble()).isEqualTo(5.0);
        assertThat(queueing.evidence().get("timeouts").asLong()).isPositive();
        assertThat(codes("queueing")).doesNotContain("request-errors", "stopped-answering");
        // the stock app's actuator has a port and threads of its own: the 96 requests waiting for the
        // 4 threads do not queue the scrape
        assertThat(codes("queueing")).doesNotContain("monitoring-starved");
    }

    @Test
    void aHeapFullOfRetainedRequestsIsAJavaOomOnASmallDefaultHeap() throws Exception {
        Found oom = one("oom", "java-oom");
        assertThat(oom.severity()).isEqualTo("CRITICAL");
        assertThat(oom.evidence().get("kind").asString()).isEqualTo("Java heap space");
        assertThat(oom.evidence().path("thread").asString("")).isNotBlank();
        assertThat(oom.at()).isNotNull();
        // the advice rests on what the JVM used besides its heap in this run: the container's peak less the heap
        Found heap = one("oom", "small-default-heap");
        long peakMb = heap.evidence().get("containerPeakMb").asLong();
        assertThat(peakMb).isGreaterThan(heap.evidence().get("maxHeapMb").asLong()).isLessThanOrEqualTo(512);
        assertThat(heap.evidence().get("besidesHeapMb").asLong())
                .isEqualTo(peakMb - heap.evidence().get("maxHeapMb").asLong());
    }

    @Test
    void aFrozenAppIsStoppedAnswering() throws Exception {
        Found stopped = one("freeze", "stopped-answering");
        assertThat(stopped.severity()).isEqualTo("CRITICAL");
        assertThat(stopped.level()).isEqualTo(20);
        assertThat(stopped.evidence().get("silentSeconds").asInt()).isGreaterThanOrEqualTo(3);
        assertThat(stopped.at()).isNotNull();
        // the sockets of the requests given up on wait in CLOSE_WAIT: their echo, not a leak
        assertThat(codes("freeze")).doesNotContain("close-wait-growth");
    }

    @Test
    void twoConnectionsCapThePoolAndTheJvmSeesMoreCpusThanItHas() throws Exception {
        Found pool = one("pool", "pool-exhausted");
        assertThat(pool.level()).isEqualTo(10);
        // from HikariCP's own metrics: a pool of 2, threads waiting for it, most of the latency spent waiting
        assertThat(pool.evidence().get("source").asString()).isEqualTo("HikariCP metrics");
        assertThat(pool.evidence().get("poolMax").asDouble()).isEqualTo(2.0);
        assertThat(pool.evidence().get("poolPendingMax").asDouble()).isGreaterThanOrEqualTo(1.0);
        assertThat(pool.evidence().get("waitShareOfLatency").asDouble()).isGreaterThan(0.1);
        // lock stacks, which cannot show virtual threads waiting for a connection, and say so
        assertThat(pool.evidence().at("/stacks/0/kind").asString()).isEqualTo("lock");
        assertThat(pool.evidence().at("/stacks/0/note").asString()).contains("a virtual thread that parks");
        Found cpus = one("pool", "jvm-cpu-mismatch");
        assertThat(cpus.level()).isNull();
        assertThat(cpus.evidence().get("jvmProcessors").asInt()).isEqualTo(2);
    }

    @Test
    void synchronizedPinsOnJdk21Only() throws Exception {
        List<Found> all = findings("pinning");
        Found pinning = one("pinning", "pinning");
        assertThat(pinning.jdk()).isEqualTo(21);
        assertThat(pinning.summary()).contains("pinned virtual threads", "dev.jvmbench.targetapp.scenario.");
        assertThat(pinning.evidence().get("events").asLong()).isPositive();
        // the pinned stacks carry it (docs/findings.md, "Stacks behind a finding")
        assertThat(pinning.evidence().at("/stacks/0/kind").asString()).isEqualTo("pinned");
        assertThat(pinning.evidence().at("/stacks/0/top/0/frame").asString()).startsWith("dev.jvmbench.targetapp.scenario.");
        assertThat(all).filteredOn(f -> f.jdk() == 25).extracting(Found::code).doesNotContain("pinning");
        // JDK 21 holds a carrier per request for the hold: 20 req/s per carrier. It may keep a carrier thread beyond
        // its one CPU's parallelism (a spare started for a carrier blocked in file I/O) and hand it work (38.4 req/s
        // by hand) or not, so the ceiling counts the carrier threads alive, an upper bound, and then holds
        assertThat(all).filteredOn(f -> f.jdk() == 21).extracting(Found::code)
                .contains("carrier-starvation").doesNotContain("ceiling-exceeded");
        Found starved = all.stream().filter(f -> f.jdk() == 21 && f.code().equals("carrier-starvation")).findFirst()
                .orElseThrow();
        assertThat(starved.evidence().get("carriers").asInt()).as("the parallelism on one CPU").isEqualTo(1);
        int carriers = Math.max(1, starved.evidence().get("carrierThreadsAtEnd").asInt());
        assertThat(carriers).as("carrier threads alive, evidence " + starved.evidence()).isBetween(1, 50);
        Map<Integer, double[]> points = points("pinning");
        double[] jdk21 = points.get(21);
        assertThat(jdk21[1]).as("JDK 21's ceiling: its carriers / 50 ms").isEqualTo(carriers / 0.05);
        assertThat(jdk21[0]).as("JDK 21's throughput within its carriers' ceiling").isLessThanOrEqualTo(1.05 * jdk21[1]);
        // JDK 25 unmounts (JEP 491): 50 users, each 50 ms, nothing held beyond the hold
        assertThat(points.get(25)[1]).isEqualTo(50 / 0.05);
        assertThat(points.get(25)[0]).as("JDK 25 beyond what the carriers allowed JDK 21").isGreaterThan(jdk21[1]);
    }

    /** Each JDK's throughput and modelled ceiling at a job's one level, as stored. */
    private static Map<Integer, double[]> points(String job) throws Exception {
        Map<String, String> db = platform.databaseEnvironment();
        Map<Integer, double[]> points = new LinkedHashMap<>();
        try (var connection = DriverManager.getConnection(db.get("BENCH_DB_URL"), db.get("BENCH_DB_USER"),
                db.get("BENCH_DB_PASSWORD"));
             var statement = connection.prepareStatement("""
                     SELECT r.jdk, p.throughput_rps, p.theoretical_ceiling_rps
                       FROM result_points p JOIN runs r ON r.id = p.run_id WHERE r.job_id = ? ORDER BY p.id""")) {
            statement.setLong(1, JOBS.get(job));
            try (var rs = statement.executeQuery()) {
                while (rs.next()) {
                    points.put(rs.getInt(1), new double[] {rs.getDouble(2), rs.getDouble(3)});
                }
            }
        }
        return points;
    }

    @Test
    void primesOnTheEventLoopThrottleAndStarveTheMonitoring() throws Exception {
        assertThat(codes("event-loop")).contains("cpu-throttled", "monitoring-starved", "event-loop-blocked");
        assertThat(one("event-loop", "cpu-throttled").evidence().get("throttledShare").asDouble()).isGreaterThan(0.25);
        // the primes, on Boot's webflux-http-epoll-N loops, carry most of the execution samples
        var loops = one("event-loop", "event-loop-blocked").evidence().at("/stacks/0");
        assertThat(loops.get("kind").asString()).isEqualTo("cpu");
        assertThat(loops.get("threads").asString()).isEqualTo("event-loop");
        assertThat(loops.get("selectedShare").asDouble()).isGreaterThan(0.5);
        assertThat(loops.at("/top/0/frame").asString()).startsWith("dev.jvmbench.targetapp.scenario.Primes.");
    }

    @Test
    void aClientWithoutAVirtualThreadExecutorGrowsPlatformThreads() throws Exception {
        Found hidden = one("hidden-threads", "hidden-platform-threads");
        assertThat(hidden.evidence().get("grown").asInt()).isGreaterThanOrEqualTo(20);
        // the JDK HttpClient's default executor, HttpClient-<id>-Worker-<n>, as the kernel keeps it
        assertThat(hidden.evidence().get("grownByName").properties().iterator().next().getKey())
                .as("the most grown name").isEqualTo("HttpClient-#-Wo");
        assertThat(hidden.summary()).contains("something starts platform threads per concurrent call");
    }

    @Test
    void leakedConnectionsPileUpInCloseWaitAndFillTheDescriptors() throws Exception {
        assertThat(one("leak", "close-wait-growth").evidence().get("closeWaitEnd").asInt()).isGreaterThanOrEqualTo(20);
        assertThat(one("leak", "fd-pressure").evidence().get("nofileLimit").asLong()).isEqualTo(4096);
    }

    @Test
    void aWebClientPoolOfTwoRefusesRequests() throws Exception {
        Found refused = one("client-pool", "client-pool-exhausted");
        assertThat(refused.summary()).contains("Pending acquire queue has reached its maximum size");
        assertThat(codes("client-pool")).doesNotContain("request-errors");
    }

    @Test
    void aJitWarmingUpMakesTheWindowNotSteady() throws Exception {
        Found notSteady = one("warming", "not-steady");
        assertThat(notSteady.evidence().get("drift").asDouble()).isGreaterThan(0.05);
        assertThat(notSteady.evidence().get("warmingUp").asBoolean()).isTrue();
    }

    @Test
    void allocationOnASmallHeapIsGcPressure() throws Exception {
        Found gc = one("gc", "gc-pressure");
        assertThat(gc.level()).isEqualTo(100);
        assertThat(gc.evidence().at("/stacks/0/kind").asString()).isEqualTo("alloc");
        assertThat(gc.evidence().at("/stacks/0").has("top") || gc.evidence().at("/stacks/0").has("missing")).isTrue();
    }

    /** Last: it restarts the worker with a threshold any generator passes, to see the finding the flag makes. */
    @Test
    @Order(Integer.MAX_VALUE)
    void aSaturatedGeneratorIsCritical() throws Exception {
        platform.restartWorker(dataDir, Platform.WORKER_ID, Map.of("bench.worker.generator-warmup", "2s",
                "bench.worker.saturation-cpu-share", "0.001"));
        submit("saturated", job("virtual", List.of(25), "io-http", Map.of("delayMs", 50), List.of(20), Map.of()));
        platform.awaitEnd(JOBS.get("saturated"), Duration.ofMinutes(5));

        Found saturated = one("saturated", "loadgen-saturated");
        assertThat(saturated.severity()).isEqualTo("CRITICAL");
        assertThat(saturated.evidence().get("loadgenCpuPercent").asDouble()).isPositive();
    }
}
