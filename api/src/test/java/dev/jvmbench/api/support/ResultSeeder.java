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

    /** The same with the run's side: "job", or "baseline" for the baseline's half of a pair. */
    @FunctionalInterface
    public interface SideValues {
        Map<String, Object> of(String side, int jdk, String threadModel, int repetition, int level);
    }

    private final JdbcClient jdbc;

    public ResultSeeder(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Every run SUCCEEDED, the values chosen per side (a paired job's baseline-side runs measure the
     * baseline again: what they read is the test's to say), then the job SUCCEEDED.
     */
    public void completeBySide(long jobId, List<Integer> levels, SideValues values) {
        end(jobId, levels, values, -1, null, "SUCCEEDED", "");
    }

    /** Every run SUCCEEDED with one point per level, then the job SUCCEEDED. */
    public void complete(long jobId, List<Integer> levels, Values values) {
        completeExcept(jobId, levels, values, -1, null);
    }

    /** Like {@link #complete}, but the run with execution order {@code failedSeq} FAILED with {@code reason}. */
    public void completeExcept(long jobId, List<Integer> levels, Values values, int failedSeq, String reason) {
        end(jobId, levels, sameAsStored(values), failedSeq, reason, failedSeq > 0 ? "FAILED" : "SUCCEEDED", "");
    }

    /**
     * Every QUEUED run SUCCEEDED with one point per level (runs already ended keep theirs), then the
     * job in {@code jobStatus}: e.g. CONFIRMING, as the worker leaves a job whose verdict is to be confirmed.
     */
    public void endQueued(long jobId, List<Integer> levels, Values values, String jobStatus) {
        end(jobId, levels, sameAsStored(values), -1, null, jobStatus, " AND status = 'QUEUED'");
    }

    /** Like {@link #endQueued}, the values chosen per side. */
    public void endQueuedBySide(long jobId, List<Integer> levels, SideValues values, String jobStatus) {
        end(jobId, levels, values, -1, null, jobStatus, " AND status = 'QUEUED'");
    }

    /** A marker: the baseline side reads what the baseline job stored (copied), else {@code values}. */
    private static final Map<String, Object> COPY_STORED = Map.of();

    /**
     * {@code values} for the job's own runs; for the baseline half of a pair, the baseline measured
     * again as it measured before: its stored point of the same cell, repetition and level.
     */
    private static SideValues sameAsStored(Values values) {
        return (side, jdk, model, repetition, level) -> side.equals("baseline") ? COPY_STORED
                : values.of(jdk, model, repetition, level);
    }

    private void end(long jobId, List<Integer> levels, SideValues values, int failedSeq, String reason, String status,
                     String runFilter) {
        var runs = jdbc.sql("SELECT id, seq, jdk, thread_model, repetition, side FROM runs WHERE job_id = :job" + runFilter
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
            String side = ((String) run.get("side")).toLowerCase(java.util.Locale.ROOT);
            int jdk = ((Number) run.get("jdk")).intValue();
            String model = ((String) run.get("thread_model")).toLowerCase(java.util.Locale.ROOT);
            int repetition = ((Number) run.get("repetition")).intValue();
            if (values.of(side, jdk, model, repetition, levels.getFirst()) == COPY_STORED
                    && copyStored(jobId, runId, jdk, model, repetition)) {
                jdbc.sql("UPDATE runs SET status = 'SUCCEEDED', attempt = 1, started_at = now(), finished_at = now() "
                        + "WHERE id = :id").param("id", runId).update();
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
                Map<String, Object> given = values.of(side, jdk, model, repetition, level);
                if (given == COPY_STORED) {
                    throw new IllegalStateException("run " + runId + " measures the baseline again, but the baseline job "
                            + "has no stored point to copy: seed the baseline first or use completeBySide");
                }
                columns.putAll(given);
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

    /**
     * Copies into {@code runId} the points of the baseline job's run of the same cell (the same
     * repetition, else the one at the same place in its repetitions); false when there is none.
     */
    private boolean copyStored(long jobId, long runId, int jdk, String model, int repetition) {
        var source = jdbc.sql("""
                        SELECT r.id FROM runs r JOIN jobs j ON j.baseline_job_id = r.job_id
                         WHERE j.id = :job AND r.jdk = :jdk AND r.thread_model = :model AND r.side = 'JOB'
                           AND r.status = 'SUCCEEDED'
                         ORDER BY r.repetition = :repetition DESC, r.repetition LIMIT 1 OFFSET 0""")
                .param("job", jobId).param("jdk", jdk).param("model", model.toUpperCase(java.util.Locale.ROOT))
                .param("repetition", repetition).query(Long.class).optional();
        if (source.isEmpty()) {
            return false;
        }
        List<String> columns = jdbc.sql("""
                        SELECT column_name FROM information_schema.columns
                         WHERE table_name = 'result_points' AND column_name NOT IN ('id', 'run_id')
                           AND is_generated = 'NEVER' AND is_identity = 'NO'""").query(String.class).list();
        String names = String.join(", ", columns);
        jdbc.sql("INSERT INTO result_points (run_id, " + names + ") SELECT :run, " + names
                        + " FROM result_points WHERE run_id = :source")
                .param("run", runId).param("source", source.get()).update();
        return true;
    }
}
