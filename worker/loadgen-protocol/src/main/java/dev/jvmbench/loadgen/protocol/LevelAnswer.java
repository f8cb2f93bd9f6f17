package dev.jvmbench.loadgen.protocol;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * The answer to {@link LevelCommand}: what the generator measured in the level's measured window
 * (its warm-up excluded, except {@code warmupSeries}). Definitions: {@code docs/metrics.md}.
 *
 * @param measuredStart      ISO-8601 instant: Gatling's first user start of the measured simulation
 * @param measuredEnd        {@code measuredStart + measuredSeconds}
 * @param requests           finished requests ({@code successes + errors})
 * @param errorsByCause      {@code status-<code>}, {@code timeout}, {@code connection-refused}, ... (Gatling's error records)
 * @param latencyMs          Gatling's percentiles over every finished request, failed ones included
 * @param throughputRps      successes / measuredSeconds
 * @param startedRps         requests started / measuredSeconds, answered or not
 * @param offeredRps         open model: the arrival rate asked for; null for closed
 * @param offeredRateReached open model: startedRps >= 95% of offeredRps; null for closed
 * @param activeUsersMin     fewest requests in flight in the 50 ms samples, first and last half second ignored
 * @param cpuMs              generator CPU over the measured simulation ...
 * @param cpuWindowMs        ... and that simulation's wall time
 * @param cpuCores           cores the generator JVM may use
 * @param series             one row per second of the measured window ({@link SecondStats})
 * @param warmupSeries       one row per second of the level's warm-up; empty without warm-up
 * @param latencyHistogram   every finished request's latency in the measured window (ms, 3
 *                           significant digits), HdrHistogram's compressed V2 encoding in base64
 */
@JsonPropertyOrder({"ok", "level", "model", "measuredStart", "measuredEnd", "measuredSeconds", "requests", "successes",
        "errors", "errorsByCause", "latencyMs", "throughputRps", "startedRps", "offeredRps", "offeredRateReached",
        "activeUsersMin", "cpuMs", "cpuWindowMs", "cpuCores", "series", "warmupSeries", "latencyHistogram"})
public record LevelAnswer(boolean ok, int level, LoadModel model, String measuredStart, String measuredEnd,
        double measuredSeconds, long requests, long successes, long errors, Map<String, Long> errorsByCause,
        Latency latencyMs, double throughputRps, double startedRps, Double offeredRps, Boolean offeredRateReached,
        Integer activeUsersMin, long cpuMs, long cpuWindowMs, int cpuCores, List<SecondStats> series,
        List<SecondStats> warmupSeries, String latencyHistogram) implements Answer {

    public LevelAnswer {
        Rules.check(ok, "a LevelAnswer has ok=true");
        Rules.check(level >= 1, "level must be >= 1");
        Rules.required(model, "model");
        Rules.instant(measuredStart, "measuredStart");
        Rules.instant(measuredEnd, "measuredEnd");
        Rules.check(measuredSeconds > 0, "measuredSeconds must be > 0");
        Rules.check(successes >= 0 && errors >= 0 && requests == successes + errors,
                "requests must equal successes + errors");
        errorsByCause = Rules.map(errorsByCause, "errorsByCause");
        Rules.required(latencyMs, "latencyMs");
        Rules.check((model == LoadModel.OPEN) == (offeredRps != null) && (offeredRps == null) == (offeredRateReached == null),
                "offeredRps and offeredRateReached are set exactly for the open model");
        series = List.copyOf(Rules.required(series, "series"));
        warmupSeries = warmupSeries == null ? List.of() : List.copyOf(warmupSeries);
        Rules.check(latencyHistogram != null && !latencyHistogram.isBlank(), "missing field: latencyHistogram");
    }
}
