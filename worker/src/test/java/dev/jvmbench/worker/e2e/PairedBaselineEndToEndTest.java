package dev.jvmbench.worker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Paired baselines on shielded cores, on real containers (issue 20, docs/statistics.md "Paired
 * baselines", docs/metrics.md "Shielded cores"), on the CPU-bound scenario: a baseline measured on a
 * quiet host; then, with as many busy loops as the host has cores running beside every later run, a
 * candidate identical to the baseline and one that does more CPU work per request: primes below
 * 1,055,000 instead of 1,000,000 by trial division. The counting is nearly all of a request's CPU at
 * this limit (about 57 ms a request on the development host, 17.4 req/s at 2 users on one core), and
 * the textbook limit^1.5 / ln(limit) says +7.8 %. Measured on shielded cores beside the loops:
 * 1,055,000 read x1.057 CPU per request and x0.942 [0.894, 0.976] throughput over 4 pairs, regressed
 * and confirmed; 1,100,000 (the formula's +14.6 %) read x1.184 and x0.841. So the candidate is a 6-10 %
 * change, against the gate's 5 % threshold. (300,000 against 320,000, where the request's fixed part
 * weighs more, moved it by 3 %.)
 * Both are paired by default (stock apps), so the baseline's cell is measured again beside each of
 * their runs, under the same neighbour; and the worker shields the app's core
 * ({@code bench.worker.shield-cores}), so the busy loops share the other core with the load generator
 * and the upstreams but not the app's. The identical candidate is not called regressed; the slower one
 * is regressed, and confirmed by fresh pairs.
 *
 * <p>Without the shield this test was too unsteady for any gate: a busy loop on the app's own core
 * decided the throughput of this scenario more than its work did (the identical candidate once regressed
 * and confirmed at x0.937 over 4 pairs while a 20 % change read x0.958). Pairs cancel what both sides of
 * a pair meet; the shield keeps away what would reach one side more than the other.
 *
 * <p>Tagged {@code noisy-neighbour}, out of the default run for the test budget (about 8 minutes);
 * run it with {@code -Dworker.test.excludedGroups=kubernetes -Dgroups=noisy-neighbour}.
 */
@org.junit.jupiter.api.Tag("noisy-neighbour")
class PairedBaselineEndToEndTest {

    private static final String HOG_LABEL = "dev.jvmbench.test=paired-hog-" + ProcessHandle.current().pid();
    private static final Map<String, String> BASELINE_LABELS =
            Map.of("test", "paired-baseline-" + ProcessHandle.current().pid());
    private static final int LIMIT = 1_000_000;

    @TempDir
    static Path dataDir;
    private static Platform platform;
    private static JsonNode identical;
    private static JsonNode slower;
    private static JsonNode identicalComparison;
    private static JsonNode slowerComparison;

    private static Map<String, Object> job(int limit, Map<String, Object> more) {
        Map<String, Object> job = new LinkedHashMap<>();
        job.put("threadModels", List.of("platform"));
        job.put("jdks", List.of(25));
        job.put("scenario", Map.of("name", "cpu", "params", Map.of("limit", limit)));
        // 30 s before the window: this app's JIT still compiles at 40 s (4-8 % of its CPU, the adaptive
        // warm-up's reading), but the hot loop is compiled long before, and CI's time is counted
        job.put("load", Map.of("levels", List.of(2), "stepSeconds", 10, "warmupSeconds", 30, "requestTimeoutMs", 5000));
        job.put("limits", Map.of("cpus", 1.0, "memoryMb", 512));
        job.put("repetitions", 2);
        job.putAll(more);
        return job;
    }

    /** A candidate of the baseline, paired by default; a window the neighbour disturbed is judged too. */
    private static Map<String, Object> candidate(int limit, String name) {
        return job(limit, Map.of("labels", Map.of("test", "paired-" + name),
                "baseline", Map.of("labels", BASELINE_LABELS),
                // throughput alone: at a closed level of 2 users latency is its reciprocal plus the tail's noise
                "gate", Map.of("metrics", List.of("throughputRps"), "includeNotSteady", true, "maxPairs", 4,
                        "confirm", Map.of("extraRepetitions", 2))));
    }

    @BeforeAll
    static void runEveryJob() throws Exception {
        platform = Platform.start(dataDir, List.of(Platform.WORKER_ID),
                Map.of("bench.worker.generator-warmup", "2s", "bench.worker.shield-cores", "true"));
        try {
            long baseline = platform.post("/api/v1/jobs", job(LIMIT, Map.of("labels", BASELINE_LABELS)), 201)
                    .get("id").asLong();
            assertThat(platform.awaitEnd(baseline, Duration.ofMinutes(4)).get("status").asString()).isEqualTo("SUCCEEDED");

            startHog();
            long same = platform.post("/api/v1/jobs", candidate(LIMIT, "identical"), 201).get("id").asLong();
            identical = platform.awaitEnd(same, Duration.ofMinutes(10));
            long more = platform.post("/api/v1/jobs", candidate(1_055_000, "slower"), 201).get("id").asLong();
            slower = platform.awaitEnd(more, Duration.ofMinutes(10));
            identicalComparison = platform.get(identical.at("/baseline/comparison").asString());
            slowerComparison = platform.get(slower.at("/baseline/comparison").asString());
            System.out.printf("identical: %s%n  %s%nslower: %s%n  %s%n", identical.get("baseline"),
                    throughputRow(identicalComparison), slower.get("baseline"), throughputRow(slowerComparison));
            for (long id : List.of(same, more)) {
                System.out.println("--- job " + id + " summary.md\n" + platform.getText("/api/v1/jobs/" + id + "/summary.md"));
            }
        } finally {
            BusyLoops.removeAll(HOG_LABEL);
        }
    }

    private static JsonNode throughputRow(JsonNode comparison) {
        for (JsonNode row : comparison.at("/comparisons/0/metrics")) {
            if (row.get("metric").asString().equals("throughputRps")) {
                return row;
            }
        }
        throw new AssertionError("no throughput row in " + comparison);
    }

    /** As many busy shell loops as the host has cores, gone by themselves after 40 min. */
    private static void startHog() throws Exception {
        BusyLoops.start(HOG_LABEL, Runtime.getRuntime().availableProcessors(), 2400);
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            BusyLoops.removeAll(HOG_LABEL);
        } finally {
            if (platform != null) {
                platform.close();
            }
        }
    }

    @Test
    void bothCandidatesMeasuredTheBaselineAgainInPairs() throws Exception {
        for (JsonNode job : List.of(identical, slower)) {
            assertThat(job.get("status").asString()).isEqualTo("SUCCEEDED");
            assertThat(job.at("/spec/baseline/mode").asString()).isEqualTo("paired");
        }
        assertThat(identicalComparison.get("baselineMode").asString()).isEqualTo("paired");
        assertThat(throughputRow(identicalComparison).get("pairs").asInt()).isGreaterThanOrEqualTo(2);
        JsonNode runs = platform.get("/api/v1/jobs/" + identical.get("id").asLong() + "/runs").get("items");
        assertThat(runs).extracting(r -> r.get("side").asString()).contains("job", "baseline");
        assertThat(runs).allSatisfy(r -> assertThat(r.get("status").asString()).isEqualTo("SUCCEEDED"));
        // the fresh baseline runs are the candidate's: the baseline job keeps its own two
        long baselineJob = identical.at("/baseline/jobId").asLong();
        assertThat(platform.get("/api/v1/jobs/" + baselineJob + "/runs").get("items")).hasSize(2);
    }

    @Test
    void anIdenticalCandidateBesideANoisyNeighbourIsNotRegressed() {
        assertThat(identical.at("/baseline/verdict").asString()).isNotEqualTo("regressed");
        assertThat(identical.at("/baseline/regressions").asInt()).isZero();
    }

    /** 6-10 % more CPU work per request beside the same neighbour: regressed in pairs, and confirmed. */
    @Test
    void moreCpuWorkBesideTheSameNeighbourIsRegressedAndConfirmed() {
        JsonNode row = throughputRow(slowerComparison);
        assertThat(row.get("ratio").asDouble()).as("6-10 %% more work per request: %s", row).isBetween(0.8, 0.96);
        assertThat(row.get("pairs").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(slower.at("/baseline/verdict").asString()).as(slower.get("baseline").toString()).isEqualTo("regressed");
        assertThat(slower.at("/baseline/confirmation").asString()).as(slower.get("baseline").toString())
                .isEqualTo("confirmed");
    }

    /** Every run of both candidates had its app's core to itself: the placement says what the shield did. */
    @Test
    void theAppsCoreWasShieldedFromTheNeighbour() throws Exception {
        for (JsonNode job : List.of(identical, slower)) {
            JsonNode runs = platform.get("/api/v1/jobs/" + job.get("id").asLong() + "/runs").get("items");
            assertThat(runs).allSatisfy(r -> assertThat(r.get("placement").asString())
                    .matches("app on core \\d+; load generator and upstreams on core .*; core \\d+ shielded: \\d+ other "
                            + "process(es)? kept off it.*"));
        }
    }
}
