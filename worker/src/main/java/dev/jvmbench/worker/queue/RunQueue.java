package dev.jvmbench.worker.queue;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.worker.database.DatabaseWrites;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The run queue in PostgreSQL. Every change of a run or job status is a compare-and-set on the
 * expected status (and, for a run, on its owner), so two workers, the sweeper and the api never
 * overwrite each other. Each method is its own short transaction: nothing is held open while a
 * container or the load generator works. The writes of a run's life (progress, outcome, release)
 * are retried while the database is unreachable: being compare-and-sets, a repeat changes nothing.
 */
@Component
public class RunQueue implements RunControl {

    private static final Logger log = LoggerFactory.getLogger(RunQueue.class);
    private final JdbcClient jdbc;
    private final TransactionTemplate tx;
    private final JsonMapper json;
    private volatile String platformId;

    private final DatabaseWrites writes;

    RunQueue(JdbcClient jdbc, TransactionTemplate tx, JsonMapper json, DatabaseWrites writes) {
        this.jdbc = jdbc;
        this.writes = writes;
        this.tx = tx;
        this.json = json;
    }

    /**
     * Takes the next queued run (oldest job first, then the job's order) with FOR UPDATE SKIP
     * LOCKED, so concurrent workers never take the same run and never wait for each other.
     */
    public Optional<ClaimedRun> claim(String workerId) {
        return tx.execute(status -> {
            Optional<ClaimedRun> claimed = jdbc.sql("""
                    WITH next AS (
                        SELECT r.id FROM runs r JOIN jobs j ON j.id = r.job_id
                         WHERE r.status = 'QUEUED' AND j.status IN ('QUEUED', 'RUNNING')
                         ORDER BY j.created_at, j.id, r.seq
                         LIMIT 1
                         FOR UPDATE OF r SKIP LOCKED)
                    UPDATE runs SET status = 'RUNNING', worker_id = :worker, heartbeat_at = now(),
                           started_at = now(), finished_at = NULL, attempt = attempt + 1,
                           current_step = 'claimed', current_level = NULL, failure_reason = NULL
                      FROM next
                     WHERE runs.id = next.id
                    RETURNING runs.id, runs.job_id, runs.seq, runs.jdk, runs.thread_model, runs.repetition, runs.attempt
                    """).param("worker", workerId)
                    .query((rs, n) -> new Row(rs.getLong("id"), rs.getLong("job_id"), rs.getInt("seq"),
                            rs.getInt("jdk"), ThreadModel.valueOf(rs.getString("thread_model")),
                            rs.getInt("repetition"), rs.getInt("attempt")))
                    .optional()
                    .map(this::withJob);
            claimed.ifPresent(run -> jdbc.sql("""
                    UPDATE jobs SET status = 'RUNNING', started_at = COALESCE(started_at, now()), version = version + 1
                     WHERE id = :job AND status = 'QUEUED'
                    """).param("job", run.jobId()).update());
            return claimed;
        });
    }

    private record Row(long id, long jobId, int seq, int jdk, ThreadModel model, int repetition, int attempt) {
    }

    private ClaimedRun withJob(Row row) {
        record JobRow(String spec, Long artifactId) {
        }
        JobRow job = jdbc.sql("SELECT spec::text AS spec, artifact_id FROM jobs WHERE id = :id").param("id", row.jobId())
                .query((rs, n) -> new JobRow(rs.getString("spec"), (Long) rs.getObject("artifact_id"))).single();
        ClaimedRun.UploadedJar jar = job.artifactId() == null ? null : jdbc.sql(
                        "SELECT id, sha256, main_class, storage_path FROM artifacts WHERE id = :id")
                .param("id", job.artifactId())
                .query((rs, n) -> new ClaimedRun.UploadedJar(rs.getLong(1), rs.getString(2), rs.getString(3),
                        rs.getString(4)))
                .single();
        return new ClaimedRun(row.id(), row.jobId(), row.seq(), row.jdk(), row.model(), row.repetition(), row.attempt(),
                json.readValue(job.spec(), JobSpec.class), jar);
    }

    /**
     * Identifies this platform's database (cluster system identifier and database name): the
     * label that tells this platform's containers from another platform's on a shared host.
     */
    @Override
    public String platformId() {
        String id = platformId;
        if (id == null) {
            id = jdbc.sql("SELECT (SELECT system_identifier FROM pg_control_system())::text || '-' || current_database()")
                    .query(String.class).single();
            platformId = id;
        }
        return id;
    }

