package dev.jvmbench.loadgen.protocol;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Map;

/**
 * One second of a window, on the wire as one JSON array in this order (about one short line of
 * numbers per second):
 * {@code [startMs, started, successes, errors, p50, p95, p99, max, inFlightMin, inFlightMean, inFlightMax, errorsByCause]}.
 * Row {@code i} of a window starting at {@code S} (epoch ms) covers {@code [S + i s, S + (i+1) s)};
 * the last row is shorter when the window is not a whole number of seconds. Definitions:
 * {@code docs/metrics.md} ("Per-second series").
 *
 * @param startMs       epoch milliseconds at which this second starts
 * @param started       requests started in this second (answered or not)
 * @param successes     requests that finished in this second with the expected status
 * @param errors        requests that finished in this second as errors
 * @param p50           latency percentiles and maximum (ms) of the requests that finished in this
 *                      second, failed ones included; null when none finished
 * @param inFlightMin   fewest, mean and most requests in flight over the 50 ms samples taken in
 *                      this second; null when no sample fell in it
 * @param errorsByCause this second's errors by cause (sums to {@code errors})
 */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
@JsonPropertyOrder({"startMs", "started", "successes", "errors", "p50", "p95", "p99", "max", "inFlightMin",
        "inFlightMean", "inFlightMax", "errorsByCause"})
public record SecondStats(long startMs, long started, long successes, long errors, Integer p50, Integer p95,
        Integer p99, Integer max, Integer inFlightMin, Double inFlightMean, Integer inFlightMax,
        Map<String, Long> errorsByCause) {

    public SecondStats {
        Rules.check(startMs > 0, "startMs must be an epoch millisecond");
        Rules.check(started >= 0 && successes >= 0 && errors >= 0, "counts must be >= 0");
        boolean finished = successes + errors > 0;
        boolean none = p50 == null && p95 == null && p99 == null && max == null;
        boolean all = p50 != null && p95 != null && p99 != null && max != null;
        Rules.check(finished ? all : none, "latency is set exactly when requests finished in the second");
        Rules.check(!all || (p50 >= 0 && p50 <= p95 && p95 <= p99 && p99 <= max),
                "latency must satisfy 0 <= p50 <= p95 <= p99 <= max");
        boolean noSample = inFlightMin == null && inFlightMean == null && inFlightMax == null;
        boolean sampled = inFlightMin != null && inFlightMean != null && inFlightMax != null;
        Rules.check(noSample || sampled, "in-flight min, mean and max are all set or all null");
        Rules.check(noSample || (inFlightMin >= 0 && inFlightMin <= inFlightMean && inFlightMean <= inFlightMax),
                "in-flight must satisfy 0 <= min <= mean <= max");
        errorsByCause = Rules.map(errorsByCause, "errorsByCause");
        Rules.check(Rules.sum(errorsByCause) == errors, "errorsByCause must sum to errors");
    }

    /** Requests that finished in this second, successes and errors. */
    public long finished() {
        return successes + errors;
    }
}
