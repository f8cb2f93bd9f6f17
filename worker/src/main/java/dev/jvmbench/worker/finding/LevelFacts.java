package dev.jvmbench.worker.finding;

import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.stats.Steadiness;
import dev.jvmbench.worker.probe.CoreSpeed;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the rules know of one measured level: the point's figures, its per-second series and the
 * probes' readings that a point does not keep. A null is "not measured".
 *
 * @param series              the measured window, one value per second (null when the generator gave none)
 * @param steadiness          the trend test of the window
 * @param osThreadsAtReady    OS threads of the JVM when the app became ready (before any load)
 * @param osThreadsPeak       the most OS threads in the window
 * @param openFdsPeak         the most open file descriptors in the window
 * @param closeWaitEnd        the app's sockets in CLOSE_WAIT at the window's end
 * @param closeWaitGrowth     how many more than at its start
 * @param poolPendingMax      most threads waiting for a pooled connection (HikariCP), when exposed
 * @param poolAcquireMeanMs   mean time to get a pooled connection, when exposed
 * @param poolMax             the pool's maximum size, when exposed
 * @param vtQueuedMean        virtual threads queued for a carrier (micrometer-java21), when exposed
 * @param vtParallelism       carrier parallelism, when exposed
 * @param threadsGrownByName  OS threads by name (digits folded) that were more at the window's end than when
 *                            the app became ready, by how many, the most first; empty when not read
 * @param coreSpeed           how fast the app's own cores ran over the window (unmeasured when it had none)
 * @param carriersAtEnd       the virtual-thread scheduler's carriers alive at the window's end, by thread name
 *                            ({@link dev.jvmbench.worker.probe.ThreadNames#CARRIERS}); null when not read
 */
public record LevelFacts(int levelIndex, int level, Instant start, Instant end, double measuredSeconds,
                         long requests, long successes, long errors, Map<String, Long> errorsByCause,
                         double throughputRps, Double latencyP50Ms, Double latencyP95Ms, Double latencyP99Ms,
                         Double cpuPercentOfLimit, Long throttledPeriods, Double throttledMs,
                         Double scrapeSuccessShare, double loadgenCpuPercent, int loadgenCpuCores,
                         boolean loadgenSaturated, Boolean offeredRateReached, Double ceilingRps, Double ceilingShare,
                         PointSeries series, Steadiness.Result steadiness, Integer osThreadsAtReady,
                         Integer osThreadsPeak, Integer openFdsPeak, Integer closeWaitEnd, Integer closeWaitGrowth,
                         Double poolPendingMax, Double poolAcquireMeanMs, Double poolMax, Double vtQueuedMean,
                         Double vtParallelism, Map<String, Integer> threadsGrownByName, CoreSpeed.Window coreSpeed,
                         Integer carriersAtEnd) {

    public LevelFacts {
        errorsByCause = Map.copyOf(errorsByCause);
        // a LinkedHashMap keeps the order the probe gave, the most grown first
        threadsGrownByName = threadsGrownByName == null ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(threadsGrownByName));
        coreSpeed = coreSpeed == null ? CoreSpeed.Window.unmeasured("not measured") : coreSpeed;
    }

    public long errorsOf(String cause) {
        return errorsByCause.getOrDefault(cause, 0L);
    }
}
