package dev.jvmbench.api.report;

import static dev.jvmbench.api.support.ApiClient.map;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        long jobId = api.postJson("/api/v1/jobs", body()).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).complete(jobId, LEVELS, (jdk, model, repetition, level) -> values(model, repetition, level, 1.0));
        return jobId;
    }

    /**
     * Judged against {@code baselineJobId}: virtual threads lose 20% of their throughput there (a
     * regression against the baseline), and the platform cell's last run died of an OOM kill.
     */
    static long regressedAgainst(ApiClient api, JdbcClient jdbc, long baselineJobId) {
        Map<String, Object> body = body();
        body.put("baseline", map("jobId", baselineJobId));
        long jobId = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
        int oomSeq = jdbc.sql("SELECT seq FROM runs WHERE job_id = :job AND thread_model = 'PLATFORM' AND repetition = :rep")
                .param("job", jobId).param("rep", REPETITIONS).query(Integer.class).single();
        new ResultSeeder(jdbc).completeExcept(jobId, LEVELS, (jdk, model, repetition, level) ->
                values(model, repetition, level, model.equals("virtual") ? 0.8 : 1.0), oomSeq, OOM);
        return jobId;
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
