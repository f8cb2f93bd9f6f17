package dev.jvmbench.api.report;

import static dev.jvmbench.api.support.ApiClient.map;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.profile.ProfileKind;
import dev.jvmbench.common.store.ProfileRow;
import dev.jvmbench.common.store.RunProfiles;
import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.series.SeriesPhase;
import dev.jvmbench.common.store.PointSeriesStore;
import dev.jvmbench.common.store.RunFindings;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Finished jobs as a worker would leave them: submitted through the api, results written into
 * PostgreSQL. Two cells (JDK 25 x platform, virtual), three levels, four repetitions, an SLO of
 * p95 <= 300 ms. Within a job virtual threads give lower p95 latency and CPU per request but a
 * bigger heap, so the thread-model comparison holds improvements and regressions. Flags:
 * scrapes failed (platform at 20 users), pinning seen (virtual at 80 and 200), load generator
 * saturated (virtual at 200).
 */
final class ReportJobs {

    static final List<Integer> LEVELS = List.of(20, 80, 200);
    static final int REPETITIONS = 4;
    static final String OOM = "app container OOMKilled (exit 137)";

    private ReportJobs() {
    }

    static Map<String, Object> body() {
        Map<String, Object> body = JobBodies.valid();
        body.put("jdks", new ArrayList<>(List.of(25)));
        body.put("threadModels", new ArrayList<>(List.of("platform", "virtual")));
        body.put("repetitions", REPETITIONS);
        JobBodies.child(body, "load").put("levels", new ArrayList<>(LEVELS));
        body.put("slo", map("latencyP95Ms", 300.0, "errorRatePercent", 1.0));
        return body;
    }

    /** Every run succeeded. */
    static long finished(ApiClient api, JdbcClient jdbc) {
        return finished(api, jdbc, body -> { });
    }

