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
 * Paired baselines on real containers (issue 20, docs/statistics.md "Paired baselines"), on the
 * CPU-bound scenario: a baseline measured on a quiet host; then, with as many busy loops as the host
 * has cores running beside every later run, a candidate identical to the baseline and one that does
 * about 20 % more CPU work per request (primes below 345,000 instead of 300,000 by trial division:
 * (345/300)^1.5 x ln 300,000 / ln 345,000 = 1.22). Both are paired by default (stock apps), so the
 * baseline's cell is measured again beside each of their runs, under the same neighbour. The
 * identical candidate is not called regressed; the slower one's pair ratios carry its change.
 * Stored comparisons of the same runs would blame the neighbour on the app
 * (ConfirmationEndToEndTest provokes exactly that).
 *
 * <p>Why 20 % and not 10 %: with 2 pairs (and 2 to confirm), as CI can afford, the ratio's interval
 * under this neighbour is about ±5-8 % wide; a 10 % change was flagged by the planned pairs and then
 * not confirmed by the fresh ones on the development host (a pooled ratio of 0.977 [0.925, 1.038]
 * over 4 pairs, with other builds beside the test). What a number of pairs
 * can resolve on a host is what `./bench calibrate --scenario cpu --neighbour` measures
 * (docs/statistics.md, "Calibration"), and the size of effect this test asserts sits well above it.
 *
 * <p>Tagged {@code noisy-neighbour}, out of the default run: it passed in the clean-clone run of
 * 2026-11-27 (identical x0.976, 20 % more work x0.827, regressed and confirmed) and failed on the next
 * try on the same host (the identical candidate regressed and confirmed at x0.937 over 4 pairs, the
 * 20 % one read x0.958): a busy loop on the app's own core decides the throughput of this scenario
 * more than its work does, and by how much changes from run to run. Pairs alone do not make that a
 * test to gate every landing on; more pairs until decided (issue 20, item 3) may.
 */
@org.junit.jupiter.api.Tag("noisy-neighbour")
class PairedBaselineEndToEndTest {

    private static final String HOG_LABEL = "dev.jvmbench.test=paired-hog-" + ProcessHandle.current().pid();
    private static final Map<String, String> BASELINE_LABELS =
            Map.of("test", "paired-baseline-" + ProcessHandle.current().pid());
    private static final int LIMIT = 300_000;

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
        job.put("load", Map.of("levels", List.of(2), "stepSeconds", 6, "warmupSeconds", 4, "requestTimeoutMs", 5000));
        job.put("limits", Map.of("cpus", 1.0, "memoryMb", 512));
        job.put("repetitions", 2);
        job.putAll(more);
        return job;
    }

    /** A candidate of the baseline, paired by default; a window the neighbour disturbed is judged too. */
    private static Map<String, Object> candidate(int limit, String name) {
        return job(limit, Map.of("labels", Map.of("test", "paired-" + name),
                "baseline", Map.of("labels", BASELINE_LABELS),
                "gate", Map.of("includeNotSteady", true, "confirm", Map.of("extraRepetitions", 2))));
    }

    @BeforeAll
    static void runEveryJob() throws Exception {
        platform = Platform.start(dataDir, List.of(Platform.WORKER_ID), Map.of("bench.worker.generator-warmup", "2s"));
        try {
            long baseline = platform.post("/api/v1/jobs", job(LIMIT, Map.of("labels", BASELINE_LABELS)), 201)
                    .get("id").asLong();
            assertThat(platform.awaitEnd(baseline, Duration.ofMinutes(4)).get("status").asString()).isEqualTo("SUCCEEDED");

            startHog();
            long same = platform.post("/api/v1/jobs", candidate(LIMIT, "identical"), 201).get("id").asLong();
            identical = platform.awaitEnd(same, Duration.ofMinutes(6));
            long more = platform.post("/api/v1/jobs", candidate(345_000, "slower"), 201).get("id").asLong();
            slower = platform.awaitEnd(more, Duration.ofMinutes(6));
            identicalComparison = platform.get(identical.at("/baseline/comparison").asString());
            slowerComparison = platform.get(slower.at("/baseline/comparison").asString());
            System.out.printf("identical: %s%n  %s%nslower: %s%n  %s%n", identical.get("baseline"),
                    throughputRow(identicalComparison), slower.get("baseline"), throughputRow(slowerComparison));
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

    /** As many busy shell loops as the host has cores, gone by themselves after 15 min. */
    private static void startHog() throws Exception {
        BusyLoops.start(HOG_LABEL, Runtime.getRuntime().availableProcessors(), 900);
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

    /**
     * The ratio within pairs carries the change under the neighbour: the median of the pair ratios
     * (planned pairs, and the confirmation's when the planned ones flagged it) is well below 1. Whether
     * the gate's verdict is confirmed depends on how many pairs the neighbour leaves steady: with 2 to
     * confirm, one disturbed pair (another tenant's burst) is enough to leave it not confirmed, which
     * is the confirmation doing its job, so the verdict is printed, not asserted; ConfirmationFlowTest
     * and PairedBaselineApiTest check the decision itself on seeded pairs.
     */
    @Test
    void twentyPercentMoreCpuWorkBesideTheSameNeighbourShowsInThePairs() {
        JsonNode row = throughputRow(slowerComparison);
        assertThat(row.get("ratio").asDouble()).as("about 20 %% more work per request: %s", row).isBetween(0.6, 0.95);
        assertThat(row.get("pairs").asInt()).isGreaterThanOrEqualTo(2);
    }
}
