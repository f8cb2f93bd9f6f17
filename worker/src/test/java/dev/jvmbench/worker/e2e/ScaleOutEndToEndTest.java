package dev.jvmbench.worker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngines;
import dev.jvmbench.worker.container.ContainerEngineProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Scale-out: two workers (two worker contexts with distinct ids, as two hosts would run them)
 * share one queue in one PostgreSQL. A job of 4 short runs: each run is claimed and executed
 * exactly once, both workers take runs, the job succeeds. Then the platform's own metrics of
 * the api and of both workers tell the same story. No timing is asserted: the two runs that
 * overlap on this machine only make it slower.
 */
class ScaleOutEndToEndTest {

    /** Unique per test JVM, so containers are told from those of the same test in another build on this engine. */
    private static final List<String> WORKERS = List.of("scale-worker-a-" + ProcessHandle.current().pid(),
            "scale-worker-b-" + ProcessHandle.current().pid());
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*})? (\\S+)", Pattern.MULTILINE);
    @TempDir
    static Path dataDir;
    static Platform platform;
    static ContainerEngine engine;

    @BeforeAll
    static void start() throws Exception {
        engine = ContainerEngines.docker(ContainerEngineProperties.defaults());
        engine.ping();
        platform = Platform.start(dataDir, WORKERS);
    }

    @AfterAll
    static void stop() {
        if (platform != null) {
            platform.close();
        }
        if (engine != null) {
            for (String worker : WORKERS) {
                assertThat(engine.findManaged(Map.of("bench.worker", worker))).as("containers left by " + worker).isEmpty();
            }
            engine.close();
        }
    }

    @Test
    void twoWorkersShareTheQueueAndEachRunExecutesExactlyOnce() throws Exception {
        // 4 runs of one short level each: the minimum the spec allows (no warm-up, 2 s measured).
        JsonNode job = platform.post("/api/v1/jobs", Map.of(
                "threadModels", List.of("platform", "virtual"),
                "jdks", List.of(25),
                "scenario", Map.of("name", "sleep", "params", Map.of("sleepMs", 20)),
                "load", Map.of("levels", List.of(4), "stepSeconds", 2, "warmupSeconds", 0),
                "limits", Map.of("cpus", 1, "memoryMb", 512),
                "repetitions", 2,
                "labels", Map.of("test", "scale-out")), 201);
        long jobId = job.get("id").asLong();
        // Two runs overlap on a 2-core machine shared with other builds: generous.
        JsonNode ended = platform.awaitEnd(jobId, Duration.ofMinutes(12));

        JsonNode runs = platform.get("/api/v1/jobs/" + jobId + "/runs").get("items");
        System.out.println("scale-out job " + jobId + " ended " + ended.get("status").asString() + "; runs:");
        Map<String, List<Long>> byWorker = new TreeMap<>();
        Set<Long> runIds = new HashSet<>();
        for (JsonNode run : runs) {
            long runId = run.get("id").asLong();
            String worker = run.get("workerId").asString();
            JsonNode points = platform.get("/api/v1/runs/" + runId + "/points").get("items");
            System.out.printf("  run %d (seq %d, %s, repetition %d): worker %s, attempt %d, %s, %d point(s)%n",
                    runId, run.get("seq").asInt(), run.get("threadModel").asString(), run.get("repetition").asInt(),
                    worker, run.get("attempt").asInt(), run.get("status").asString(), points.size());
            runIds.add(runId);
            byWorker.computeIfAbsent(worker, w -> new ArrayList<>()).add(runId);
            assertThat(run.get("status").asString()).as("run %d: %s", runId, run).isEqualTo("SUCCEEDED");
            assertThat(run.get("attempt").asInt()).as("run %d was claimed once", runId).isEqualTo(1);
            assertThat(points).as("one point for the one level of run %d", runId).hasSize(1);
            assertThat(points.get(0).get("level").asInt()).isEqualTo(4);
        }
        theCellsDistributionsAreTheirRunsHistogramsMerged(jobId, runs);
        System.out.println("  runs by worker: " + byWorker);
        assertThat(ended.get("status").asString()).as(ended.toString()).isEqualTo("SUCCEEDED");
        assertThat(runIds).hasSize(4);
        assertThat(byWorker.keySet()).as("both workers took runs").containsExactlyInAnyOrderElementsOf(WORKERS);

        // The workers' own counts: 4 claims in all (no run claimed twice), and each ran its share.
        double claims = 0;
        for (String worker : WORKERS) {
            Map<String, Double> m = samples(platform.workerMetrics(worker));
            int ran = byWorker.get(worker).size();
            System.out.println("  " + worker + " metrics:");
            m.entrySet().stream().filter(e -> e.getKey().startsWith("jvmbench_"))
                    .forEach(e -> System.out.println("    " + e.getKey() + " " + e.getValue()));
            claims += m.get("jvmbench_worker_runs_claimed_total");
            assertThat(m.get("jvmbench_worker_runs_claimed_total")).isEqualTo(ran);
            assertThat(m.get("jvmbench_worker_run_duration_seconds_count{outcome=\"succeeded\"}")).isEqualTo(ran);
            assertThat(m.get("jvmbench_worker_run_duration_seconds_sum{outcome=\"succeeded\"}")).isPositive();
            assertThat(m.get("jvmbench_worker_step_duration_seconds_count{step=\"load\"}")).isEqualTo(ran);
            assertThat(m.get("jvmbench_worker_step_duration_seconds_count{step=\"teardown\"}")).isEqualTo(ran);
            for (String step : List.of("resolve-image", "start-upstreams", "start-app", "verify", "warm-up", "collect")) {
                assertThat(m.get("jvmbench_worker_step_duration_seconds_count{step=\"" + step + "\"}")).as(step).isEqualTo(ran);
            }
            for (String kind : List.of("app", "loadgen")) {
                assertThat(m.get("jvmbench_worker_containers_started_total{kind=\"" + kind + "\"}")).as(kind).isEqualTo(ran);
                assertThat(m.get("jvmbench_worker_containers_removed_total{kind=\"" + kind + "\"}")).as(kind).isEqualTo(ran);
            }
            assertThat(m.get("jvmbench_worker_containers_started_total{kind=\"upstream\"}")).as("sleep needs none").isZero();
            assertThat(m.keySet()).noneMatch(k -> k.startsWith("jvmbench_worker_run_failures_total"));
            assertThat(exportedNames(m)).containsAll(documentedMetrics("worker").stream()
                    .filter(name -> !name.equals("jvmbench_worker_run_failures_total")).toList());
        }
        assertThat(claims).as("claims over both workers = runs").isEqualTo(4);

        // The api's gauges come from a snapshot at most 5 s old: wait for one taken after the end.
        Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            Map<String, Double> api = samples(platform.apiMetrics());
            assertThat(api.get("jvmbench_jobs{status=\"SUCCEEDED\"}")).isEqualTo(1.0);
            assertThat(api.get("jvmbench_jobs{status=\"RUNNING\"}")).isZero();
            assertThat(api.get("jvmbench_queue_runs")).isZero();
            assertThat(api.get("jvmbench_queue_oldest_age_seconds")).isZero();
            assertThat(api.get("jvmbench_jobs_submitted_total")).isEqualTo(1.0);
        });
    }

    /** Names in the "Platform metrics" table of docs/metrics.md whose side column is the given one. */
    static Set<String> documentedMetrics(String side) throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "metrics.md"));
        String section = doc.substring(doc.indexOf("# Platform metrics"));
        Matcher row = Pattern.compile("^\\| `(jvmbench_[a-z_]+)` \\| (\\w+) \\|", Pattern.MULTILINE).matcher(section);
        Set<String> names = new TreeSet<>();
        while (row.find()) {
            if (row.group(2).equals(side)) {
                names.add(row.group(1));
            }
        }
        assertThat(names).as("documented %s metrics", side).isNotEmpty();
        return names;
    }

    /** Metric names as documented: a timer's _count/_sum/_max samples under its base name. */
    private static Set<String> exportedNames(Map<String, Double> samples) {
        Set<String> names = new TreeSet<>();
        for (String key : samples.keySet()) {
            String name = key.replaceAll("\\{.*", "");
            names.add(name);
            names.add(name.replaceAll("_(count|sum|max)$", ""));
        }
        return names;
    }

    /** Sample name with its labels (as printed) to value; comments skipped. */
    static Map<String, Double> samples(String text) {
        Map<String, Double> samples = new TreeMap<>();
        Matcher m = SAMPLE.matcher(text);
        while (m.find()) {
            samples.put(m.group(1) + (m.group(2) == null ? "" : m.group(2)), Double.parseDouble(m.group(3)));
        }
        return samples;
    }

    /**
     * GET /jobs/{id}/distributions on real runs: each cell's two repetitions (run by two workers)
     * merged into one distribution whose count is theirs together and whose tail lies between theirs.
     */
    private void theCellsDistributionsAreTheirRunsHistogramsMerged(long jobId, JsonNode runs) throws Exception {
        Map<Long, Long> requestsByRun = new java.util.HashMap<>();
        for (JsonNode run : runs) {
            long runId = run.get("id").asLong();
            requestsByRun.put(runId, platform.get("/api/v1/runs/" + runId + "/points").at("/items/0/requests").asLong());
        }
        JsonNode distributions = platform.get("/api/v1/jobs/" + jobId + "/distributions");
        assertThat(distributions.get("cells")).hasSize(2);
        for (JsonNode cell : distributions.get("cells")) {
            JsonNode level = cell.at("/levels/0");
            System.out.println("  distribution " + cell.get("threadModel").asString() + " at " + level.get("level").asInt()
                    + ": " + level.get("percentiles") + "; runs " + level.get("repetitions"));
            assertThat(level.get("runs").asInt()).isEqualTo(2);
            assertThat(level.get("runsMerged").asInt()).as("both runs stored a histogram").isEqualTo(2);
            long count = 0;
            long requests = 0;
            double lowestTail = Double.MAX_VALUE;
            double highestTail = 0;
            for (JsonNode repetition : level.get("repetitions")) {
                count += repetition.get("count").asLong();
                requests += requestsByRun.get(repetition.get("runId").asLong());
                lowestTail = Math.min(lowestTail, repetition.get("p999Ms").asDouble());
                highestTail = Math.max(highestTail, repetition.get("p999Ms").asDouble());
            }
            assertThat(level.get("count").asLong()).as("the merged count is the runs' together").isEqualTo(count);
            assertThat(count).as("every finished request is in a histogram").isBetween(requests * 9 / 10, requests);
            for (JsonNode percentile : level.get("percentiles")) {
                assertThat(percentile.get("low").asDouble()).isLessThanOrEqualTo(percentile.get("latencyMs").asDouble());
                assertThat(percentile.get("high").asDouble()).isGreaterThanOrEqualTo(percentile.get("latencyMs").asDouble());
                if (percentile.get("percentile").asDouble() == 99.9) {
                    assertThat(percentile.get("latencyMs").asDouble()).as("merged p99.9 between the runs' own")
                            .isBetween(lowestTail, highestTail);
                }
                if (percentile.get("percentile").asDouble() == 50) {
                    // sleepMs 20: no request is answered sooner, and 4 users on 1 CPU hardly queue
                    assertThat(percentile.get("latencyMs").asDouble()).isBetween(20.0, 200.0);
                }
            }
        }
    }
}
