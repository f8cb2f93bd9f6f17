package dev.jvmbench.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.job.ThreadModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Enough pairs to decide: when a gate row's interval settles a cell, and what the cell's check says. */
class DecisionTest {

    private static final CellKey CELL = new CellKey(25, ThreadModel.VIRTUAL);

    private static Comparisons.Row throughput(double ratio, double low, double high, int pairs, Verdict verdict) {
        return new Comparisons.Row(Metric.THROUGHPUT_RPS, Metric.Direction.HIGHER, 80, 100, 100 * ratio, ratio, low, high,
                pairs, pairs, 5.0, verdict, 0, 0, null, pairs);
    }

    @Test
    void anIntervalWhollyBeyondOrWhollyWithinTheThresholdDecides() {
        assertThat(Decision.decided(throughput(0.80, 0.78, 0.83, 3, Verdict.REGRESSED))).as("beyond, worse").isTrue();
        assertThat(Decision.decided(throughput(1.20, 1.10, 1.30, 3, Verdict.IMPROVED))).as("beyond, better").isTrue();
        assertThat(Decision.decided(throughput(1.00, 0.97, 1.04, 3, Verdict.NO_DETECTABLE_CHANGE))).as("within").isTrue();
        assertThat(Decision.decided(throughput(0.98, 0.96, 0.99, 3, Verdict.WITHIN_TOLERANCE))).as("within, detectable").isTrue();
        assertThat(Decision.decided(throughput(0.95, 0.95, 0.95, 3, Verdict.REGRESSED))).as("at the threshold").isTrue();
    }

    @Test
    void anIntervalAcrossTheThresholdOrNoIntervalLeavesItOpen() {
        assertThat(Decision.decided(throughput(0.93, 0.90, 0.99, 3, Verdict.REGRESSED))).as("regressed, but maybe by less")
                .isFalse();
        assertThat(Decision.decided(throughput(1.00, 0.92, 1.08, 3, Verdict.NO_DETECTABLE_CHANGE)))
                .as("no detectable change, but maybe 8 % either way").isFalse();
        assertThat(Decision.decided(throughput(0.90, 0.90, 0.90, 1, Verdict.NOT_JUDGED))).as("one pair").isFalse();
        assertThat(Decision.decided(new Comparisons.Row(Metric.ERROR_RATE, Metric.Direction.LOWER,
                80, 0, 0.01, null, null, null, 3, 3, 5.0, Verdict.REGRESSED, 0, 0, null, 3))).as("from zero").isTrue();
    }

    @Test
    void aCellGrowsWhileOpenAndBelowTheMaximumAndIsUndecidedAtIt() {
        var open = throughput(0.93, 0.90, 0.99, 3, Verdict.REGRESSED);
        var within = throughput(1.00, 0.99, 1.01, 3, Verdict.NO_DETECTABLE_CHANGE);
        assertThat(Decision.check(CELL, List.of(open, within), 6, true).state()).isEqualTo(Decision.State.ADDING_PAIRS);
        assertThat(Decision.check(CELL, List.of(open, within), 3, true).state()).isEqualTo(Decision.State.UNDECIDED);
        assertThat(Decision.check(CELL, List.of(open), 6, false).state()).as("the job ended").isEqualTo(Decision.State.UNDECIDED);
        var undecided = Decision.check(CELL, List.of(open, within), 3, true);
        assertThat(undecided.pairs()).isEqualTo(3);
        assertThat(undecided.open()).containsExactly("Throughput at 80: ×0.930 [0.900, 0.990] straddles the 5 % threshold");
        assertThat(Decision.check(CELL, List.of(within), 6, true).state()).isEqualTo(Decision.State.DECIDED);
    }
}
