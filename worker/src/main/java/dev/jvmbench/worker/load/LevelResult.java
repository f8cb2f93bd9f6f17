package dev.jvmbench.worker.load;

import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.stats.LatencyHistogram;
import dev.jvmbench.loadgen.protocol.SecondStats;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the generator measured in one level's measured window (warm-up excluded, except
 * {@code warmupSeries}). Definitions: {@code docs/metrics.md}.
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
 * @param series             one row per second of the measured window, from {@code measuredStart}
 *                           on; its counts add up to this result's
 * @param warmupSeries       one row per second of the level's warm-up; empty without warm-up
 * @param latencyHistogram   every finished request's latency in the measured window, encoded
 *                           (decode with {@link #latencyDistribution()} or {@link LatencyHistogram#decode})
 */
public record LevelResult(LoadModel model, int level, Instant measuredStart, Instant measuredEnd,
        double measuredSeconds, long requests, long successes, long errors, Map<String, Long> errorsByCause,
        Integer p50Ms, Integer p95Ms, Integer p99Ms, Integer maxMs, double throughputRps, Double offeredRps,
        Boolean offeredRateReached, double startedRps, Integer activeUsersMin, double loadgenCpuPercent,
        int loadgenCpuCores, List<SecondStats> series, List<SecondStats> warmupSeries, String latencyHistogram) {

    public LevelResult {
        errorsByCause = Map.copyOf(errorsByCause);
        series = series == null ? List.of() : List.copyOf(series);
        warmupSeries = warmupSeries == null ? List.of() : List.copyOf(warmupSeries);
    }

    /** Without series or histogram: what results carried before they had them (fakes, old tests). */
    public LevelResult(LoadModel model, int level, Instant measuredStart, Instant measuredEnd,
            double measuredSeconds, long requests, long successes, long errors, Map<String, Long> errorsByCause,
            Integer p50Ms, Integer p95Ms, Integer p99Ms, Integer maxMs, double throughputRps, Double offeredRps,
            Boolean offeredRateReached, double startedRps, Integer activeUsersMin, double loadgenCpuPercent,
            int loadgenCpuCores) {
        this(model, level, measuredStart, measuredEnd, measuredSeconds, requests, successes, errors, errorsByCause,
                p50Ms, p95Ms, p99Ms, maxMs, throughputRps, offeredRps, offeredRateReached, startedRps, activeUsersMin,
                loadgenCpuPercent, loadgenCpuCores, List.of(), List.of(), null);
    }

    /** errors / requests, 0 when nothing was sent. */
    public double errorRate() {
        return requests == 0 ? 0 : (double) errors / requests;
    }

    /** CPU of the generator as a share of all the cores it could use (1.0 = saturated). */
    public double loadgenCpuShare() {
        return loadgenCpuCores == 0 ? 0 : loadgenCpuPercent / 100.0 / loadgenCpuCores;
    }

    /** The decoded latency histogram; empty when this result carries none. */
    public LatencyHistogram latencyDistribution() {
        return latencyHistogram == null ? LatencyHistogram.empty() : LatencyHistogram.decode(latencyHistogram);
    }
}
