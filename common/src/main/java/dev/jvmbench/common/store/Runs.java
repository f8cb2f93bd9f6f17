package dev.jvmbench.common.store;

import static dev.jvmbench.common.job.RunStatus.CANCELLED;
import static dev.jvmbench.common.job.RunStatus.FAILED;
import static dev.jvmbench.common.job.RunStatus.QUEUED;
import static dev.jvmbench.common.job.RunStatus.RUNNING;

import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.RunStatus;
import java.time.Duration;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * The owner of the table runs, which is also the queue: the api inserts a job's runs and cancels
 * queued ones; workers claim, heartbeat, finish, release and recover them. Every status change is
 * a compare-and-set from the status the transition table of {@link RunStatus} allows (and, for a
 * worker, on its ownership), so two workers, the sweeper and the api never overwrite each other.
 * Methods take part in the caller's transaction and open none of their own.
 */
public class Runs {

    private static final Set<String> GENERATED = Set.of("id");
    /** The claimable runs: those a worker may move to RUNNING, of jobs that may run. */
    private static final String CLAIMABLE = "r.status IN " + Sql.in(RunStatus.sourcesOf(RUNNING))
            + " AND j.status IN " + Sql.in(JobStatus.startingRuns());
    private final JdbcClient jdbc;
    private final RecordRows<RunRow> rows;
    private final String insertColumns;

    public Runs(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.rows = new RecordRows<>(RunRow.class, json);
        this.insertColumns = "INSERT INTO runs (" + rows.columns(GENERATED) + ") VALUES ";
    }

