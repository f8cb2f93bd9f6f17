package dev.jvmbench.common.series;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One value per second of a window (a level's warm-up or measured window): row {@code i} covers
 * {@code [startMs + i s, startMs + (i + 1) s)} and holds {@code values.get(metric).get(i)}, null
 * where that second has no value. The rows start where the load generator started the window
 * (its per-second rows, docs/metrics.md), so every probe's sample falls in exactly one row.
 * Columns by metric id (docs/metrics.md, "Per-second series"), so a chart draws a column as is
 * and a new metric is a new key. Error counts by cause use the ids {@code errors.<cause>}.
 *
 * @param startMs the window's start, epoch milliseconds
 * @param seconds the window's length in rows; every column has exactly this many entries
 */
public record PointSeries(long startMs, int seconds, Map<String, List<Double>> values) {

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

    /** An empty series of {@code seconds} rows from {@code start}. */
    public static Builder over(Instant start, int seconds) {
        return new Builder(start.toEpochMilli(), seconds);
    }

    /** The start of row {@code i}. */
    public Instant at(int row) {
        return Instant.ofEpochMilli(startMs + row * 1000L);
    }

    /** The row holding {@code at}, or -1 when it lies outside the window. */
    public int rowOf(Instant at) {
        long offset = at.toEpochMilli() - startMs;
        return offset < 0 || offset >= seconds * 1000L ? -1 : (int) (offset / 1000);
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
        if (other.startMs != startMs || other.seconds != seconds) {
            throw new IllegalArgumentException("series over different rows: [" + startMs + "+" + seconds + "] and ["
                    + other.startMs + "+" + other.seconds + "]");
        }
        Map<String, List<Double>> merged = new TreeMap<>(values);
        merged.putAll(other.values);
        return new PointSeries(startMs, seconds, merged);
    }

    /** Fills columns row by row; moments outside the window are ignored. */
    public static final class Builder {
        private final long startMs;
        private final int seconds;
        private final Map<String, Double[]> columns = new TreeMap<>();

        private Builder(long startMs, int seconds) {
            this.startMs = startMs;
            this.seconds = seconds;
        }

        /** Sets row {@code row} of a column. */
        public Builder put(String metric, int row, Double value) {
            if (row >= 0 && row < seconds) {
                columns.computeIfAbsent(metric, m -> new Double[seconds])[row] = value;
            }
            return this;
        }

        /** Sets the row holding {@code at}. */
        public Builder put(String metric, Instant at, Double value) {
            long offset = at.toEpochMilli() - startMs;
            return offset < 0 ? this : put(metric, (int) Math.min(Integer.MAX_VALUE, offset / 1000), value);
        }

        /** Declares a column even if no second gets a value (measured, nothing seen). */
        public Builder column(String metric) {
            columns.computeIfAbsent(metric, m -> new Double[seconds]);
            return this;
        }

        public PointSeries build() {
            Map<String, List<Double>> values = new TreeMap<>();
            columns.forEach((metric, column) -> values.put(metric, Arrays.asList(column.clone())));
            return new PointSeries(startMs, seconds, values);
        }
    }
}
