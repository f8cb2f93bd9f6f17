package dev.jvmbench.api.analysis;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.jvmbench.common.stats.LatencyHistogram;
import dev.jvmbench.common.store.Point;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;

/**
 * The per-level metrics that statistics, comparisons and history work on: their wire id, the
 * component of the stored {@link Point} they come from and which direction is better. Definitions:
 * docs/metrics.md. A metric is one line here (docs/architecture.md, "Adding a metric").
 */
public enum Metric {
    THROUGHPUT_RPS("throughputRps", "Throughput", "req/s", Point::throughputRps, Direction.HIGHER),
    ERROR_RATE("errorRate", "Error rate", "share", Point::errorRate, Direction.LOWER),
    LATENCY_P50_MS("latencyP50Ms", "Latency p50", "ms", Point::latencyP50Ms, Direction.LOWER),
    LATENCY_P95_MS("latencyP95Ms", "Latency p95", "ms", Point::latencyP95Ms, Direction.LOWER),
    LATENCY_P99_MS("latencyP99Ms", "Latency p99", "ms", Point::latencyP99Ms, Direction.LOWER),
    /** From the cell's merged latency histograms, not a median of the runs' (docs/statistics.md, "Latency distributions"). */
    LATENCY_P999_MS("latencyP999Ms", "Latency p99.9", "ms", 99.9, Direction.LOWER),
    CPU_MS_PER_REQUEST("cpuMsPerRequest", "CPU per request", "ms", Point::cpuMsPerRequest, Direction.LOWER),
    MEMORY_PER_REQUEST_MB("memoryPerRequestMb", "Memory per request", "MB", Point::memoryPerRequestMb, Direction.LOWER),
    MEMORY_PEAK_MB("memoryPeakMb", "Peak memory", "MB", Point::memoryPeakMb, Direction.LOWER),
    CONTEXT_SWITCHES_PER_REQUEST("contextSwitchesPerRequest", "Context switches per request", "switches",
            Point::contextSwitchesPerRequest, Direction.LOWER),
    GC_PAUSE_MS_PER_SECOND("gcPauseMsPerSecond", "GC pause", "ms/s", Point::gcPauseMsPerSecond, Direction.LOWER),
    HEAP_MEAN_MB("heapMeanMb", "Heap used (mean)", "MB", Point::heapMeanMb, Direction.LOWER),
    VT_PINNED_EVENTS("vtPinnedEvents", "Virtual-thread pinning events", "events", Point::vtPinnedEvents, Direction.LOWER),
    PLATFORM_THREADS_PEAK("platformThreadsPeak", "Platform threads (peak)", "threads", Point::platformThreadsPeak,
            Direction.LOWER);

    /**
     * Below this throughput (median req/s at a level) a per-request figure divides a window's CPU,
     * memory or switches by a handful of requests: 1606 MB per request says nothing of the app. The
     * summary shows such a figure as "–" with the reason, and comparisons leave it out with a warning.
     */
    public static final double PER_REQUEST_MIN_RPS = 1.0;

    /** Which way is better; decides whether a ratio above 1 is an improvement or a regression. */
    public enum Direction {
        HIGHER, LOWER;

        @JsonValue
        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final String id;
    private final String label;
    private final String unit;
    private final Function<Point, Number> value;
    private final Direction direction;
    /** The percentile of the merged latency distribution this metric is; null for a per-point column. */
    private final Double mergedPercentile;

    Metric(String id, String label, String unit, Function<Point, Number> value, Direction direction) {
        this.id = id;
        this.label = label;
        this.unit = unit;
        this.value = value;
        this.direction = direction;
        this.mergedPercentile = null;
    }

    Metric(String id, String label, String unit, double mergedPercentile, Direction direction) {
        this.id = id;
        this.label = label;
        this.unit = unit;
        this.value = point -> null;
        this.direction = direction;
        this.mergedPercentile = mergedPercentile;
    }

    @JsonValue
    public String id() {
        return id;
    }

    public String label() {
        return label;
    }

    public String unit() {
        return unit;
    }

    /** The point's value of this metric; null when it was not measured. */
    Double of(Point point) {
        Number measured = value.apply(point);
        return measured == null ? null : measured.doubleValue();
    }

    /**
     * The point's value, a tail percentile read from its decoded latency histogram; null when the
     * point has none (older data, an unreadable one) or no request finished.
     */
    Double of(Point point, LatencyHistogram latency) {
        if (mergedPercentile == null) {
            return of(point);
        }
        return latency == null || latency.count() == 0 ? null : (double) latency.percentile(mergedPercentile);
    }

    /**
     * Whether a cell's value is a percentile of its merged latency distribution, compared through
     * {@link TailBootstrap} rather than as a median of the runs' values.
     */
    boolean merged() {
        return mergedPercentile != null;
    }

    Double mergedPercentile() {
        return mergedPercentile;
    }

    /** A quantity divided by the level's requests (CPU, memory, context switches per request). */
    public boolean perRequest() {
        return id.contains("PerRequest");
    }

    /** Why a per-request figure at this throughput is not shown or compared; null when it is. */
    static String tooFewRequests(Double throughputRps) {
        return throughputRps == null || throughputRps >= PER_REQUEST_MIN_RPS ? null
                : "too few requests: " + SummaryMarkdown.num(throughputRps) + " req/s";
    }

    public Direction direction() {
        return direction;
    }

    public static Optional<Metric> fromId(String id) {
        return Arrays.stream(values()).filter(m -> m.id.equals(id)).findFirst();
    }

    public static java.util.List<String> ids() {
        return Arrays.stream(values()).map(Metric::id).toList();
    }
}
