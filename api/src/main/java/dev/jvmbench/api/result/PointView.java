package dev.jvmbench.api.result;

import dev.jvmbench.common.store.Point;
import dev.jvmbench.common.store.StoredPoint;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One load level of one run. Null means "not measured for this app" (e.g. no Prometheus
 * endpoint, or no theoretical ceiling for the scenario). Definitions: docs/metrics.md.
 */
record PointView(long id, long runId, int levelIndex, int level, double measuredSeconds, long requests,
                 long successes, long errors, double errorRate, Map<String, Long> errorsByCause,
                 double throughputRps, Latency latencyMs, Cpu cpu, Memory memory,
                 Double contextSwitchesPerRequest, Jvm jvm, Monitoring monitoring, LoadGenerator loadGenerator,
                 Ceiling ceiling, Integer nofileLimit, List<String> flags, Instant createdAt) {

    /** The wire shape of a stored point: the same figures, grouped. A new metric gets its place here. */
    static PointView of(StoredPoint stored) {
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
                p.nofileLimit(), p.flags(), stored.createdAt());
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