    /** Every run succeeded, the job's body changed by {@code edit} first (e.g. more labels). */
    static long finished(ApiClient api, JdbcClient jdbc, Consumer<Map<String, Object>> edit) {
        Map<String, Object> body = body();
        edit.accept(body);
        long jobId = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).complete(jobId, LEVELS, (jdk, model, repetition, level) -> values(model, repetition, level, 1.0));
        return jobId;
    }

    /**
     * Judged against {@code baselineJobId}: virtual threads lose 20% of their throughput there (a
     * regression against the baseline), the memory peak grows by 2% everywhere (a real change
     * within the 5% tolerance), and the platform cell's last run died of an OOM kill.
     */
    static long regressedAgainst(ApiClient api, JdbcClient jdbc, long baselineJobId) {
        return regressedAgainst(api, jdbc, baselineJobId, body -> { });
    }

    /** The same, the job's body changed by {@code edit} first. */
    static long regressedAgainst(ApiClient api, JdbcClient jdbc, long baselineJobId, Consumer<Map<String, Object>> edit) {
        Map<String, Object> body = body();
        edit.accept(body);
        // against the baseline job's stored runs: this job's own runs carry the regression
        body.put("baseline", map("jobId", baselineJobId, "mode", "stored"));
        long jobId = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
        int oomSeq = jdbc.sql("SELECT seq FROM runs WHERE job_id = :job AND thread_model = 'PLATFORM' AND repetition = :rep")
                .param("job", jobId).param("rep", REPETITIONS).query(Integer.class).single();
        new ResultSeeder(jdbc).completeExcept(jobId, LEVELS, (jdk, model, repetition, level) -> {
            Map<String, Object> point = values(model, repetition, level, model.equals("virtual") ? 0.8 : 1.0);
            point.put("memory_peak_mb", (double) point.get("memory_peak_mb") * 1.02);
            return point;
        }, oomSeq, OOM);
        return jobId;
    }

    /** Where the findings below fired: seconds into their level's measured window. */
    static final double STOPPED_AT_SECONDS = 6.5;
    static final double PINNED_AT_SECONDS = 2.0;
    static final int WARMUP_SECONDS = 5;
    static final int MEASURED_SECONDS = 10;

    /**
     * What the worker stores besides the points, for every succeeded run of {@code jobId}: each
     * level's warm-up and measured series (throughput near the point's, latency, errors, and the
     * container's and JVM's columns) and findings. Virtual threads, repetition 1, stop answering
     * 6.5 s into the window at 200 users (critical, its throughput drops to 0 from then on);
     * repetition 2 pins at 80 users after 2 s (warning); the platform cell's repetition 1 has a
     * run-wide jvm-cpu-mismatch and a window at 20 users that was not steady (its point too).
     */
    static void explain(JdbcClient jdbc, PointSeriesStore series, RunFindings findings, long jobId, double virtualFactor) {
        var runs = jdbc.sql("SELECT id, seq, thread_model, repetition FROM runs WHERE job_id = :job AND status = 'SUCCEEDED'")
                .param("job", jobId).query().listOfRows();
        Instant jobStart = Instant.parse("2026-11-24T10:00:00.250Z");
        for (var run : runs) {
            long runId = ((Number) run.get("id")).longValue();
            int seq = ((Number) run.get("seq")).intValue();
            String model = ((String) run.get("thread_model")).toLowerCase(java.util.Locale.ROOT);
            int repetition = ((Number) run.get("repetition")).intValue();
            boolean virtual = model.equals("virtual");
            List<Finding> found = new ArrayList<>();
            for (int index = 0; index < LEVELS.size(); index++) {
                int level = LEVELS.get(index);
                Instant start = jobStart.plusSeconds(seq * 100L + index * 20L);
                boolean stops = virtual && repetition == 1 && level == 200;
                Map<String, Object> point = values(model, repetition, level, virtual ? virtualFactor : 1.0);
                double throughput = (double) point.get("throughput_rps");
                double p95 = (double) point.get("latency_p95_ms");
                var warmup = PointSeries.over(start.minusSeconds(WARMUP_SECONDS), WARMUP_SECONDS);
                for (int s = 0; s < WARMUP_SECONDS; s++) {
                    double ramp = 0.5 + 0.1 * s;
                    warmup.put("throughputRps", s, throughput * ramp).put("latencyP50Ms", s, p95 * 0.97 / ramp)
                            .put("latencyP95Ms", s, p95 / ramp).put("latencyP99Ms", s, p95 * 1.1 / ramp)
                            .put("errors", s, 0.0).put("jitCpuMs", s, 300.0 / (s + 1));
                }
                var measured = PointSeries.over(start, MEASURED_SECONDS);
                for (int s = 0; s < MEASURED_SECONDS; s++) {
                    boolean silent = stops && s >= STOPPED_AT_SECONDS;
                    double wave = 1 + 0.03 * Math.sin(s + seq);
                    measured.put("throughputRps", s, silent ? 0.0 : throughput * wave)
                            .put("latencyP50Ms", s, silent ? null : p95 * 0.97 * wave)
                            .put("latencyP95Ms", s, silent ? null : p95 * wave)
                            .put("latencyP99Ms", s, silent ? null : p95 * 1.1 * wave)
                            .put("errors", s, silent ? 20.0 : 0.0)
                            .put("cpuPercentOfLimit", s, silent ? 2.0 : Math.min(100, level * (virtual ? 0.3 : 0.45) * wave))
                            .put("memoryMb", s, (virtual ? 210.0 : 260.0) + level * 0.1 + s)
                            .put("heapUsedMb", s, (virtual ? 80.0 : 60.0) + level * 0.1 + 3 * (s % 4))
                            .put("osThreads", s, virtual ? 40.0 : 60.0 + level)
                            .put("gcPauseMs", s, s % 3 == 0 ? 4.0 : 0.0)
                            .put("jitCpuMs", s, s % 5 == 0 ? 20.0 : 1.0);
                }
                series.store(runId, index, SeriesPhase.WARMUP, warmup.build());
                series.store(runId, index, SeriesPhase.MEASURED, measured.build());
                if (stops) {
                    found.add(Finding.of(FindingCode.STOPPED_ANSWERING, index, level,
                            start.plusMillis((long) (STOPPED_AT_SECONDS * 1000)),
                            "No request completed for 3.5 s while 200 requests were in flight.",
                            Map.of("seconds", 3.5, "inFlight", 200), null));
                }
                if (virtual && repetition == 2 && level == 80) {
                    found.add(Finding.of(FindingCode.PINNING, index, level, start.plusMillis((long) (PINNED_AT_SECONDS * 1000)),
                            "12 pinned virtual threads, 300 ms pinned in all, most in Inventory.reserve (12 events, 300 ms).",
                            Map.of("events", 12, "pinnedMs", 300, "stacks", List.of(Map.of("kind", "pinned",
                                    "threads", "all", "top", List.of(
                                            Map.of("frame", RESERVE, "frames", List.of(PARK, RESERVE, MAIN),
                                                    "value", 270_000_000L, "share", 0.9),
                                            Map.of("frame", MAIN, "frames", List.of(MAIN), "value", 30_000_000L,
                                                    "share", 0.1))))), null));
                }
            }
            if (!virtual && repetition == 1) {
                // its window at 20 users was still warming up: not steady, left out of the gate's verdicts
                jdbc.sql("UPDATE result_points SET steadiness = 'NOT_STEADY', steadiness_drift = 0.11, "
                                + "steadiness_drift_low = 0.06, steadiness_drift_high = 0.15, "
                                + "flags = array_append(flags, 'not-steady') WHERE run_id = :run AND level = 20")
                        .param("run", runId).update();
                found.add(Finding.of(FindingCode.NOT_STEADY, 0, 20, null,
                        "The throughput rose by 11% over the measured window (95% interval 6% to 15%), more than the 5% tolerance.",
                        Map.of("drift", 0.11, "driftLow", 0.06, "driftHigh", 0.15, "warmingUp", true),
                        "Still warming up: the 5 s warm-up was not enough. Lengthen it (e.g. 30 s) or use adaptive warm-up."));
                found.add(Finding.of(FindingCode.JVM_CPU_MISMATCH, null, null, null,
                        "The JVM sees 2 processors; the container may use 1 CPU.", Map.of("jvmProcessors", 2, "cpuLimit", 1.0),
                        "Add -XX:ActiveProcessorCount=1."));
            }
            findings.replaceOfRun(runId, found);
        }
    }

    /** The level the profiles below are stored at: the last, 200 users. */
    static final int PROFILED_LEVEL = 200;
    /** Frames of the profiles: both cells handle a checkout and write JSON; platform threads wait for the pool. */
    static final String MAIN = "app.Main.main";
    static final String POOL = "app.Pool.borrow";
    static final String PARK = "app.Carrier.park";
    static final String JSON = "app.Json.write";
    /** The frame a slower build spends its extra CPU in (virtual threads of a job profiled with slowReserve). */
    static final String RESERVE = "app.Inventory.reserve";

    /**
     * CPU profiles at {@link #PROFILED_LEVEL} for every succeeded run of {@code jobId}, as the worker
     * stores them (20 ms sampling, 1000 requests per run): platform threads spend 300 samples in the
     * pool's borrow, virtual threads 120 parking their carrier, both 100 writing JSON; with
     * {@code slowReserve} the virtual threads also spend 200 samples reserving inventory.
     */
    static void profile(JdbcClient jdbc, RunProfiles profiles, long jobId, boolean slowReserve) {
        var runs = jdbc.sql("SELECT id, thread_model FROM runs WHERE job_id = :job AND status = 'SUCCEEDED' AND side = 'JOB'")
                .param("job", jobId).query().listOfRows();
        for (var run : runs) {
            long runId = ((Number) run.get("id")).longValue();
            boolean virtual = run.get("thread_model").equals("VIRTUAL");
            String handle = MAIN + ";app.Checkout.handle;";
            String stacks = (virtual ? handle + PARK + " 120\n" : handle + POOL + " 300\n") + MAIN + ";" + JSON + " 100\n"
                    + (virtual && slowReserve ? handle + RESERVE + " 200\n" : "");
            long total = stacks.lines().mapToLong(line -> Long.parseLong(line.substring(line.lastIndexOf(' ') + 1))).sum();
            profiles.replaceOfRun(runId, List.of(new ProfileRow(runId, LEVELS.indexOf(PROFILED_LEVEL), PROFILED_LEVEL,
                    ProfileKind.CPU, total, total, 1000, 20_000_000L, (int) stacks.lines().count(), 0, 0, stacks)));
        }
    }

    private static Map<String, Object> values(String model, int repetition, int level, double throughputFactor) {
        boolean virtual = model.equals("virtual");
        int index = LEVELS.indexOf(level);
        // +-4.5 % between repetitions: a visible band, still far smaller than the differences between cells
        double jitter = 1.0 + 0.03 * (repetition - 2.5);
        double throughput = (virtual ? new double[] {98, 390, 900} : new double[] {95, 370, 420})[index]
                * throughputFactor * jitter;
        double p95 = (virtual ? new double[] {204, 212, 262} : new double[] {206, 240, 480})[index] * jitter;
        List<String> flags = new ArrayList<>();
        if (!virtual && level == 20) {
            flags.add("scrapes-failed");
        }
        if (virtual && level >= 80) {
            flags.add("pinning-seen");
        }
        if (virtual && level == 200) {
            flags.add("loadgen-saturated");
        }
        Map<String, Object> columns = new LinkedHashMap<>();
        columns.put("requests", Math.round(throughput * 10));
        columns.put("successes", Math.round(throughput * 10));
        columns.put("throughput_rps", throughput);
        columns.put("latency_p50_ms", p95 * 0.97);
        columns.put("latency_p95_ms", p95);
        columns.put("latency_p99_ms", p95 * 1.1);
        columns.put("cpu_ms_per_request", (virtual ? 1.3 : 1.6) * jitter);
        columns.put("memory_peak_mb", (virtual ? 210.0 : 260.0) + level * 0.1);
        columns.put("memory_per_request_mb", (virtual ? 1.8 : 2.2) * (1 - level * 0.002) * jitter);
        columns.put("context_switches_per_request", (virtual ? 4.5 : 9.0) * jitter);
        columns.put("gc_pause_ms_per_s", (virtual ? 1.4 : 1.0) * (1.0 + level * 0.01) * jitter);
        columns.put("heap_mean_mb", (virtual ? new double[] {80, 95, 120} : new double[] {60, 70, 82})[index] * jitter);
        columns.put("vt_pinned_events", virtual && level >= 80 ? 12L : 0L);
        columns.put("platform_threads_peak", virtual ? 40 : 60 + level);
        columns.put("scrape_success_share", !virtual && level == 20 ? 0.6 : 1.0);
        columns.put("loadgen_saturated", virtual && level == 200);
        columns.put("flags", "{" + String.join(",", flags) + "}");
        return columns;
    }
}
