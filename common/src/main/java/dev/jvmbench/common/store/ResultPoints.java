package dev.jvmbench.common.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * The owner of the table result_points. Its columns are {@link Point}'s components (RecordRows
 * maps one to the other), so the insert and the reads below need no change for a new metric:
 * docs/architecture.md, "Adding a metric". A point is keyed by run and level: the worker's retried
 * writes never duplicate one. Methods take part in the caller's transaction.
 */
public class ResultPoints {

    /** Named before the snake_case rule. */
    private static final Map<String, String> COLUMN_OF = Map.of("gcPauseMsPerSecond", "gc_pause_ms_per_s");
    private final JdbcClient jdbc;
    private final RecordRows<Point> rows;
    private final String insert;

    public ResultPoints(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.rows = new RecordRows<>(Point.class, json, COLUMN_OF);
        this.insert = "INSERT INTO result_points (" + rows.columns(Set.of()) + ", error_rate) VALUES ("
                + rows.values(Set.of()) + ", :errorRate) ON CONFLICT (run_id, level_index) DO NOTHING";
    }

    /** Stores a point; a second write of the same run and level changes nothing. */
    public void insert(Point point) {
        jdbc.sql(insert).params(rows.params(point)).param("errorRate", point.errorRate()).update();
    }

    /**
     * Fills in what the app's JFR recording tells about a level once the run's recording is read:
     * GC pause, mean heap, pinning events (kept when JFR saw none), and one more flag.
     */
    public void updateJvm(long runId, int levelIndex, Double gcPauseMsPerSecond, Double heapMeanMb, Long pinnedEvents,
                          String extraFlag) {
        jdbc.sql("""
                        UPDATE result_points SET gc_pause_ms_per_s = :gc, heap_mean_mb = :heap,
                               vt_pinned_events = COALESCE(:pinned, vt_pinned_events),
                               flags = CASE WHEN CAST(:flag AS varchar) IS NULL OR CAST(:flag AS varchar) = ANY(flags) THEN flags
                                            ELSE array_append(flags, CAST(:flag AS varchar)) END
                         WHERE run_id = :run AND level_index = :idx""")
                .param("gc", gcPauseMsPerSecond).param("heap", heapMeanMb).param("pinned", pinnedEvents)
                .param("flag", extraFlag).param("run", runId).param("idx", levelIndex).update();
    }

    /** Adds a flag (e.g. that JFR was lost) to every point of a run that does not carry it yet. */
    public void flagAll(long runId, String flag) {
        jdbc.sql("""
                        UPDATE result_points SET flags = array_append(flags, CAST(:flag AS varchar))
                         WHERE run_id = :run AND NOT (CAST(:flag AS varchar) = ANY(flags))""")
                .param("flag", flag).param("run", runId).update();
    }

    /** Deletes the points of a run's attempt that is given up, so no attempt mixes with another. */
    public int deleteOfRun(long runId) {
        return jdbc.sql("DELETE FROM result_points WHERE run_id = :run").param("run", runId).update();
    }

    /** A run's points by level, with the job the run belongs to. */
    public record OfRun(long jobId, List<StoredPoint> points) {
    }

    /** Empty when there is no such run (a run without points yet has an empty list). */
    public Optional<OfRun> ofRun(long runId) {
        record Row(long jobId, StoredPoint point) {
        }
        List<Row> found = jdbc.sql("""
                        SELECT r.job_id, p.* FROM runs r LEFT JOIN result_points p ON p.run_id = r.id
                         WHERE r.id = :run ORDER BY p.level_index""")
                .param("run", runId)
                .query((rs, n) -> new Row(rs.getLong("job_id"), rs.getObject("id") == null ? null : stored(rs)))
                .list();
        if (found.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new OfRun(found.getFirst().jobId(),
                found.stream().map(Row::point).filter(Objects::nonNull).toList()));
    }

    /** The points of several jobs' runs, by job, run execution order and level. */
    public List<StoredPoint> ofJobs(Collection<Long> jobIds) {
        if (jobIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("""
                        SELECT p.* FROM result_points p JOIN runs r ON r.id = p.run_id
                         WHERE r.job_id IN (:jobs) ORDER BY r.job_id, r.seq, p.level_index""")
                .param("jobs", jobIds)
                .query((rs, n) -> stored(rs)).list();
    }

    private StoredPoint stored(ResultSet rs) throws SQLException {
        return new StoredPoint(rs.getLong("id"), rs.getObject("created_at", OffsetDateTime.class).toInstant(), rows.mapRow(rs, 0));
    }
}
