package dev.jvmbench.api.analysis;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/**
 * The per-level metrics that statistics, comparisons and history work on: their wire id, the
 * result_points column they come from and which direction is better. Definitions: docs/metrics.md.
 */
public enum Metric {
    THROUGHPUT_RPS("throughputRps", "Throughput", "req/s", "throughput_rps", Direction.HIGHER),
    ERROR_RATE("errorRate", "Error rate", "share", "error_rate", Direction.LOWER),
    LATENCY_P50_MS("latencyP50Ms", "Latency p50", "ms", "latency_p50_ms", Direction.LOWER),
    LATENCY_P95_MS("latencyP95Ms", "Latency p95", "ms", "latency_p95_ms", Direction.LOWER),
    LATENCY_P99_MS("latencyP99Ms", "Latency p99", "ms", "latency_p99_ms", Direction.LOWER),
    CPU_MS_PER_REQUEST("cpuMsPerRequest", "CPU per request", "ms", "cpu_ms_per_request", Direction.LOWER),
    MEMORY_PER_REQUEST_MB("memoryPerRequestMb", "Memory per request", "MB", "memory_per_request_mb", Direction.LOWER),
    MEMORY_PEAK_MB("memoryPeakMb", "Peak memory", "MB", "memory_peak_mb", Direction.LOWER),
    CONTEXT_SWITCHES_PER_REQUEST("contextSwitchesPerRequest", "Context switches per request", "switches",
            "context_switches_per_request", Direction.LOWER),
    GC_PAUSE_MS_PER_SECOND("gcPauseMsPerSecond", "GC pause", "ms/s", "gc_pause_ms_per_s", Direction.LOWER),
    HEAP_MEAN_MB("heapMeanMb", "Heap used (mean)", "MB", "heap_mean_mb", Direction.LOWER),
    VT_PINNED_EVENTS("vtPinnedEvents", "Virtual-thread pinning events", "events", "vt_pinned_events", Direction.LOWER),
    PLATFORM_THREADS_PEAK("platformThreadsPeak", "Platform threads (peak)", "threads", "platform_threads_peak",
            Direction.LOWER);

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
    private final String column;
    private final Direction direction;

    Metric(String id, String label, String unit, String column, Direction direction) {
        this.id = id;
        this.label = label;
        this.unit = unit;
        this.column = column;
        this.direction = direction;
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

    String column() {
        return column;
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
