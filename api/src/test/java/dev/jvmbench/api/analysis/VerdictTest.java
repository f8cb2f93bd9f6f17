package dev.jvmbench.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The four words of a comparison: nothing detectable, a real change within tolerance, improved,
 * regressed. The case that asked for them: a 5% injected upstream slowdown measured as x0.951
 * [0.946, 0.953], a real change under the 5% threshold that used to read "no significant change".
 */
class VerdictTest {

    private static final double THRESHOLD = 5.0;

    @Test
    void anIntervalThatIncludesOneIsNoDetectableChange() {
        var ratio = new Bootstrap.Ratio(0.97, 0.92, 1.01);
        assertThat(Verdict.of(Metric.Direction.HIGHER, ratio, THRESHOLD)).isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
        assertThat(Verdict.of(Metric.Direction.LOWER, ratio, THRESHOLD)).isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
        // even a large median change is not detectable when the interval still holds 1
        assertThat(Verdict.of(Metric.Direction.HIGHER, new Bootstrap.Ratio(0.80, 0.60, 1.05), THRESHOLD))
                .isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
        assertThat(Verdict.NO_DETECTABLE_CHANGE.wire()).isEqualTo("no detectable change");
    }

    @Test
    void theFivePercentSlowdownJustUnderTheThresholdIsAChangeWithinTolerance() {
        var slowdown = new Bootstrap.Ratio(0.951, 0.946, 0.953);
        assertThat(Verdict.of(Metric.Direction.HIGHER, slowdown, THRESHOLD)).isEqualTo(Verdict.WITHIN_TOLERANCE);
        assertThat(Verdict.of(Metric.Direction.LOWER, slowdown, THRESHOLD)).isEqualTo(Verdict.WITHIN_TOLERANCE);
        assertThat(Verdict.of(Metric.Direction.LOWER, new Bootstrap.Ratio(1.03, 1.01, 1.05), THRESHOLD))
                .isEqualTo(Verdict.WITHIN_TOLERANCE);
        assertThat(Verdict.WITHIN_TOLERANCE.wire()).isEqualTo("change within tolerance");
        // the same change against a smaller threshold counts
        assertThat(Verdict.of(Metric.Direction.HIGHER, slowdown, 4.0)).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void aDetectableChangeOfAtLeastTheThresholdIsARegressionInTheWorseDirection() {
        var drop = new Bootstrap.Ratio(0.90, 0.87, 0.93);
        assertThat(Verdict.of(Metric.Direction.HIGHER, drop, THRESHOLD)).isEqualTo(Verdict.REGRESSED);
        var rise = new Bootstrap.Ratio(1.10, 1.07, 1.13);
        assertThat(Verdict.of(Metric.Direction.LOWER, rise, THRESHOLD)).isEqualTo(Verdict.REGRESSED);
        // exactly the threshold counts
        assertThat(Verdict.of(Metric.Direction.HIGHER, new Bootstrap.Ratio(0.95, 0.94, 0.96), THRESHOLD))
                .isEqualTo(Verdict.REGRESSED);
        assertThat(Verdict.REGRESSED.wire()).isEqualTo("regressed");
    }

    @Test
    void aDetectableChangeOfAtLeastTheThresholdIsAnImprovementInTheBetterDirection() {
        assertThat(Verdict.of(Metric.Direction.HIGHER, new Bootstrap.Ratio(1.10, 1.07, 1.13), THRESHOLD))
                .isEqualTo(Verdict.IMPROVED);
        assertThat(Verdict.of(Metric.Direction.LOWER, new Bootstrap.Ratio(0.90, 0.87, 0.93), THRESHOLD))
                .isEqualTo(Verdict.IMPROVED);
        assertThat(Verdict.IMPROVED.wire()).isEqualTo("improved");
    }

    @Test
    void aZeroBaselineCountsOnlyTheQuantityAppearing() {
        assertThat(Verdict.fromZeroBaseline(Metric.Direction.LOWER, new Estimate(0, 0, 0, 3)))
                .isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
        assertThat(Verdict.fromZeroBaseline(Metric.Direction.LOWER, new Estimate(2, 0, 4, 3)))
                .isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
        assertThat(Verdict.fromZeroBaseline(Metric.Direction.LOWER, new Estimate(12, 9, 15, 3))).isEqualTo(Verdict.REGRESSED);
        assertThat(Verdict.fromZeroBaseline(Metric.Direction.HIGHER, new Estimate(12, 9, 15, 3))).isEqualTo(Verdict.IMPROVED);
    }

    @Test
    void onlyARealChangeIsDetectable() {
        assertThat(Verdict.NO_DETECTABLE_CHANGE.detectable()).isFalse();
        assertThat(Verdict.WITHIN_TOLERANCE.detectable()).isTrue();
        assertThat(Verdict.IMPROVED.detectable()).isTrue();
        assertThat(Verdict.REGRESSED.detectable()).isTrue();
    }
}
