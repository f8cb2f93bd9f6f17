package dev.jvmbench.worker.load;

import java.time.Instant;
import java.util.Map;

/**
 * What the generator measured in one level's measured window (warm-up excluded).
 *
 * @param throughputRps      successes / measured seconds (not Gatling's mean)
 * @param errorsByCause      {@code timeout}, {@code status-<code>}, {@code connection-refused},
 *                           {@code connection-reset}, {@code connection-closed}, {@code connect-timeout}, {@code other}
 * @param p50Ms              latency percentiles over all finished requests, failed ones included
 *                           (a timeout shows as its timeout); null when nothing finished
 * @param offeredRps         the arrival rate asked for (open model), null for the closed model
 * @param offeredRateReached open model: whether request starts reached 95% of the rate; null for closed
 * @param startedRps         requests started per measured second, answered or not
 * @param activeUsersMin     lowest number of requests in flight seen (sampled every 50 ms, first
 *                           and last half second ignored): below {@code level} in a closed level
 *                           means the generator did not hold its concurrency
 * @param loadgenCpuPercent  CPU the generator process used over the measured window, % of one core
 * @param loadgenCpuCores    cores the generator process could use
 */
public record LevelResult(LoadModel model, int level, Instant measuredStart, Instant measuredEnd,
        double measuredSeconds, long requests, long successes, long errors, Map<String, Long> errorsByCause,
        Integer p50Ms, Integer p95Ms, Integer p99Ms, Integer maxMs, double throughputRps, Double offeredRps,
        Boolean offeredRateReached, double startedRps, Integer activeUsersMin, double loadgenCpuPercent,
        int loadgenCpuCores) {

    public LevelResult {
        errorsByCause = Map.copyOf(errorsByCause);
    }

    /** errors / requests, 0 when nothing was sent. */
    public double errorRate() {
        return requests == 0 ? 0 : (double) errors / requests;
    }

    /** CPU of the generator as a share of all the cores it could use (1.0 = saturated). */
    public double loadgenCpuShare() {
        return loadgenCpuCores == 0 ? 0 : loadgenCpuPercent / 100.0 / loadgenCpuCores;
    }
}
