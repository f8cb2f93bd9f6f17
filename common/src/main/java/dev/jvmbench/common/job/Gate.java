package dev.jvmbench.common.job;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which metrics decide a job's verdict against its baseline, and the smallest relative change
 * (percent) of each that counts. Metric ids are those of GET /api/v1/catalog/metrics.
 *
 * <p>{@code includeNotSteady}: whether points whose measured window was not steady (the steadiness
 * test, docs/statistics.md) count in the gate metrics' verdicts. By default they do not: a window
 * still warming up or degrading says nothing about the app's steady state, so a regression found
 * in it would fail a build for the wrong reason. They are still shown everywhere.
 */
public record Gate(
        @Size(min = 1, max = 20, message = "must hold 1 to 20 metric ids")
        List<@NotBlank(message = "must be a metric id") String> metrics,
        @DecimalMin(value = "0", message = "must be between 0 and 1000 percent")
        @DecimalMax(value = "1000", message = "must be between 0 and 1000 percent") Double thresholdPercent,
        @Size(max = 20, message = "must hold at most 20 metrics")
        Map<@NotBlank(message = "must be a metric id") String,
                @NotNull(message = "must not be null")
                @DecimalMin(value = "0", message = "must be between 0 and 1000 percent")
                @DecimalMax(value = "1000", message = "must be between 0 and 1000 percent") Double> thresholds,
        Boolean includeNotSteady,
        @Valid ConfirmPolicy confirm,
        @Min(value = 2, message = "must be between 2 and " + Gate.MAX_PAIRS)
        @Max(value = Gate.MAX_PAIRS, message = "must be between 2 and " + Gate.MAX_PAIRS)
        Integer maxPairs) {

    /** The most pairs a paired verdict may grow to while it is undecided: 20 pairs are 40 runs per cell. */
    public static final int MAX_PAIRS = 20;

    public static final double DEFAULT_THRESHOLD_PERCENT = 5.0;
    public static final Gate DEFAULT = new Gate(List.of("throughputRps", "latencyP95Ms"), DEFAULT_THRESHOLD_PERCENT, Map.of(),
            false, ConfirmPolicy.DEFAULT, null);

    /**
     * Confirmation before alerting (docs/statistics.md): when the verdict against the baseline is
     * regressed or improved, each flagged cell runs {@code extraRepetitions} more times (interleaved
     * with the other flagged cells) and the verdict only stands if those runs alone say the same.
     * 0 turns it off.
     */
    public record ConfirmPolicy(
            @Min(value = 0, message = "must be between 0 and " + MAX_EXTRA_REPETITIONS)
            @Max(value = MAX_EXTRA_REPETITIONS, message = "must be between 0 and " + MAX_EXTRA_REPETITIONS)
            Integer extraRepetitions) {

        public static final int MAX_EXTRA_REPETITIONS = 6;
        /** As many as the default repetitions: the check then has the power of the test it checks. */
        public static final int DEFAULT_EXTRA_REPETITIONS = 3;
        public static final ConfirmPolicy DEFAULT = new ConfirmPolicy(DEFAULT_EXTRA_REPETITIONS);
        public static final ConfirmPolicy OFF = new ConfirmPolicy(0);
    }

    Gate normalized() {
        return new Gate(metrics == null ? DEFAULT.metrics : List.copyOf(new java.util.LinkedHashSet<>(metrics)),
                thresholdPercent == null ? DEFAULT_THRESHOLD_PERCENT : thresholdPercent,
                thresholds == null ? Map.of() : new TreeMap<>(thresholds),
                includeNotSteady != null && includeNotSteady,
                confirm == null || confirm.extraRepetitions() == null ? ConfirmPolicy.DEFAULT : confirm, maxPairs);
    }

    /**
     * How many pairs a paired verdict may grow to (docs/statistics.md, "Enough pairs to decide"): while
     * a cell's interval neither lies wholly beyond a gate metric's threshold nor wholly within it, the
     * job adds a pair of that cell, up to this many; the planned repetitions when the gate sets none
     * (no pair is added).
     */
    public int pairsUpTo(int repetitions) {
        return maxPairs == null ? repetitions : Math.max(repetitions, maxPairs);
    }

    /** Extra repetitions per flagged cell; 0 (off) for specs stored before the option. */
    public int confirmRepetitions() {
        return confirm == null || confirm.extraRepetitions() == null ? 0 : confirm.extraRepetitions();
    }

    /** Whether not-steady points count in the gate's verdicts (false for specs stored before the option). */
    public boolean countsNotSteady() {
        return Boolean.TRUE.equals(includeNotSteady);
    }

    /** The threshold of one metric: its own if given, else the gate's. */
    public double thresholdOf(String metric) {
        Double own = thresholds == null ? null : thresholds.get(metric);
        return own != null ? own : thresholdPercent == null ? DEFAULT_THRESHOLD_PERCENT : thresholdPercent;
    }
}
