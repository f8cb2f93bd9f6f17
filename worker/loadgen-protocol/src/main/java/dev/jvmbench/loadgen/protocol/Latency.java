package dev.jvmbench.loadgen.protocol;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Latency percentiles in milliseconds over every finished request of a window, failed ones
 * included (a timeout counts at its timeout); all null when nothing finished. Gatling computes
 * them (a t-digest), so only their presence is checked here, not their order.
 */
@JsonPropertyOrder({"p50", "p95", "p99", "max"})
public record Latency(Integer p50, Integer p95, Integer p99, Integer max) {

    public Latency {
        boolean none = p50 == null && p95 == null && p99 == null && max == null;
        boolean all = p50 != null && p95 != null && p99 != null && max != null;
        Rules.check(none || all, "latency percentiles are all set or all null");
    }

    public static Latency none() {
        return new Latency(null, null, null, null);
    }
}