    /** Stores a job's runs in one statement. */
    public void insert(List<RunRow> runs) {
        if (runs.isEmpty()) {
            return;
        }
        StringBuilder sql = new StringBuilder(insertColumns);
        Map<String, Object> params = new HashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            sql.append(i == 0 ? "(" : ", (").append(rows.values(GENERATED, "_" + i)).append(')');
            params.putAll(rows.params(runs.get(i), "_" + i));
        }
        jdbc.sql(sql.toString()).params(params).update();
    }

    /** A job's runs in execution order; empty when there is no such job (a job has at least one run). */
    public List<RunRow> ofJob(long jobId) {
        return jdbc.sql("SELECT * FROM runs WHERE job_id = :job ORDER BY seq").param("job", jobId)
                .query(rows).list();
    }

    /** The runs of several jobs, by job, each in execution order. */
    public List<RunRow> ofJobs(Collection<Long> jobIds) {
        if (jobIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT * FROM runs WHERE job_id IN (:jobs) ORDER BY job_id, seq").param("jobs", jobIds)
                .query(rows).list();
    }

    public Optional<RunRow> find(long runId) {
        return jdbc.sql("SELECT * FROM runs WHERE id = :id").param("id", runId).query(rows).optional();
    }

    public boolean exists(long runId) {
        return jdbc.sql("SELECT EXISTS (SELECT 1 FROM runs WHERE id = :id)").param("id", runId)
                .query(Boolean.class).single();
    }

    /**
     * Where a job stands, counted in the database rather than by loading its runs: runs by status,
     * the mean duration of its succeeded runs, and its first running run (in execution order).
     */
    public record Tally(Map<RunStatus, Integer> counts, Duration meanSucceeded, RunRow running) {

        public int count(RunStatus status) {
            return counts.getOrDefault(status, 0);
        }
    }

    /** The tallies of several jobs in at most two statements; a job without runs has none. */
    public Map<Long, Tally> tallies(Collection<Long> jobIds) {
        if (jobIds.isEmpty()) {
            return Map.of();
        }
        Map<Long, Map<RunStatus, Integer>> counts = new LinkedHashMap<>();
        Map<Long, Duration> means = new HashMap<>();
        jdbc.sql("""
                        SELECT job_id, status, count(*) AS runs,
                               avg(EXTRACT(EPOCH FROM finished_at - started_at)) AS mean_seconds
                          FROM runs WHERE job_id IN (:jobs) GROUP BY job_id, status""")
                .param("jobs", jobIds)
                .query((RowCallbackHandler) rs -> {
                    long job = rs.getLong("job_id");
                    RunStatus status = RunStatus.valueOf(rs.getString("status"));
                    counts.computeIfAbsent(job, j -> new EnumMap<>(RunStatus.class)).put(status, rs.getInt("runs"));
                    double mean = rs.getDouble("mean_seconds");
                    if (status == RunStatus.SUCCEEDED && !rs.wasNull()) {
                        means.put(job, Duration.ofNanos(Math.round(mean * 1e9)));
                    }
                });
        Map<Long, RunRow> running = new HashMap<>();
        List<Long> withRunning = counts.entrySet().stream().filter(e -> e.getValue().containsKey(RUNNING))
                .map(Map.Entry::getKey).toList();
        if (!withRunning.isEmpty()) {
            jdbc.sql("SELECT DISTINCT ON (job_id) * FROM runs WHERE job_id IN (:jobs) AND status = " + Sql.is(RUNNING)
                            + " ORDER BY job_id, seq")
                    .param("jobs", withRunning)
                    .query(rows).list()
                    .forEach(run -> running.put(run.jobId(), run));
        }
        Map<Long, Tally> tallies = new HashMap<>();
        counts.forEach((job, byStatus) -> tallies.put(job, new Tally(byStatus, means.get(job), running.get(job))));
        return tallies;
    }

    /** Work waiting for a worker: claimable runs and the age of the oldest. */
    public record Queue(long runs, double oldestSeconds) {
    }

    public Queue queue() {
        return jdbc.sql("""
                        SELECT count(*), COALESCE(EXTRACT(EPOCH FROM now() - min(r.created_at)), 0)
                          FROM runs r JOIN jobs j ON j.id = r.job_id
                         WHERE %s""".formatted(CLAIMABLE))
                .query((rs, n) -> new Queue(rs.getLong(1), Math.max(0, rs.getDouble(2)))).single();
    }

    // The api's transitions ------------------------------------------------------------------

    /**
     * Locks a job's runs before the job itself changes: the worker's claim, finish and recovery
     * lock a run first and its job second, so taking them in the same order never deadlocks.
     */
    public void lockOfJob(long jobId) {
        jdbc.sql("SELECT id FROM runs WHERE job_id = :job ORDER BY id FOR UPDATE").param("job", jobId)
                .query(Long.class).list();
    }

    /** Cancels a job's runs that no worker took yet; how many. */
    public int cancelQueued(long jobId, String reason) {
        return jdbc.sql("UPDATE runs SET status = :next, finished_at = now(), failure_reason = :reason"
                        + " WHERE job_id = :job AND status = " + Sql.is(QUEUED))
                .param("next", QUEUED.requireMoveTo(CANCELLED).name()).param("reason", Sql.truncated(reason))
                .param("job", jobId).update();
    }

    // The worker's transitions ---------------------------------------------------------------

    /**
     * Takes the next claimable run (oldest job first, then the job's order) for a worker, with FOR
     * UPDATE SKIP LOCKED, so concurrent workers never take the same run and never wait for each other.
     */
    public Optional<RunRow> claim(String workerId) {
        // The second run of a pair waits for the first to end: a pair is measured back to back, never
        // at once on two workers (docs/statistics.md, "Paired baselines").
        return jdbc.sql("""
                        WITH next AS (
                            SELECT r.id FROM runs r JOIN jobs j ON j.id = r.job_id
                             WHERE %s
                               AND NOT EXISTS (SELECT 1 FROM runs p
                                                WHERE p.job_id = r.job_id AND p.pair = r.pair AND p.jdk = r.jdk
                                                  AND p.thread_model = r.thread_model AND p.side <> r.side
                                                  AND p.seq < r.seq AND p.status IN %s)
                             ORDER BY j.created_at, j.id, r.seq
                             LIMIT 1
                             FOR UPDATE OF r SKIP LOCKED)
                        UPDATE runs SET status = :running, worker_id = :worker, heartbeat_at = now(),
                               started_at = now(), finished_at = NULL, attempt = attempt + 1,
                               current_step = 'claimed', current_level = NULL, failure_reason = NULL
                          FROM next
                         WHERE runs.id = next.id
                        RETURNING runs.*""".formatted(CLAIMABLE, Sql.in(RunStatus.open())))
                .param("running", QUEUED.requireMoveTo(RUNNING).name()).param("worker", workerId)
                .query(rows).optional();
    }

    /** Where an owned run's processes run (its cores), as the worker placed them. */
    public boolean placed(long runId, String workerId, String placement) {
        return jdbc.sql("UPDATE runs SET placement = :placement WHERE id = :id AND worker_id = :worker AND status = "
                        + Sql.is(RUNNING))
                .param("placement", Sql.truncated(placement, 500)).param("id", runId).param("worker", workerId).update() == 1;
    }

    /** False when the worker no longer owns the run (it was recovered): it must stop working on it. */
    public boolean heartbeat(long runId, String workerId) {
        return jdbc.sql("UPDATE runs SET heartbeat_at = now() WHERE id = :id AND worker_id = :worker AND status = "
                        + Sql.is(RUNNING))
                .param("id", runId).param("worker", workerId).update() == 1;
    }

    /** Where an owned run is: its Batch step and load level. */
    public boolean step(long runId, String workerId, String step, Integer level) {
        return jdbc.sql("""
                        UPDATE runs SET current_step = :step, current_level = :level, heartbeat_at = now()
                         WHERE id = :id AND worker_id = :worker AND status = """ + Sql.is(RUNNING))
                .param("step", step).param("level", level).param("id", runId).param("worker", workerId).update() == 1;
    }

    /** Ends a run the worker owns with its outcome; false when it was taken from the worker first. */
    public boolean finish(long runId, String workerId, RunStatus outcome, String reason) {
        return jdbc.sql("""
                        UPDATE runs SET status = :outcome, failure_reason = :reason, finished_at = now(), current_step = NULL
                         WHERE id = :id AND worker_id = :worker AND status = """ + Sql.is(RUNNING))
                .param("outcome", RUNNING.requireMoveTo(outcome).name()).param("reason", Sql.truncated(reason))
                .param("id", runId).param("worker", workerId).update() == 1;
    }

    /**
     * Gives an owned run back to the queue without using up an attempt (a graceful stop is not the
     * run's failure); false when it was taken from the worker first.
     */
    public boolean release(long runId, String workerId, String reason) {
        return jdbc.sql("""
                        UPDATE runs SET status = :queued, worker_id = NULL, current_step = NULL, current_level = NULL,
                               started_at = NULL, failure_reason = :reason, attempt = attempt - 1
                         WHERE id = :id AND worker_id = :worker AND status = """ + Sql.is(RUNNING))
                .param("queued", RUNNING.requireMoveTo(QUEUED).name()).param("reason", Sql.truncated(reason))
                .param("id", runId).param("worker", workerId).update() == 1;
    }

    /** RUNNING runs whose heartbeat is older than {@code staleAfter}, locked (SKIP LOCKED) for recovery. */
    public List<RunRow> lockStale(Duration staleAfter) {
        return jdbc.sql("SELECT * FROM runs WHERE status = " + Sql.is(RUNNING)
                        + " AND heartbeat_at < now() - make_interval(secs => :secs) FOR UPDATE SKIP LOCKED")
                .param("secs", seconds(staleAfter)).query(rows).list();
    }

    /** RUNNING runs under a worker id, locked (SKIP LOCKED) for recovery. */
    public List<RunRow> lockOwnedBy(String workerId) {
        return jdbc.sql("SELECT * FROM runs WHERE status = " + Sql.is(RUNNING)
                        + " AND worker_id = :worker FOR UPDATE SKIP LOCKED")
                .param("worker", workerId).query(rows).list();
    }

    /** Queues a recovered run again, for any worker. */
    public boolean requeue(long runId, String reason) {
        return jdbc.sql("""
                        UPDATE runs SET status = :queued, worker_id = NULL, current_step = NULL, current_level = NULL,
                               started_at = NULL, failure_reason = :reason
                         WHERE id = :id AND status = """ + Sql.is(RUNNING))
                .param("queued", RUNNING.requireMoveTo(QUEUED).name()).param("reason", Sql.truncated(reason))
                .param("id", runId).update() == 1;
    }

    /** Fails a recovered run that used up its attempts; its points stay. */
    public boolean fail(long runId, String reason) {
        return jdbc.sql("""
                        UPDATE runs SET status = :failed, finished_at = now(), current_step = NULL, failure_reason = :reason
                         WHERE id = :id AND status = """ + Sql.is(RUNNING))
                .param("failed", RUNNING.requireMoveTo(FAILED).name()).param("reason", Sql.truncated(reason))
                .param("id", runId).update() == 1;
    }

    /** Whether the run is RUNNING on another worker whose heartbeat is fresh: its containers must live. */
    public boolean ownedElsewhere(long runId, String workerId, Duration staleAfter) {
        return jdbc.sql("""
                        SELECT EXISTS (SELECT 1 FROM runs WHERE id = :id AND worker_id <> :worker
                           AND heartbeat_at >= now() - make_interval(secs => :secs) AND status = %s)"""
                        .formatted(Sql.is(RUNNING)))
                .param("id", runId).param("worker", workerId).param("secs", seconds(staleAfter))
                .query(Boolean.class).single();
    }

    private static double seconds(Duration duration) {
        return duration.toMillis() / 1000.0;
    }
}
