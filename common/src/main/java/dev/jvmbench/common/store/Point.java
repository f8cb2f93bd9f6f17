package dev.jvmbench.common.store;

import java.util.List;
import java.util.Map;

/**
 * One result point: a run at one load level, a row of result_points (id and created_at are the
 * database's: {@link StoredPoint}). The worker writes it, the api reads it: one type, so a new
 * metric is a migration and a component here (docs/architecture.md, "Adding a metric").
 *
 * <p>Definitions (docs/metrics.md): throughput = successes / measured seconds; CPU per request =
 * container CPU-ms in the window / requests; memory per request = mean container MB / throughput;
 * context switches per request = delta of voluntary + involuntary switches over the app's threads /
 * requests. A null is "not measured". The JVM's own figures (GC pause, mean heap, pinning events)
 * come from its JFR recording once the run ends: null when the point is first written, filled in by
 * {@link ResultPoints#updateJvm}.
 */
public record Point(long runId, int levelIndex, int level, double measuredSeconds, long requests, long successes,
                    long errors, Map<String, Long> errorsByCause, double throughputRps,
                    Double latencyP50Ms, Double latencyP95Ms, Double latencyP99Ms, Double latencyMaxMs,
                    Double cpuMsPerRequest, Double cpuPercentOfLimit, Long cpuThrottledPeriods, Double cpuThrottledMs,
                    Double memoryMeanMb, Double memoryPeakMb, Double memoryPerRequestMb,
                    Double contextSwitchesPerRequest, Double gcPauseMsPerSecond, Double heapMeanMb,
                    Long vtPinnedEvents, Double vtMountedMean, Double vtQueuedMean,
                    Integer carrierParallelism, Integer platformThreadsPeak, Integer liveThreadsPeak,
                    Double scrapeSuccessShare, Double loadgenCpuPercent, boolean loadgenSaturated,
                    Boolean offeredRateReached, Double theoreticalCeilingRps, Double ceilingShare, Integer nofileLimit,
                    List<String> flags) {

    public Point {
        errorsByCause = errorsByCause == null ? Map.of() : errorsByCause;
        flags = flags == null ? List.of() : List.copyOf(flags);
    }

    /** Stored in its own column (error_rate) so that SQL can filter on it; never set apart from the counts. */
    public double errorRate() {
        return requests == 0 ? 0 : (double) errors / requests;
    }
}
