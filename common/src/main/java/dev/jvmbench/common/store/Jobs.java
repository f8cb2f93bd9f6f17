package dev.jvmbench.common.store;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.ThreadModel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * The owner of the table jobs: every statement that reads or writes it is here. Status changes are
 * compare-and-set updates whose legal sources come from {@link JobStatus}'s table, never spelled
 * in SQL. Methods take part in the caller's transaction (the api's submission and cancel, the
 * worker's claim and settlement) and open none of their own.
 */
public class Jobs {

    private static final Set<String> GENERATED = Set.of("id");
    private final JdbcClient jdbc;
    private final JsonMapper json;
    private final RecordRows<JobRow> rows;
    private final String insert;

    public Jobs(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
        this.rows = new RecordRows<>(JobRow.class, json);
        this.insert = "INSERT INTO jobs (" + rows.columns(GENERATED) + ") VALUES (" + rows.values(GENERATED)
                + ") RETURNING id";
    }

    /** Stores a new job; its id. */
    public long insert(JobRow job) {
        return jdbc.sql(insert).params(rows.params(job)).query(Long.class).single();
    }

    public Optional<JobRow> find(long id) {
        return jdbc.sql("SELECT * FROM jobs WHERE id = :id").param("id", id).query((rs, n) -> rows.read(rs)).optional();
    }

    public boolean exists(long id) {
        return jdbc.sql("SELECT EXISTS (SELECT 1 FROM jobs WHERE id = :id)").param("id", id).query(Boolean.class).single();
    }

    /** Filters of the job list; a null or empty filter matches every job. */
    public record Filter(List<JobStatus> statuses, Map<String, String> labels, String app, String scenario, Integer jdk,
                         ThreadModel threadModel, Instant createdAfter, Instant createdBefore) {
    }

    /** One page of jobs, newest first, and how many match in all. */
    public record Page(List<JobRow> rows, long total) {
    }