    /** False when this worker no longer owns the run (the sweeper recovered it): stop working on it. */
    public boolean heartbeat(long runId, String workerId) {
        return jdbc.sql("UPDATE runs SET heartbeat_at = now() WHERE id = :id AND worker_id = :worker AND status = 'RUNNING'")
                .param("id", runId).param("worker", workerId).update() == 1;
    }

    @Override
    public void progress(long runId, String workerId, String step, Integer level) {
        writes.retrying("progress of run " + runId, () -> jdbc.sql("""
                UPDATE runs SET current_step = :step, current_level = :level, heartbeat_at = now()
                 WHERE id = :id AND worker_id = :worker AND status = 'RUNNING'
                """).param("step", step).param("level", level).param("id", runId).param("worker", workerId).update());
    }

    /** Whether the run's job was cancelled (or is being cancelled). */
    @Override
    public boolean cancelRequested(long runId) {
        String status = jdbc.sql("SELECT j.status FROM jobs j JOIN runs r ON r.job_id = j.id WHERE r.id = :id")
                .param("id", runId).query(String.class).single();
        return JobStatus.valueOf(status) == JobStatus.CANCEL_REQUESTED || JobStatus.valueOf(status) == JobStatus.CANCELLED;
    }

    /** Ends a run this worker owns, then settles its job when no run is left to execute. */
    @Override
    public void finish(ClaimedRun run, String workerId, RunStatus outcome, String reason) {
        writes.retrying("outcome of " + run.label(), () -> {
            int changed = jdbc.sql("""
                    UPDATE runs SET status = :status, failure_reason = :reason, finished_at = now(), current_step = NULL
                     WHERE id = :id AND worker_id = :worker AND status = 'RUNNING'
                    """).param("status", outcome.name()).param("reason", truncate(reason)).param("id", run.runId())
                    .param("worker", workerId).update();
            if (changed == 0) {
                log.warn("{} was taken from this worker before it finished; its outcome {} is dropped", run.label(), outcome);
                return;
            }
            settleJob(run.jobId());
        });
    }

    /**
     * Gives back a run this worker cannot finish (it is shutting down): the run is queued again
     * for any worker, and the points of this attempt are deleted so no attempt mixes with another.
     * A graceful stop (a deployment, a drained host) is not the run's failure, so it does not use up
     * one of the run's {@code maxAttempts}: a crash does (see {@link #recoverStale}).
     */
    @Override
    public void release(ClaimedRun run, String workerId, String reason) {
        writes.retrying("release of " + run.label(), () -> {
            int changed = jdbc.sql("""
                    UPDATE runs SET status = 'QUEUED', worker_id = NULL, current_step = NULL, current_level = NULL,
                           started_at = NULL, failure_reason = :reason, attempt = attempt - 1
                     WHERE id = :id AND worker_id = :worker AND status = 'RUNNING'
                    """).param("reason", truncate(reason)).param("id", run.runId()).param("worker", workerId).update();
            if (changed == 1) {
                deleteAttemptData(run.runId());
            }
        });
    }

    /**
     * Recovers runs whose worker stopped heartbeating: re-queued (its partial points deleted)
     * while it has had fewer than {@code maxAttempts} attempts, failed otherwise (points kept).
     */
    public int recoverStale(Duration staleAfter, int maxAttempts) {
        return recover("heartbeat_at < now() - make_interval(secs => :secs)",
                Map.of("secs", (double) staleAfter.toMillis() / 1000), maxAttempts,
                run -> "worker " + run.worker() + " stopped heartbeating during attempt " + run.attempt());
    }

    /**
     * Recovers, like {@link #recoverStale}, the runs still RUNNING under this worker's id when it
     * starts: its previous process died with them (ids are stable per host and never shared by two
     * live workers), so there is no need to wait until their heartbeat is stale.
     */
    public int recoverOwn(String workerId, int maxAttempts) {
        return recover("worker_id = :worker", Map.of("worker", workerId), maxAttempts,
                run -> "worker " + run.worker() + " restarted during attempt " + run.attempt());
    }

    private record Orphan(long id, long jobId, int attempt, String worker) {
    }

