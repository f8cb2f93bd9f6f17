package dev.jvmbench.api.analysis;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The outcome of one comparison. A change counts only when it is both statistically significant
 * (the 95% interval of the ratio excludes 1) and practically significant (the ratio moves by at
 * least the threshold), in the metric's better or worse direction.
 */
public enum Verdict {
    IMPROVED("improved"), REGRESSED("regressed"), NO_SIGNIFICANT_CHANGE("no significant change");

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
        boolean up = ratio.low() > 1.0 && ratio.value() - 1.0 >= threshold;
        boolean down = ratio.high() < 1.0 && 1.0 - ratio.value() >= threshold;
        if (!up && !down) {
            return NO_SIGNIFICANT_CHANGE;
        }
        return up == (direction == Metric.Direction.HIGHER) ? IMPROVED : REGRESSED;
    }

    /** A baseline median of 0 (e.g. no errors, no pinning): only the appearance of the quantity counts. */
    static Verdict fromZeroBaseline(Metric.Direction direction, Estimate candidate) {
        if (candidate.low() <= 0) {
            return NO_SIGNIFICANT_CHANGE;
        }
        return direction == Metric.Direction.HIGHER ? IMPROVED : REGRESSED;
    }

    /** The worst of several verdicts: any regression wins, then any improvement. */
    static Verdict overall(Iterable<Verdict> verdicts) {
        boolean improved = false;
        for (Verdict v : verdicts) {
            if (v == REGRESSED) {
                return REGRESSED;
            }
            improved |= v == IMPROVED;
        }
        return improved ? IMPROVED : NO_SIGNIFICANT_CHANGE;
    }
}