    /**
     * One page of the jobs matching every given filter, newest first (created_at, then id, so the
     * order is stable when two jobs share a timestamp), with the number of matches counted in the
     * same statement. Every filter is on an indexed column (V3__jobs.sql).
     */
    public Page page(Filter filter, int page, int size) {
        List<String> where = new ArrayList<>();
        Map<String, Object> params = new LinkedHashMap<>();
        if (filter.statuses() != null && !filter.statuses().isEmpty()) {
            where.add("status IN " + Sql.in(filter.statuses()));
        }
        if (filter.labels() != null && !filter.labels().isEmpty()) {
            where.add("labels @> CAST(:labels AS jsonb)");
            params.put("labels", json.writeValueAsString(filter.labels()));
        }
        if (filter.app() != null) {
            where.add("app_ref = :app");
            params.put("app", filter.app());
        }
        if (filter.scenario() != null) {
            where.add("scenario = :scenario");
            params.put("scenario", filter.scenario());
        }
        if (filter.jdk() != null) {
            where.add("jdks @> ARRAY[CAST(:jdk AS integer)]");
            params.put("jdk", filter.jdk());
        }
        if (filter.threadModel() != null) {
            where.add("thread_models @> ARRAY[CAST(:threadModel AS varchar)]");
            params.put("threadModel", filter.threadModel().name());
        }
        if (filter.createdAfter() != null) {
            where.add("created_at >= :createdAfter");
            params.put("createdAfter", Sql.utc(filter.createdAfter()));
        }
        if (filter.createdBefore() != null) {
            where.add("created_at < :createdBefore");
            params.put("createdBefore", Sql.utc(filter.createdBefore()));
        }
        String clause = where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where);
        long[] total = {-1};
        List<JobRow> found = jdbc.sql("SELECT *, count(*) OVER () AS matching FROM jobs" + clause
                        + " ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset")
                .params(params).param("limit", size).param("offset", (long) page * size)
                .query((rs, n) -> {
                    total[0] = rs.getLong("matching");
                    return rows.read(rs);
                }).list();
        if (total[0] < 0) {
            // A page past the end has no row to carry the count.
            total[0] = jdbc.sql("SELECT count(*) FROM jobs" + clause).params(params).query(Long.class).single();
        }
        return new Page(found, total[0]);
    }

    /** The newest SUCCEEDED job of an app and scenario carrying every given label: a baseline. */
    public Optional<Long> latestSucceeded(String appRef, String scenario, Map<String, String> labels) {
        return jdbc.sql("""
                        SELECT id FROM jobs
                        WHERE app_ref = :app AND scenario = :scenario AND status = %s
                          AND labels @> CAST(:labels AS jsonb)
                        ORDER BY created_at DESC, id DESC LIMIT 1""".formatted(Sql.is(JobStatus.SUCCEEDED)))
                .param("app", appRef).param("scenario", scenario)
                .param("labels", json.writeValueAsString(labels))
                .query(Long.class).optional();
    }

    /** The ended jobs of one app and scenario carrying every given label, the newest {@code limit}, newest first. */
    public List<JobRow> ended(String appRef, String scenario, Map<String, String> labels, int limit) {
        return jdbc.sql("""
                        SELECT * FROM jobs
                        WHERE app_ref = :app AND scenario = :scenario AND labels @> CAST(:labels AS jsonb)
                          AND status IN %s
                        ORDER BY created_at DESC, id DESC LIMIT :limit""".formatted(Sql.in(JobStatus.ended())))
                .param("app", appRef).param("scenario", scenario)
                .param("labels", json.writeValueAsString(labels))
                .param("limit", limit)
                .query((rs, n) -> rows.read(rs)).list();
    }

    /** Jobs in the database by status (platform metrics). */
    public Map<JobStatus, Long> countByStatus() {
        Map<JobStatus, Long> counts = new EnumMap<>(JobStatus.class);
        jdbc.sql("SELECT status, count(*) FROM jobs GROUP BY status")
                .query((RowCallbackHandler) rs -> counts.put(JobStatus.valueOf(rs.getString(1)), rs.getLong(2)));
        return counts;
    }

    /**
     * The job's status, its row locked until the transaction ends. The worker settles a job under
     * this lock, so two workers ending its last two runs at once cannot both miss the other's.
     */
    public JobStatus lockStatus(long id) {
        return JobStatus.valueOf(jdbc.sql("SELECT status FROM jobs WHERE id = :id FOR UPDATE").param("id", id)
                .query(String.class).single());
    }

    /** The status of the job a run belongs to. */
    public JobStatus statusOfRun(long runId) {
        return JobStatus.valueOf(jdbc.sql("SELECT j.status FROM jobs j JOIN runs r ON r.job_id = j.id WHERE r.id = :id")
                .param("id", runId).query(String.class).single());
    }

    /**
     * Moves the job to {@code next} from whichever status may legally precede it
     * ({@link JobStatus#sourcesOf}). False when it is in none of them: another actor moved it first.
     */
    public boolean transition(long id, JobStatus next, String reason) {
        return transition(id, JobStatus.sourcesOf(next), next, reason);
    }

    /**
     * Compare-and-set from the status the caller saw: false when the job is no longer {@code from}.
     *
     * @throws IllegalArgumentException when the table does not allow {@code from -> next}
     */
    public boolean transition(long id, JobStatus from, JobStatus next, String reason) {
        if (!from.canMoveTo(next)) {
            throw new IllegalArgumentException("a job cannot move from " + from + " to " + next);
        }
        return transition(id, Set.of(from), next, reason);
    }

    /**
     * Sets started_at when the job starts running and finished_at when it ends; keeps the reason
     * it had when none is given; bumps version (the row's change counter).
     */
    private boolean transition(long id, Set<JobStatus> sources, JobStatus next, String reason) {
        return jdbc.sql("""
                        UPDATE jobs SET status = :next, status_reason = COALESCE(:reason, status_reason),
                               started_at = CASE WHEN :running THEN COALESCE(started_at, now()) ELSE started_at END,
                               finished_at = CASE WHEN :ended THEN now() ELSE finished_at END,
                               version = version + 1
                         WHERE id = :id AND status IN %s
                        """.formatted(Sql.in(sources)))
                .param("next", next.name()).param("reason", Sql.truncated(reason))
                .param("running", next == JobStatus.RUNNING).param("ended", next.isFinal())
                .param("id", id)
                .update() == 1;
    }

    /** What a worker needs of a job to execute one of its runs: the spec and, for an uploaded JAR, where it lies. */
    public record Work(JobSpec spec, UploadedJar jar) {
    }

    /** An uploaded JAR (artifacts row) a job runs. */
    public record UploadedJar(long artifactId, String sha256, String mainClass, String storagePath) {
    }

    /** Reads the artifacts row of an uploaded JAR with the job, in one statement (artifacts itself is the api's). */
    public Work work(long id) {
        return jdbc.sql("""
                        SELECT j.spec::text AS spec, a.id AS artifact_id, a.sha256, a.main_class, a.storage_path
                          FROM jobs j LEFT JOIN artifacts a ON a.id = j.artifact_id
                         WHERE j.id = :id""")
                .param("id", id)
                .query((rs, n) -> new Work(json.readValue(rs.getString("spec"), JobSpec.class),
                        rs.getObject("artifact_id") == null ? null : new UploadedJar(rs.getLong("artifact_id"),
                                rs.getString("sha256"), rs.getString("main_class"), rs.getString("storage_path"))))
                .single();
    }
}