    private int recover(String condition, Map<String, Object> params, int maxAttempts, Function<Orphan, String> cause) {
        return tx.execute(status -> {
            List<Orphan> orphans = jdbc.sql("SELECT id, job_id, attempt, worker_id FROM runs WHERE status = 'RUNNING' AND "
                            + condition + " FOR UPDATE SKIP LOCKED")
                    .params(params)
                    .query((rs, n) -> new Orphan(rs.getLong(1), rs.getLong(2), rs.getInt(3), rs.getString(4))).list();
            for (Orphan run : orphans) {
                String why = cause.apply(run);
                if (run.attempt() < maxAttempts) {
                    jdbc.sql("""
                            UPDATE runs SET status = 'QUEUED', worker_id = NULL, current_step = NULL, current_level = NULL,
                                   started_at = NULL, failure_reason = :reason
                             WHERE id = :id AND status = 'RUNNING'
                            """).param("reason", why + "; re-queued").param("id", run.id()).update();
                    deleteAttemptData(run.id());
                    log.warn("Re-queued run {}: {}", run.id(), why);
                } else {
                    jdbc.sql("""
                            UPDATE runs SET status = 'FAILED', finished_at = now(), current_step = NULL,
                                   failure_reason = :reason
                             WHERE id = :id AND status = 'RUNNING'
                            """).param("reason", why + " (last of " + maxAttempts + " attempts)").param("id", run.id())
                            .update();
                    log.warn("Failed run {}: {}", run.id(), why);
                    settleJob(run.jobId());
                }
            }
            return orphans.size();
        });
    }

    /** Runs that are RUNNING on another worker whose heartbeat is fresh: their containers must live. */
    public boolean ownedElsewhere(long runId, String workerId, Duration staleAfter) {
        return jdbc.sql("""
                SELECT count(*) FROM runs WHERE id = :id AND status = 'RUNNING' AND worker_id <> :worker
                   AND heartbeat_at >= now() - make_interval(secs => :secs)
                """).param("id", runId).param("worker", workerId).param("secs", (double) staleAfter.toMillis() / 1000)
                .query(Long.class).single() > 0;
    }

    private void deleteAttemptData(long runId) {
        jdbc.sql("DELETE FROM result_points WHERE run_id = :id").param("id", runId).update();
        jdbc.sql("DELETE FROM run_artifacts WHERE run_id = :id").param("id", runId).update();
    }

    /**
     * Ends the job once none of its runs is queued or running: CANCELLED when it was being
     * cancelled, FAILED when a run failed, else SUCCEEDED.
     *
     * <p>The job row is locked before the runs are counted. Two workers ending a job's last two
     * runs at once would otherwise each count (READ COMMITTED) the other's run as still RUNNING,
     * neither would settle, and the job would stay RUNNING for good. With the lock the second
     * waits for the first to commit, and its count then sees both runs ended.
     */
    void settleJob(long jobId) {
        record Counts(long open, long failed, long cancelled, long total, String firstFailure) {
        }
        String jobStatus = jdbc.sql("SELECT status FROM jobs WHERE id = :id FOR UPDATE").param("id", jobId)
                .query(String.class).single();
        Counts c = jdbc.sql("""
                SELECT count(*) FILTER (WHERE status IN ('QUEUED', 'RUNNING')),
                       count(*) FILTER (WHERE status = 'FAILED'),
                       count(*) FILTER (WHERE status = 'CANCELLED'),
                       count(*),
                       (SELECT 'run ' || id || ': ' || failure_reason FROM runs
                         WHERE job_id = :job AND status = 'FAILED' ORDER BY seq LIMIT 1)
                  FROM runs WHERE job_id = :job
                """).param("job", jobId)
                .query((rs, n) -> new Counts(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getString(5)))
                .single();
        if (c.open() > 0) {
            return;
        }
        JobStatus next;
        String reason;
        if (JobStatus.valueOf(jobStatus) == JobStatus.CANCEL_REQUESTED || (c.cancelled() > 0 && c.failed() == 0)) {
            next = JobStatus.CANCELLED;
            reason = "cancelled by request";
        } else if (c.failed() > 0) {
            next = JobStatus.FAILED;
            reason = c.failed() + " of " + c.total() + " runs failed; first: " + c.firstFailure();
        } else {
            next = JobStatus.SUCCEEDED;
            reason = null;
        }
        List<String> sources = JobStatus.sourcesOf(next).stream().map(Enum::name).toList();
        jdbc.sql("""
                UPDATE jobs SET status = :next, status_reason = COALESCE(:reason, status_reason), finished_at = now(),
                       version = version + 1
                 WHERE id = :id AND status IN (:sources)
                """).param("next", next.name()).param("reason", truncate(reason)).param("id", jobId)
                .param("sources", sources).update();
        log.info("Job {} ended {}{}", jobId, next, reason == null ? "" : ": " + reason);
    }

    private static String truncate(String reason) {
        return reason == null || reason.length() <= 2000 ? reason : reason.substring(0, 1997) + "...";
    }
}
