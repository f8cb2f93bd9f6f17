package dev.jvmbench.api.analysis;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.api.query.StorableText;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ThreadModel;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Reads jobs, runs and result points for analysis, in one query per job set. */
@Component
class StoredResults {

    private static final TypeReference<Map<String, String>> LABELS = new TypeReference<>() {
    };
    private static final String METRIC_COLUMNS = Arrays.stream(Metric.values())
            .map(m -> "p." + m.column()).collect(Collectors.joining(", "));

    private final JdbcClient jdbc;
    private final JsonMapper json;

    StoredResults(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    record JobFacts(long id, JobStatus status, String appRef, String scenario, JobSpec spec, Map<String, String> labels,
                    Instant createdAt, Instant finishedAt, Long baselineJobId, String baselineNote) {
    }

    record RunFacts(long id, int seq, int jdk, ThreadModel threadModel, int repetition, RunStatus status,
                    String failureReason) {
    }

    record PointFacts(long runId, int levelIndex, int level, Map<Metric, Double> values, List<String> flags) {
    }

    /** A job with every run and every point, runs in execution order. */
    record JobResults(JobFacts job, List<RunFacts> runs, List<PointFacts> points) {
    }

    JobFacts job(long id) {
        return findJob(id).orElseThrow(() -> ApiException.notFound("job", id));
    }

    Optional<JobFacts> findJob(long id) {
        return jdbc.sql("SELECT * FROM jobs WHERE id = :id").param("id", id).query(this::jobFacts).optional();
    }

    JobResults results(long jobId) {
        return results(job(jobId));
    }

    JobResults results(JobFacts job) {
        return resultsOf(List.of(job)).getFirst();
    }

    /** Jobs of one app and scenario, optionally narrowed by labels, the newest {@code limit}, oldest first. */
    List<JobFacts> jobsOf(String appRef, String scenario, Map<String, String> labels, int limit) {
        if (!StorableText.storable(labels, appRef, scenario)) {
            return List.of();
        }
        List<JobFacts> newestFirst = jdbc.sql("""
                        SELECT * FROM jobs
                        WHERE app_ref = :app AND scenario = :scenario AND labels @> CAST(:labels AS jsonb)
                          AND status IN ('SUCCEEDED', 'FAILED', 'CANCELLED')
                        ORDER BY created_at DESC, id DESC LIMIT :limit""")
                .param("app", appRef).param("scenario", scenario)
                .param("labels", json.writeValueAsString(labels)).param("limit", limit)
                .query(this::jobFacts).list();
        List<JobFacts> oldestFirst = new ArrayList<>(newestFirst);
        java.util.Collections.reverse(oldestFirst);
        return oldestFirst;
    }

    List<JobResults> resultsOf(List<JobFacts> jobs) {
        if (jobs.isEmpty()) {
            return List.of();
        }
        List<Long> ids = jobs.stream().map(JobFacts::id).toList();
        Map<Long, List<RunFacts>> runs = jdbc.sql("SELECT * FROM runs WHERE job_id IN (:ids) ORDER BY job_id, seq")
                .param("ids", ids)
                .query((rs, i) -> Map.entry(rs.getLong("job_id"), new RunFacts(rs.getLong("id"), rs.getInt("seq"),
                        rs.getInt("jdk"), ThreadModel.valueOf(rs.getString("thread_model")), rs.getInt("repetition"),
                        RunStatus.valueOf(rs.getString("status")), rs.getString("failure_reason"))))
                .list().stream()
                .collect(Collectors.groupingBy(Map.Entry::getKey, LinkedHashMap::new,
                        Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
        Map<Long, List<PointFacts>> points = jdbc.sql("SELECT r.job_id, p.run_id, p.level_index, p.level, p.flags, "
                        + METRIC_COLUMNS + " FROM result_points p JOIN runs r ON r.id = p.run_id"
                        + " WHERE r.job_id IN (:ids) ORDER BY r.job_id, r.seq, p.level_index")
                .param("ids", ids)
                .query((rs, i) -> Map.entry(rs.getLong("job_id"), pointFacts(rs)))
                .list().stream()
                .collect(Collectors.groupingBy(Map.Entry::getKey, LinkedHashMap::new,
                        Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
        return jobs.stream().map(j -> new JobResults(j, runs.getOrDefault(j.id(), List.of()),
                points.getOrDefault(j.id(), List.of()))).toList();
    }

    private PointFacts pointFacts(ResultSet rs) throws SQLException {
        Map<Metric, Double> values = new EnumMap<>(Metric.class);
        for (Metric metric : Metric.values()) {
            double value = rs.getDouble(metric.column());
            if (!rs.wasNull()) {
                values.put(metric, value);
            }
        }
        Array flags = rs.getArray("flags");
        List<String> flagList = flags == null ? List.of() : Arrays.asList((String[]) flags.getArray());
        return new PointFacts(rs.getLong("run_id"), rs.getInt("level_index"), rs.getInt("level"), values, flagList);
    }

    private JobFacts jobFacts(ResultSet rs, int row) throws SQLException {
        long baseline = rs.getLong("baseline_job_id");
        Long baselineId = rs.wasNull() ? null : baseline;
        return new JobFacts(rs.getLong("id"), JobStatus.valueOf(rs.getString("status")), rs.getString("app_ref"),
                rs.getString("scenario"), json.readValue(rs.getString("spec"), JobSpec.class),
                json.readValue(rs.getString("labels"), LABELS), instant(rs.getTimestamp("created_at")),
                instant(rs.getTimestamp("finished_at")), baselineId, rs.getString("baseline_note"));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
