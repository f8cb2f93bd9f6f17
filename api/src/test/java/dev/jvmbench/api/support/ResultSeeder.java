package dev.jvmbench.api.support;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Plays the worker's part for api tests: stores result points for a job's runs and ends them, in
 * the real database, so statistics, comparisons and history read what a worker would have written.
 */
public final class ResultSeeder {

    /** The metric columns of one run at one level (result_points column name -> value). */
    @FunctionalInterface
    public interface Values {
        Map<String, Object> of(int jdk, String threadModel, int repetition, int level);
    }

    private final JdbcClient jdbc;

    public ResultSeeder(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Every run SUCCEEDED with one point per level, then the job SUCCEEDED. */
    public void complete(long jobId, List<Integer> levels, Values values) {
        completeExcept(jobId, levels, values, -1, null);
    }

    /** Like {@link #complete}, but the run with execution order {@code failedSeq} FAILED with {@code reason}. */
    public void completeExcept(long jobId, List<Integer> levels, Values values, int failedSeq, String reason) {
        end(jobId, levels, values, failedSeq, reason, failedSeq > 0 ? "FAILED" : "SUCCEEDED", "");
    }

    /**
     * Every QUEUED run SUCCEEDED with one point per level (runs already ended keep theirs), then the
     * job in {@code jobStatus}: e.g. CONFIRMING, as the worker leaves a job whose verdict is to be confirmed.
     */
    public void endQueued(long jobId, List<Integer> levels, Values values, String jobStatus) {
        end(jobId, levels, values, -1, null, jobStatus, " AND status = 'QUEUED'");
    }

    private void end(long jobId, List<Integer> levels, Values values, int failedSeq, String reason, String status,
                     String runFilter) {
        var runs = jdbc.sql("SELECT id, seq, jdk, thread_model, repetition FROM runs WHERE job_id = :job" + runFilter
                        + " ORDER BY seq")
                .param("job", jobId).query().listOfRows();
        for (var run : runs) {
            long runId = ((Number) run.get("id")).longValue();
            int seq = ((Number) run.get("seq")).intValue();
            if (seq == failedSeq) {
                jdbc.sql("UPDATE runs SET status = 'FAILED', failure_reason = :reason, attempt = 1, started_at = now(), "
                        + "finished_at = now() WHERE id = :id").param("reason", reason).param("id", runId).update();
                continue;
            }
            for (int i = 0; i < levels.size(); i++) {
                int level = levels.get(i);
                Map<String, Object> columns = new LinkedHashMap<>();
                columns.put("measured_seconds", 10.0);
                columns.put("requests", 1000L);
                columns.put("successes", 1000L);
                columns.put("errors", 0L);
                columns.put("error_rate", 0.0);
                columns.put("throughput_rps", 100.0);
                columns.putAll(values.of(((Number) run.get("jdk")).intValue(),
                        ((String) run.get("thread_model")).toLowerCase(java.util.Locale.ROOT),
                        ((Number) run.get("repetition")).intValue(), level));
                String names = String.join(", ", columns.keySet());
                String params = String.join(", ", columns.keySet().stream().map(c -> c.equals("flags")
                        ? "CAST(:" + c + " AS varchar[])" : ":" + c).toList());
                var insert = jdbc.sql("INSERT INTO result_points (run_id, level_index, level, " + names
                                + ") VALUES (:run, :idx, :level, " + params + ")")
                        .param("run", runId).param("idx", i).param("level", level);
                for (var column : columns.entrySet()) {
                    insert = insert.param(column.getKey(), column.getValue());
                }
                insert.update();
            }
            jdbc.sql("UPDATE runs SET status = 'SUCCEEDED', attempt = 1, started_at = now(), finished_at = now() "
                    + "WHERE id = :id").param("id", runId).update();
        }
        jdbc.sql("UPDATE jobs SET status = :status, started_at = now(), finished_at = now() WHERE id = :id")
                .param("status", status).param("id", jobId).update();
    }
}
