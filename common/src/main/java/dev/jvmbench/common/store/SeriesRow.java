package dev.jvmbench.common.store;

import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.series.SeriesPhase;
import java.util.List;
import java.util.Map;

/** A row of point_series: one window of one level, its columns by metric id. */
public record SeriesRow(long runId, int levelIndex, SeriesPhase phase, long startMs, int seconds,
                        Map<String, List<Double>> metrics) {

    public static SeriesRow of(long runId, int levelIndex, SeriesPhase phase, PointSeries series) {
        return new SeriesRow(runId, levelIndex, phase, series.startMs(), series.seconds(), series.values());
    }

    public PointSeries series() {
        return new PointSeries(startMs, seconds, metrics);
    }
}
