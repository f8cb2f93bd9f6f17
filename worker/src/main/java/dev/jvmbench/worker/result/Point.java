package dev.jvmbench.worker.result;

import java.util.List;
import java.util.Map;

/**
 * One result point: a run at one load level. Definitions (docs/metrics.md): throughput =
 * successes / measured seconds; CPU per request = container CPU-ms in the window / requests;
 * memory per request = mean container MB / throughput; context switches per request = delta of
 * voluntary + involuntary switches over the app's threads / requests. A null is "not measured".
 */
public record Point(long runId, int levelIndex, int level, double measuredSeconds, long requests, long successes,
                    long errors, Map<String, Long> errorsByCause, double throughputRps,
                    Double latencyP50Ms, Double latencyP95Ms, Double latencyP99Ms, Double latencyMaxMs,
                    Double cpuMsPerRequest, Double cpuPercentOfLimit, Long cpuThrottledPeriods, Double cpuThrottledMs,
                    Double memoryMeanMb, Double memoryPeakMb, Double memoryPerRequestMb,
                    Double contextSwitchesPerRequest, Long vtPinnedEvents, Double vtMountedMean, Double vtQueuedMean,
                    Integer carrierParallelism, Integer platformThreadsPeak, Integer liveThreadsPeak,
                    Double scrapeSuccessShare, Double loadgenCpuPercent, boolean loadgenSaturated,
                    Boolean offeredRateReached, Double theoreticalCeilingRps, Double ceilingShare, Integer nofileLimit,
                    List<String> flags) {

    public double errorRate() {
        return requests == 0 ? 0 : (double) errors / requests;
    }
}
