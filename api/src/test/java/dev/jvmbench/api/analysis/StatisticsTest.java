package dev.jvmbench.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The statistics against data whose answer is known. */
class StatisticsTest {

    @Test
    void theMedianIntervalHoldsTheMedianAndStaysInsideTheData() {
        Estimate e = Bootstrap.median(new double[] {101, 99, 100, 102, 98});
        assertThat(e.median()).isEqualTo(100.0);
        assertThat(e.low()).isBetween(98.0, 100.0);
        assertThat(e.high()).isBetween(100.0, 102.0);
        assertThat(e.runs()).isEqualTo(5);
        Estimate single = Bootstrap.median(new double[] {42});
        assertThat(single).isEqualTo(new Estimate(42, 42, 42, 1));
        assertThat(Bootstrap.median(new double[] {1, 3, 2, 4}).median()).isEqualTo(2.5);
    }

    @Test
    void theSameDataAlwaysGivesTheSameInterval() {
        double[] a = {10.1, 9.7, 10.4, 10.0};
        double[] b = {11.0, 11.3, 10.8, 11.1};
        assertThat(Bootstrap.median(a)).isEqualTo(Bootstrap.median(a.clone()));
        assertThat(Bootstrap.ratio(a, b)).isEqualTo(Bootstrap.ratio(a.clone(), b.clone()));
    }

    @Test
    void identicalInputsGiveNoDetectableChange() {
        double[] runs = {100, 103, 98, 101, 99};
        for (Metric metric : Metric.values()) {
            Comparisons.Row row = Comparisons.row(metric, 20, runs, runs.clone(), 5.0);
            assertThat(row.verdict()).as(metric.id()).isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
            assertThat(row.ratio()).isEqualTo(1.0);
            assertThat(row.ratioLow()).isLessThanOrEqualTo(1.0);
            assertThat(row.ratioHigh()).isGreaterThanOrEqualTo(1.0);
        }
    }

    @Test
    void aKnownDifferenceIsDetectedInTheMetricsDirection() {
        SplittableRandom noise = new SplittableRandom(7);
        double[] before = new double[5];
        double[] after = new double[5];
        for (int i = 0; i < 5; i++) {
            before[i] = 100 * (1 + (noise.nextDouble() - 0.5) * 0.04);   // +-2% noise
            after[i] = 80 * (1 + (noise.nextDouble() - 0.5) * 0.04);     // 20% lower
        }
        var throughput = Comparisons.row(Metric.THROUGHPUT_RPS, 80, before, after, 5.0);
        assertThat(throughput.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(throughput.ratio()).isBetween(0.75, 0.85);
        assertThat(throughput.ratioHigh()).isLessThan(1.0);
        // Lower is better for latency: the same drop is an improvement.
        assertThat(Comparisons.row(Metric.LATENCY_P95_MS, 80, before, after, 5.0).verdict()).isEqualTo(Verdict.IMPROVED);
        // And the other way round.
        assertThat(Comparisons.row(Metric.THROUGHPUT_RPS, 80, after, before, 5.0).verdict()).isEqualTo(Verdict.IMPROVED);
        assertThat(Comparisons.row(Metric.LATENCY_P95_MS, 80, after, before, 5.0).verdict()).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void aDetectableChangeSmallerThanTheThresholdIsWithinTolerance() {
        double[] before = {100.0, 100.2, 99.9, 100.1};
        double[] after = {102.0, 102.1, 101.9, 102.2};   // 2% better, very tight
        var row = Comparisons.row(Metric.THROUGHPUT_RPS, 20, before, after, 5.0);
        assertThat(row.ratioLow()).isGreaterThan(1.0);
        assertThat(row.verdict()).isEqualTo(Verdict.WITHIN_TOLERANCE);
        assertThat(row.verdict().wire()).isEqualTo("change within tolerance");
        assertThat(Comparisons.row(Metric.THROUGHPUT_RPS, 20, before, after, 1.0).verdict()).isEqualTo(Verdict.IMPROVED);
    }

    @Test
    void overlappingNoisyRunsAreNotCalledAChange() {
        double[] before = {100, 70, 130};
        double[] after = {90, 125, 75};
        assertThat(Comparisons.row(Metric.THROUGHPUT_RPS, 20, before, after, 5.0).verdict())
                .isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
    }

    @Test
    void aQuantityAppearingFromZeroIsJudgedWithoutARatio() {
        var pinning = Comparisons.row(Metric.VT_PINNED_EVENTS, 20, new double[] {0, 0, 0}, new double[] {12, 15, 9}, 5.0);
        assertThat(pinning.ratio()).isNull();
        assertThat(pinning.verdict()).isEqualTo(Verdict.REGRESSED);
        var none = Comparisons.row(Metric.ERROR_RATE, 20, new double[] {0, 0, 0}, new double[] {0, 0, 0}, 5.0);
        assertThat(none.verdict()).isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
        // the candidate's interval touching 0: the quantity did not clearly appear, and there is no tolerance to be within
        var once = Comparisons.row(Metric.VT_PINNED_EVENTS, 20, new double[] {0, 0, 0}, new double[] {0, 0, 4}, 5.0);
        assertThat(once.ratio()).isNull();
        assertThat(once.verdict()).isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
    }

    @Test
    void theOverallVerdictIsTheWorstOne() {
        assertThat(Verdict.overall(java.util.List.of(Verdict.IMPROVED, Verdict.REGRESSED))).isEqualTo(Verdict.REGRESSED);
        assertThat(Verdict.overall(java.util.List.of(Verdict.WITHIN_TOLERANCE, Verdict.REGRESSED, Verdict.IMPROVED)))
                .isEqualTo(Verdict.REGRESSED);
        assertThat(Verdict.overall(java.util.List.of(Verdict.IMPROVED, Verdict.NO_DETECTABLE_CHANGE)))
                .isEqualTo(Verdict.IMPROVED);
        assertThat(Verdict.overall(java.util.List.of(Verdict.WITHIN_TOLERANCE, Verdict.IMPROVED)))
                .isEqualTo(Verdict.IMPROVED);
        assertThat(Verdict.overall(java.util.List.of(Verdict.NO_DETECTABLE_CHANGE, Verdict.WITHIN_TOLERANCE)))
                .isEqualTo(Verdict.WITHIN_TOLERANCE);
        assertThat(Verdict.overall(java.util.List.of(Verdict.NO_DETECTABLE_CHANGE, Verdict.NO_DETECTABLE_CHANGE)))
                .isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
        assertThat(Verdict.overall(java.util.List.of())).isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
    }

    @Test
    void theIntervalCoversTheTrueMedianMostOfTheTime() {
        // 200 samples of 9 runs from a known distribution: the 95% interval should hold the true
        // median (100) in most of them; bootstrap intervals of small samples are a little narrow.
        SplittableRandom random = new SplittableRandom(11);
        int covered = 0;
        for (int trial = 0; trial < 200; trial++) {
            double[] runs = new double[9];
            for (int i = 0; i < runs.length; i++) {
                runs[i] = 100 + random.nextDouble(-10, 10);
            }
            Estimate e = Bootstrap.median(runs);
            if (e.low() <= 100 && 100 <= e.high()) {
                covered++;
            }
        }
        assertThat(covered).isBetween(170, 200);
    }
}
