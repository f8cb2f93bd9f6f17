package dev.jvmbench.api.report;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.JobBodies;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A finished job as the worker would leave it: submitted through the api, then runs and result
 * points written straight into PostgreSQL. Two cells (JDK 25 x platform, virtual), three levels,
 * four repetitions; the platform cell's fourth run died of an OOM kill. Virtual threads give more
 * throughput and lower p95 latency but a bigger heap, so the comparison holds both an improvement
 * and a regression. Flags: scrapes failed (platform, 20 users), pinning seen (virtual, 80 and 200),
 * load generator saturated (virtual, 200).
 */
final class ReportJobs {

    static final List<Integer> LEVELS = List.of(20, 80, 200);
    static final int REPETITIONS = 4;

    private ReportJobs() {
    }

    static Map<String, Object> body() {
        Map<String, Object> body = JobBodies.valid();
        body.put("jdks", new ArrayList<>(List.of(25)));
        body.put("threadModels", new ArrayList<>(List.of("platform", "virtual")));
        body.put("repetitions", REPETITIONS);
        JobBodies.child(body, "load").put("levels", new ArrayList<>(LEVELS));
        return body;
    }

    /** Submits {@code body} and fills in the results; returns the job id. */
    static long finished(ApiClient api, JdbcClient jdbc, Map<String, Object> body) {
        long jobId = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
        List<Run> runs = jdbc.sql("SELECT id, thread_model, repetition FROM runs WHERE job_id = :job ORDER BY seq")
                .param("job", jobId)
                .query((rs, i) -> new Run(rs.getLong("id"), rs.getString("thread_model"), rs.getInt("repetition")))
                .list();
        for (Run run : runs) {
            boolean virtual = run.threadModel().equals("VIRTUAL");
            if (!virtual && run.repetition() == REPETITIONS) {
                jdbc.sql("""
                        UPDATE runs SET status = 'FAILED', failure_reason = 'app container OOMKilled (exit 137)',
                            started_at = now(), finished_at = now() WHERE id = :id""").param("id", run.id()).update();
                continue;
            }
            for (int index = 0; index < LEVELS.size(); index++) {
                insertPoint(jdbc, run, index, virtual);
            }
            jdbc.sql("""
                    UPDATE runs SET status = 'SUCCEEDED', started_at = now(), finished_at = now() WHERE id = :id""").param("id", run.id()).update();
        }
        jdbc.sql("""
                UPDATE jobs SET status = 'SUCCEEDED', started_at = created_at, finished_at = now() WHERE id = :id""").param("id", jobId).update();
        return jobId;
    }

    private static void insertPoint(JdbcClient jdbc, Run run, int index, boolean virtual) {
        int level = LEVELS.get(index);
        // +-1.5 % between repetitions: real spread, far smaller than the differences between the cells
        double jitter = 1.0 + 0.01 * (run.repetition() - 2.5);
        double throughput = (virtual ? new double[] {98, 390, 900} : new double[] {95, 370, 420})[index] * jitter;
        double p95 = (virtual ? new double[] {204, 212, 262} : new double[] {206, 240, 480})[index] * jitter;
        double heap = (virtual ? new double[] {80, 95, 120} : new double[] {60, 70, 82})[index] * jitter;
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
        long requests = Math.round(throughput * 10);
        jdbc.sql("""
                INSERT INTO result_points (run_id, level_index, level, measured_seconds, requests, successes, errors,
                    error_rate, throughput_rps, latency_p50_ms, latency_p95_ms, latency_p99_ms, latency_max_ms,
                    cpu_ms_per_request, memory_mean_mb, memory_peak_mb, memory_per_request_mb,
                    context_switches_per_request, gc_pause_ms_per_s, heap_mean_mb, vt_pinned_events,
                    platform_threads_peak, scrape_success_share, loadgen_cpu_percent, loadgen_saturated, flags)
                VALUES (:run, :idx, :level, 10, :requests, :requests, 0, 0, :throughput, :p50, :p95, :p99, :max,
                    :cpu, :memMean, :memPeak, :memPerRequest, :switches, :gc, :heap, :pinned,
                    :threads, :scrapes, :loadgenCpu, :saturated, CAST(:flags AS varchar[]))
                """)
                .param("run", run.id()).param("idx", index).param("level", level).param("requests", requests)
                .param("throughput", throughput).param("p50", p95 * 0.97).param("p95", p95).param("p99", p95 * 1.1)
                .param("max", p95 * 1.5)
                .param("cpu", (virtual ? 1.3 : 1.6) * jitter)
                .param("memMean", (virtual ? 190.0 : 230.0) + level * 0.1)
                .param("memPeak", (virtual ? 210.0 : 260.0) + level * 0.1)
                .param("memPerRequest", (2.2 - level * 0.004) * jitter)
                .param("switches", (virtual ? 4.5 : 9.0) * jitter)
                .param("gc", (1.0 + level * 0.01) * jitter)
                .param("heap", heap)
                .param("pinned", virtual && level >= 80 ? 12 : 0)
                .param("threads", virtual ? 40 : 60 + level)
                .param("scrapes", !virtual && level == 20 ? 0.6 : 1.0)
                .param("loadgenCpu", virtual && level == 200 ? 96.0 : 40.0)
                .param("saturated", virtual && level == 200)
                .param("flags", "{" + String.join(",", flags) + "}")
                .update();
    }

    private record Run(long id, String threadModel, int repetition) {
    }
}
