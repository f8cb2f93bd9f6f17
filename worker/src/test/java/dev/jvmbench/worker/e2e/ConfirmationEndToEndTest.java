package dev.jvmbench.worker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Confirmation before alerting on real containers (docs/statistics.md): against one io-http
 * baseline, a candidate with a really longer upstream delay is flagged, re-run and stays
 * {@code confirmed}; a candidate identical to the baseline whose planned runs shared the host with a
 * CPU hog is flagged (a provoked false alarm), and its extra runs, measured after the hog is gone,
 * make it {@code not-confirmed}. About 4 minutes on 2 cores.
 */
class ConfirmationEndToEndTest {

    /** Our own label on the hog, so cleanup removes our container and nobody else's. */
    private static final String HOG_LABEL = "dev.jvmbench.test=confirmation-hog-" + ProcessHandle.current().pid();
    private static final Map<String, String> BASELINE_LABELS =
            Map.of("test", "confirmation-baseline-" + ProcessHandle.current().pid());

    @TempDir
    static Path dataDir;
    private static Platform platform;
    private static JsonNode regressed;
    private static JsonNode falseAlarm;
    private static Set<String> regressedStatuses;
    private static Set<String> falseAlarmStatuses;

    private static Map<String, Object> job(int delayMs, Map<String, Object> more) {
        Map<String, Object> job = new LinkedHashMap<>();
        job.put("threadModels", List.of("platform"));
        job.put("jdks", List.of(25));
        job.put("scenario", Map.of("name", "io-http", "params", Map.of("delayMs", delayMs)));
        job.put("load", Map.of("levels", List.of(20), "stepSeconds", 8, "warmupSeconds", 3, "requestTimeoutMs", 4000));
        job.put("limits", Map.of("cpus", 1.0, "memoryMb", 512));
        job.put("repetitions", 2);
        job.putAll(more);
        return job;
    }

    /**
     * A candidate of the baseline: 2 extra runs when flagged; a hogged window is judged too, not left
     * out. Against the baseline's stored runs: this is the stored mode's confirmation (paired baselines
     * re-measure both sides: PairedBaselineEndToEndTest).
     *
     * <p>The gate judges throughput alone, at 10 %: a closed loop of 20 users against a 50 ms upstream
     * is held near 20 / 0.05 = 400 req/s by the delay, so without the hog two runs at different times
     * agree within a few percent, while the 65 ms upstream moves it to about x0.77 and the hog to about
     * x0.8. The p95 of two 8-second windows whose JIT is still compiling is not held by anything: on this
     * host it moved by more than 5 % between undisturbed runs (stored-mode calibration, docs/statistics.md),
     * so a gate on it at 5 % tested the host, not the confirmation (it failed a CI run that way).
     */
    private static Map<String, Object> candidate(int delayMs, String name) {
        return job(delayMs, Map.of("labels", Map.of("test", "confirmation-" + name),
                "baseline", Map.of("labels", BASELINE_LABELS, "mode", "stored"),
                "gate", Map.of("metrics", List.of("throughputRps"), "thresholdPercent", 10,
                        "includeNotSteady", true, "confirm", Map.of("extraRepetitions", 2))));
    }

    @BeforeAll
    static void runEveryJob() throws Exception {
        platform = Platform.start(dataDir, List.of(Platform.WORKER_ID), Map.of("bench.worker.generator-warmup", "2s"));
        try {
            long baseline = platform.post("/api/v1/jobs", job(50, Map.of("labels", BASELINE_LABELS)), 201).get("id").asLong();
            assertThat(platform.awaitEnd(baseline, Duration.ofMinutes(4)).get("status").asString()).isEqualTo("SUCCEEDED");

            // a real regression: the upstream answers 30 % later, in the planned runs and the extra ones
            long slower = platform.post("/api/v1/jobs", candidate(65, "regressed"), 201).get("id").asLong();
            regressedStatuses = new LinkedHashSet<>();
            regressed = follow(slower, regressedStatuses, () -> { });

            // a false alarm: the same job as the baseline, its planned runs next to a CPU hog that is
            // gone (removed as soon as the job is CONFIRMING) before the extra runs start
            String hog = startHog();
            long disturbed = platform.post("/api/v1/jobs", candidate(50, "false-alarm"), 201).get("id").asLong();
            falseAlarmStatuses = new LinkedHashSet<>();
            falseAlarm = follow(disturbed, falseAlarmStatuses, () -> BusyLoops.remove(hog));
        } finally {
            BusyLoops.removeAll(HOG_LABEL);
        }
    }

    /**
     * Polls the job until it ends, recording every status it passed through; {@code onConfirming}
     * runs once, as soon as the job is seen CONFIRMING (its planned runs over, extra ones not yet begun).
     */
    private static JsonNode follow(long jobId, Set<String> statuses, Runnable onConfirming) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(5));
        boolean confirming = false;
        while (Instant.now().isBefore(deadline)) {
            JsonNode job = platform.get("/api/v1/jobs/" + jobId);
            String status = job.get("status").asString();
            statuses.add(status);
            if (!confirming && !List.of("QUEUED", "RUNNING").contains(status)) {
                confirming = true;
                onConfirming.run();
            }
            if (List.of("SUCCEEDED", "FAILED", "CANCELLED").contains(status)) {
                System.out.printf("job %d (%s): %s%n%s%n", jobId, statuses, job.get("baseline"),
                        platform.getText("/api/v1/jobs/" + jobId + "/summary.md"));
                return job;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("job " + jobId + " did not end within 5 minutes: " + platform.get("/api/v1/jobs/" + jobId));
    }

    /**
     * Three busy shell loops per core of this host (six on the 2 cores the test was tuned on), so
     * the app competes for its CPU on any host; host networking, no limits, our label, gone by
     * itself after 4 minutes even if nobody removes it.
     */
    private static String startHog() throws Exception {
        return BusyLoops.start(HOG_LABEL, 3 * Runtime.getRuntime().availableProcessors(), 240);
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
    void aRealRegressionIsConfirmedByTheExtraRuns() {
        assertThat(regressed.get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(regressedStatuses).contains("CONFIRMING");
        assertThat(regressed.at("/baseline/initialVerdict").asString()).isEqualTo("regressed");
        assertThat(regressed.at("/baseline/confirmation").asString()).isEqualTo("confirmed");
        assertThat(regressed.at("/baseline/verdict").asString()).isEqualTo("regressed");
        assertThat(regressed.at("/baseline/confirmations")).allSatisfy(cell ->
                assertThat(cell.get("state").asString()).isEqualTo("confirmed"));
    }

    @Test
    void aFalseAlarmIsNotConfirmedByTheExtraRuns() {
        assertThat(falseAlarm.get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(falseAlarmStatuses).contains("CONFIRMING");
        assertThat(falseAlarm.at("/baseline/initialVerdict").asString()).as("the hog provoked a flag").isEqualTo("regressed");
        assertThat(falseAlarm.at("/baseline/confirmation").asString()).isEqualTo("not-confirmed");
        assertThat(falseAlarm.at("/baseline/verdict").asString()).isNotEqualTo("regressed");
        assertThat(falseAlarm.at("/baseline/confirmations")).allSatisfy(cell ->
                assertThat(cell.get("state").asString()).isEqualTo("not-confirmed"));
    }
}
