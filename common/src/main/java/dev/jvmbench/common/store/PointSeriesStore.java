package dev.jvmbench.common.store;

import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.series.SeriesPhase;
import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * The owner of the table point_series: the per-second series of each level's warm-up and
 * measured window. A level's series is written when it ends and completed later (the JVM's
 * columns once the recording is read): a write merges its columns into the stored ones. Methods
 * take part in the caller's transaction.
 */
public class PointSeriesStore {

    private final JdbcClient jdbc;
    private final RecordRows<SeriesRow> rows;
    private final String upsert;

    public PointSeriesStore(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.rows = new RecordRows<>(SeriesRow.class, json);
        this.upsert = "INSERT INTO point_series (" + rows.columns(Set.of()) + ") VALUES (" + rows.values(Set.of())
                + ") ON CONFLICT (run_id, level_index, phase) DO UPDATE SET metrics = point_series.metrics || EXCLUDED.metrics"
                + " WHERE point_series.start_ms = EXCLUDED.start_ms AND point_series.seconds = EXCLUDED.seconds";
    }

    /**
     * Stores a window's columns; the columns of a second write for the same window are added to
     * (or replace) the first's. A second write over other seconds changes nothing.
     */
    public void store(long runId, int levelIndex, SeriesPhase phase, PointSeries series) {
        jdbc.sql(upsert).params(rows.params(SeriesRow.of(runId, levelIndex, phase, series))).update();
    }

    /** A run's series, by level and phase (warm-up first). */
    public List<SeriesRow> ofRun(long runId) {
        return jdbc.sql("SELECT * FROM point_series WHERE run_id = :run ORDER BY level_index, phase DESC")
                .param("run", runId).query(rows).list();
    }

    /** Deletes the series of a run's attempt that is given up. */
    public int deleteOfRun(long runId) {
        return jdbc.sql("DELETE FROM point_series WHERE run_id = :run").param("run", runId).update();
    }
}
