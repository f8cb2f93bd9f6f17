package dev.jvmbench.api.result;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.jvmbench.api.finding.FindingCounts;
import dev.jvmbench.common.store.Point;
import io.swagger.v3.oas.annotations.media.Schema;
import dev.jvmbench.common.store.StoredPoint;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One load level of one run. Null means "not measured for this app" (e.g. no Prometheus
 * endpoint, or no theoretical ceiling for the scenario). Definitions: docs/metrics.md. The level's
 * latency histogram stays out (it is large): its per-second series is GET /api/v1/runs/{id}/series.
 */
record PointView(long id, long runId, int levelIndex, int level, double measuredSeconds, long requests,
                 long successes, long errors, double errorRate, Map<String, Long> errorsByCause,
                 double throughputRps, Latency latencyMs, Cpu cpu, Memory memory,
                 Double contextSwitchesPerRequest, Jvm jvm, Monitoring monitoring, LoadGenerator loadGenerator,
                 Ceiling ceiling, Integer nofileLimit, List<String> flags, Steadiness steadiness, Warmup warmup,
                 @Schema(description = "How fast the app's own cores ran in the window (docs/metrics.md, \"Core speed\"); "
                         + "absent when the app had no cores of its own (shared cores, the Kubernetes engine) or for "
                         + "points measured before the probe existed")
                 CoreSpeed coreSpeed,
                 @Schema(description = "The findings of this level by severity (GET /api/v1/runs/{id}/findings lists them)")
                 FindingCounts findings, Instant createdAt) {

    /** The wire shape of a stored point: the same figures, grouped. A new metric gets its place here. */
    static PointView of(StoredPoint stored, FindingCounts findings) {
        Point p = stored.point();
        return new PointView(stored.id(), p.runId(), p.levelIndex(), p.level(), p.measuredSeconds(), p.requests(),
                p.successes(), p.errors(), p.errorRate(), p.errorsByCause(), p.throughputRps(),
                new Latency(p.latencyP50Ms(), p.latencyP95Ms(), p.latencyP99Ms(), p.latencyMaxMs()),
                new Cpu(p.cpuMsPerRequest(), p.cpuPercentOfLimit(), p.cpuThrottledPeriods(), p.cpuThrottledMs()),
                new Memory(p.memoryMeanMb(), p.memoryPeakMb(), p.memoryPerRequestMb()),
                p.contextSwitchesPerRequest(),
                new Jvm(p.gcPauseMsPerSecond(), p.heapMeanMb(), p.vtPinnedEvents(), p.vtMountedMean(), p.vtQueuedMean(),
                        p.carrierParallelism(), p.platformThreadsPeak(), p.liveThreadsPeak()),
                new Monitoring(p.scrapeSuccessShare()),
                new LoadGenerator(p.loadgenCpuPercent(), p.loadgenSaturated(), p.offeredRateReached()),
                new Ceiling(p.theoreticalCeilingRps(), p.ceilingShare()),
                p.nofileLimit(), p.flags(), Steadiness.of(p), Warmup.of(p), CoreSpeed.of(p), findings, stored.createdAt());
    }

    /**
     * Was the measured window steady (docs/statistics.md, "Steadiness"): the verdict, and the
     * fitted relative drift over the window with its 95% interval (null when undetermined).
     * Absent for points measured before the test existed.
     */
    @Schema(name = "Steadiness")
    record Steadiness(SteadinessVerdict verdict, Double drift, Double driftLow, Double driftHigh) {

        static Steadiness of(Point p) {
            return p.steadiness() == null ? null : new Steadiness(SteadinessVerdict.of(p.steadiness()),
                    p.steadinessDrift(), p.steadinessDriftLow(), p.steadinessDriftHigh());
        }
    }

    /**
     * The warm-up this level had before its window (docs/statistics.md, "Adaptive warm-up"): its
     * seconds, and for an adaptive one whether it ended steady (false: its maximum ended it).
     * Absent for points measured before it was stored.
     */
    @Schema(name = "PointWarmup")
    record Warmup(Integer seconds, Boolean adaptive, Boolean steady) {

        static Warmup of(Point p) {
            return p.warmupSecondsUsed() == null ? null
                    : new Warmup(p.warmupSecondsUsed(), p.warmupSteady() != null, p.warmupSteady());
        }
    }

    /**
     * The app's cores over the window: the median of the core-speed probe's per-second rates (steps per
     * CPU-microsecond of a fixed reference workload) and how far its 5-second means moved, in % of it.
     */
    @Schema(name = "PointCoreSpeed")
    record CoreSpeed(double stepsPerCpuMicrosecond, Double spreadPercent) {

        static CoreSpeed of(Point p) {
            return p.coreSpeed() == null ? null : new CoreSpeed(p.coreSpeed(), p.coreSpeedSpreadPercent());
        }
    }

    /** The steadiness verdict on the wire. */
    enum SteadinessVerdict {
        STEADY, NOT_STEADY, UNDETERMINED;

        static SteadinessVerdict of(dev.jvmbench.common.stats.Steadiness.Verdict verdict) {
            return valueOf(verdict.name());
        }

        @JsonValue
        String wire() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    record Latency(Double p50, Double p95, Double p99, Double max) {
    }

    record Cpu(Double msPerRequest, Double percentOfLimit, Long throttledPeriods, Double throttledMs) {
    }

    record Memory(Double meanMb, Double peakMb, Double perRequestMb) {
    }

    record Jvm(Double gcPauseMsPerSecond, Double heapMeanMb, Long virtualThreadPinnedEvents,
               Double virtualThreadsMountedMean, Double virtualThreadsQueuedMean, Integer carrierParallelism,
               Integer platformThreadsPeak, Integer liveThreadsPeak) {
    }

    record Monitoring(Double scrapeSuccessShare) {
    }

    record LoadGenerator(Double cpuPercent, boolean saturated, Boolean offeredRateReached) {
    }

    record Ceiling(Double theoreticalRps, Double measuredShare) {
    }
}
