package dev.jvmbench.common.series;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One value per whole second for a window (a level's warm-up or measured window): the second
 * {@code start + i} holds {@code values.get(metric).get(i)}, null where that second has no value.
 * Columns by metric id (docs/metrics.md, "Per-second series"), so a chart draws a column as is
 * and a new metric is a new key. Error counts by cause use the ids {@code errors.<cause>}.
 *
 * @param start   the first second, in seconds since the epoch
 * @param seconds the window's length; every column has exactly this many entries
 */
public record PointSeries(long start, int seconds, Map<String, List<Double>> values) {

    public PointSeries {
        if (seconds < 0) {
            throw new IllegalArgumentException("seconds must be >= 0, was " + seconds);
        }
        Map<String, List<Double>> copy = new TreeMap<>();
        for (var column : Objects.requireNonNull(values, "values").entrySet()) {
            if (column.getValue().size() != seconds) {
                throw new IllegalArgumentException("column " + column.getKey() + " has " + column.getValue().size()
                        + " values for " + seconds + " seconds");
            }
            copy.put(column.getKey(), Collections.unmodifiableList(new ArrayList<>(column.getValue())));
        }
        values = Collections.unmodifiableMap(copy);
    }

    /** An empty series over {@code [start, start + seconds)}. */
    public static Builder over(long start, int seconds) {
        return new Builder(start, seconds);
    }

    /** A column, or a column of nulls when the metric was not measured. */
    public List<Double> column(String metric) {
        List<Double> column = values.get(metric);
        return column != null ? column : Collections.nCopies(seconds, null);
    }

    public boolean has(String metric) {
        return values.containsKey(metric);
    }

    /** The same seconds with the columns of {@code other} added (or replaced); other must cover the same seconds. */
    public PointSeries with(PointSeries other) {
        if (other.start != start || other.seconds != seconds) {
            throw new IllegalArgumentException("series over different seconds: [" + start + "+" + seconds + "] and ["
                    + other.start + "+" + other.seconds + "]");
        }
        Map<String, List<Double>> merged = new TreeMap<>(values);
        merged.putAll(other.values);
        return new PointSeries(start, seconds, merged);
    }

    /** Fills columns second by second; seconds outside the window are ignored. */
    public static final class Builder {
        private final long start;
        private final int seconds;
        private final Map<String, Double[]> columns = new TreeMap<>();

        private Builder(long start, int seconds) {
            this.start = start;
            this.seconds = seconds;
        }

        public Builder put(String metric, long epochSecond, Double value) {
            long index = epochSecond - start;
            if (index >= 0 && index < seconds) {
                columns.computeIfAbsent(metric, m -> new Double[seconds])[(int) index] = value;
            }
            return this;
        }

        /** Declares a column even if no second gets a value (measured, nothing seen). */
        public Builder column(String metric) {
            columns.computeIfAbsent(metric, m -> new Double[seconds]);
            return this;
        }

        public PointSeries build() {
            Map<String, List<Double>> values = new TreeMap<>();
            columns.forEach((metric, column) -> values.put(metric, Arrays.asList(column.clone())));
            return new PointSeries(start, seconds, values);
        }
    }
}
