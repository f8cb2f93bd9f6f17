package dev.jvmbench.common.store;

import dev.jvmbench.common.stats.Steadiness;

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
 *
 * <p>{@code steadiness} and its drift are the trend test of the window's per-second series
 * (docs/statistics.md, "Steadiness"); {@code latencyHistogram} is every finished request's latency
 * as an HdrHistogram (compressed V2, base64), null when the generator sent none.
 * {@code warmupSecondsUsed} is the warm-up the level had (adaptive warm-up decides it) and
 * {@code warmupSteady} whether an adaptive one ended steady (null for a fixed warm-up).
 * {@code coreSpeed} is how fast the app's own cores ran in the window (the median of the core-speed
 * probe's per-second rates, steps per CPU-microsecond) and {@code coreSpeedSpreadPercent} how far that
 * moved within it (docs/metrics.md, "Core speed"); null when the app had no cores of its own.
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
                    List<String> flags, Steadiness.Verdict steadiness, Double steadinessDrift,
                    Double steadinessDriftLow, Double steadinessDriftHigh, String latencyHistogram,
                    Integer warmupSecondsUsed, Boolean warmupSteady, Double coreSpeed,
                    Double coreSpeedSpreadPercent) {

    public Point {
        errorsByCause = errorsByCause == null ? Map.of() : errorsByCause;
        flags = flags == null ? List.of() : List.copyOf(flags);
    }

    /** The flag of a point whose window was not steady (docs/findings.md, not-steady). */
    public static final String NOT_STEADY_FLAG = "not-steady";

    /** The same point, its window judged by the steadiness test (and flagged when not steady). */
    public Point withSteadiness(Steadiness.Result result) {
        List<String> judgedFlags = flags;
        if (result.verdict() == Steadiness.Verdict.NOT_STEADY && !flags.contains(NOT_STEADY_FLAG)) {
            judgedFlags = new java.util.ArrayList<>(flags);
            judgedFlags.add(NOT_STEADY_FLAG);
        }
        return new Point(runId, levelIndex, level, measuredSeconds, requests, successes, errors, errorsByCause,
                throughputRps, latencyP50Ms, latencyP95Ms, latencyP99Ms, latencyMaxMs, cpuMsPerRequest,
                cpuPercentOfLimit, cpuThrottledPeriods, cpuThrottledMs, memoryMeanMb, memoryPeakMb, memoryPerRequestMb,
                contextSwitchesPerRequest, gcPauseMsPerSecond, heapMeanMb, vtPinnedEvents, vtMountedMean, vtQueuedMean,
                carrierParallelism, platformThreadsPeak, liveThreadsPeak, scrapeSuccessShare, loadgenCpuPercent,
                loadgenSaturated, offeredRateReached, theoreticalCeilingRps, ceilingShare, nofileLimit, judgedFlags,
                result.verdict(), result.drift(), result.driftLow(), result.driftHigh(), latencyHistogram,
                warmupSecondsUsed, warmupSteady, coreSpeed, coreSpeedSpreadPercent);
    }

    /** The same point with the warm-up its level had. */
    public Point withWarmup(int seconds, Boolean steady) {
        return new Point(runId, levelIndex, level, measuredSeconds, requests, successes, errors, errorsByCause,
                throughputRps, latencyP50Ms, latencyP95Ms, latencyP99Ms, latencyMaxMs, cpuMsPerRequest,
                cpuPercentOfLimit, cpuThrottledPeriods, cpuThrottledMs, memoryMeanMb, memoryPeakMb, memoryPerRequestMb,
                contextSwitchesPerRequest, gcPauseMsPerSecond, heapMeanMb, vtPinnedEvents, vtMountedMean, vtQueuedMean,
                carrierParallelism, platformThreadsPeak, liveThreadsPeak, scrapeSuccessShare, loadgenCpuPercent,
                loadgenSaturated, offeredRateReached, theoreticalCeilingRps, ceilingShare, nofileLimit, flags,
                steadiness, steadinessDrift, steadinessDriftLow, steadinessDriftHigh, latencyHistogram, seconds, steady,
                coreSpeed, coreSpeedSpreadPercent);
    }

    /** Whether the window was found not steady (an undetermined or missing verdict is not "not steady"). */
    public boolean notSteady() {
        return steadiness == Steadiness.Verdict.NOT_STEADY;
    }

    /** Stored in its own column (error_rate) so that SQL can filter on it; never set apart from the counts. */
    public double errorRate() {
        return requests == 0 ? 0 : (double) errors / requests;
    }
}
