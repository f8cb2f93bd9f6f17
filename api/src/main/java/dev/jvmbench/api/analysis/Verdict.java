package dev.jvmbench.api.analysis;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The outcome of one comparison, in four words so that a reader can tell "nothing happened" from
 * "a real change smaller than the threshold":
 * <ul>
 *   <li>{@link #NO_DETECTABLE_CHANGE}: the 95% interval of the ratio includes 1;</li>
 *   <li>{@link #WITHIN_TOLERANCE}: the interval excludes 1 (the change is real) but the ratio moves
 *       by less than the threshold;</li>
 *   <li>{@link #IMPROVED} / {@link #REGRESSED}: the interval excludes 1 <em>and</em> the ratio moves
 *       by at least the threshold, in the metric's better / worse direction.</li>
 *   <li>{@link #NOT_JUDGED}: a side has one run there, so there is no interval to judge by: the
 *       ratio is shown, not called a change.</li>
 * </ul>
 * Only {@link #REGRESSED} fails the CI gate. Verdicts are computed on read, never stored.
 */
public enum Verdict {
    IMPROVED("improved"), REGRESSED("regressed"), WITHIN_TOLERANCE("change within tolerance"),
    NO_DETECTABLE_CHANGE("no detectable change"), NOT_JUDGED("not judged");

    /** Runs a side needs at a level for its rows to be judged: one run's "interval" is its single value. */
    static final int MIN_RUNS = 2;

    private final String wire;

    Verdict(String wire) {
        this.wire = wire;
    }

    @JsonValue
    public String wire() {
        return wire;
    }

    static Verdict of(Metric.Direction direction, Bootstrap.Ratio ratio, double thresholdPercent) {
        double threshold = thresholdPercent / 100.0;
        boolean detectablyUp = ratio.low() > 1.0;
        boolean detectablyDown = ratio.high() < 1.0;
        if (!detectablyUp && !detectablyDown) {
            return NO_DETECTABLE_CHANGE;
        }
        boolean beyondThreshold = detectablyUp ? ratio.value() - 1.0 >= threshold : 1.0 - ratio.value() >= threshold;
        if (!beyondThreshold) {
            return WITHIN_TOLERANCE;
        }
        return detectablyUp == (direction == Metric.Direction.HIGHER) ? IMPROVED : REGRESSED;
    }

    /**
     * A baseline median of 0 (e.g. no errors, no pinning): a ratio means nothing and there is no
     * tolerance to be within, only the appearance of the quantity (its interval above 0) counts.
     */
    static Verdict fromZeroBaseline(Metric.Direction direction, Estimate candidate) {
        if (candidate.low() <= 0) {
            return NO_DETECTABLE_CHANGE;
        }
        return direction == Metric.Direction.HIGHER ? IMPROVED : REGRESSED;
    }

    /** The verdict of a row whose sides had these runs: not judged when one had fewer than {@link #MIN_RUNS}. */
    static Verdict judged(Verdict statistical, int baselineRuns, int candidateRuns) {
        return Math.min(baselineRuns, candidateRuns) < MIN_RUNS ? NOT_JUDGED : statistical;
    }

    /**
     * The verdict over several: any regression wins, then any improvement, then any change within
     * tolerance; no detectable change when nothing changed (or there was nothing to judge); not
     * judged only when every verdict was.
     */
    static Verdict overall(Iterable<Verdict> verdicts) {
        boolean improved = false;
        boolean withinTolerance = false;
        boolean judged = false;
        boolean notJudged = false;
        for (Verdict v : verdicts) {
            if (v == REGRESSED) {
                return REGRESSED;
            }
            improved |= v == IMPROVED;
            withinTolerance |= v == WITHIN_TOLERANCE;
            judged |= v != NOT_JUDGED;
            notJudged |= v == NOT_JUDGED;
        }
        return improved ? IMPROVED : withinTolerance ? WITHIN_TOLERANCE
                : notJudged && !judged ? NOT_JUDGED : NO_DETECTABLE_CHANGE;
    }

    /** Whether the change is real (the interval excludes 1, or the quantity appeared from 0); never for a row not judged. */
    boolean detectable() {
        return this == IMPROVED || this == REGRESSED || this == WITHIN_TOLERANCE;
    }
}
