package dev.jvmbench.api.changepoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

class EDivisiveTest {

    private static final EDivisive.Options DEFAULTS = EDivisive.Options.defaults();

    private static List<Integer> indexes(double[] values) {
        return EDivisive.detect(values, DEFAULTS).stream().map(EDivisive.ChangePoint::index).toList();
    }

    @Test
    void findsAStepAtTheFirstPointAfterIt() {
        assertThat(indexes(SyntheticSeries.step(40, 20, 1.05, 12))).containsExactly(20);
        assertThat(indexes(SyntheticSeries.step(40, 20, 1.10, 13))).containsExactly(20);
        assertThat(indexes(SyntheticSeries.step(40, 20, 0.95, 14))).containsExactly(20);
        assertThat(indexes(SyntheticSeries.step(30, 8, 0.90, 15))).containsExactly(8);
    }

    @Test
    void findsTwoStepsAndStepsInLaterWindows() {
        assertThat(indexes(SyntheticSeries.twoSteps(45, 15, 1.10, 30, 1.10 * 0.95, 16))).containsExactly(15, 30);
        assertThat(indexes(SyntheticSeries.twoSteps(120, 40, 1.05, 85, 1.05 * 1.10, 17))).containsExactly(40, 85);
    }

    @Test
    void raisesNothingOnNoiseOrOnSingleOutliers() {
        for (int seed = 1; seed <= 6; seed++) {
            assertThat(indexes(SyntheticSeries.noise(40, 100 + seed))).as("noise #" + seed).isEmpty();
        }
        assertThat(indexes(SyntheticSeries.noise(120, 200))).isEmpty();
        assertThat(indexes(SyntheticSeries.outliers(40, 19, 12, 1.30, 27, 0.75))).isEmpty();
        assertThat(indexes(SyntheticSeries.withOutlier(SyntheticSeries.step(40, 25, 1.10, 20), 10, 1.30)))
                .containsExactly(25);
    }

    @Test
    void theSameSeriesGivesTheSameChangePointsEveryTime() {
        for (double[] values : SyntheticSeries.all().values()) {
            var first = EDivisive.detect(values, DEFAULTS);
            var second = EDivisive.detect(values.clone(), DEFAULTS);
            assertThat(second).hasSameSizeAs(first);
            for (int i = 0; i < first.size(); i++) {
                assertThat(second.get(i).index()).isEqualTo(first.get(i).index());
                assertThat(second.get(i).pValue()).isEqualTo(first.get(i).pValue());
            }
        }
    }

    @Test
    void aChangePointIsTestedBetweenItsNeighbours() {
        var changes = EDivisive.detect(SyntheticSeries.twoSteps(45, 15, 1.10, 30, 1.10 * 0.95, 16), DEFAULTS);
        var second = changes.get(1).test();
        assertThat(second.nBefore()).isEqualTo(15);
        assertThat(second.nAfter()).isEqualTo(15);
        assertThat(second.forwardChange()).isCloseTo(-0.05, within(0.01));
        assertThat(second.pValue()).isLessThan(0.001);
    }

    @Test
    void minMagnitudeDropsSmallChanges() {
        double[] values = SyntheticSeries.step(40, 20, 1.03, 11);
        assertThat(indexes(values)).containsExactly(20);
        assertThat(EDivisive.detect(values, new EDivisive.Options(50, 0.001, 0.05))).isEmpty();
    }

    private static List<EDivisive.Point> withRuns(double[] values, double spread) {
        return withRuns(values, spread, 3);
    }

    /** Each value with {@code runs} runs spread evenly over value x (1 +- spread). */
    private static List<EDivisive.Point> withRuns(double[] values, double spread, int runs) {
        List<EDivisive.Point> points = new ArrayList<>();
        for (double value : values) {
            double[] samples = new double[runs];
            for (int r = 0; r < runs; r++) {
                samples[r] = value * (1 + spread * (2.0 * r / (runs - 1) - 1));
            }
            points.add(new EDivisive.Point(value, samples));
        }
        return points;
    }

    private static List<Integer> indexes(List<EDivisive.Point> points, EDivisive.Significance significance) {
        return EDivisive.detect(points, new EDivisive.Options(50, 0.001, 0, significance)).stream()
                .map(EDivisive.ChangePoint::index).toList();
    }

    @Test
    void aSplitMustBeSignificantOnTheJobsAndOnTheirRuns() {
        // Medians step by 5% under 1% noise, but each job's runs spread by +-20%: the medians alone
        // show the step, the runs say it is within their noise; both must agree.
        double[] medians = SyntheticSeries.step(40, 20, 1.05, 12);
        List<EDivisive.Point> noisyRuns = withRuns(medians, 0.20);
        assertThat(indexes(noisyRuns, EDivisive.Significance.VALUES)).containsExactly(20);
        assertThat(indexes(noisyRuns, EDivisive.Significance.SAMPLES)).isEmpty();
        assertThat(indexes(noisyRuns, EDivisive.Significance.BOTH)).isEmpty();

        // Jobs differ by 1% (a job's host, time, JIT) while their 10 runs agree to 0.1%, and the
        // level moves by 0.5%, within the jobs' noise: the runs alone count every job ten times
        // and call it a change; the jobs' values, and so both, do not.
        List<EDivisive.Point> jobNoise = withRuns(SyntheticSeries.step(40, 20, 1.005, 101), 0.001, 10);
        assertThat(indexes(jobNoise, EDivisive.Significance.SAMPLES)).isNotEmpty();
        assertThat(indexes(jobNoise, EDivisive.Significance.VALUES)).isEmpty();
        assertThat(indexes(jobNoise, EDivisive.Significance.BOTH)).isEmpty();

        // Runs spread by +-1%: the change stands, tested on 20 jobs and on 60 runs a side.
        var changes = EDivisive.detect(withRuns(medians, 0.01), DEFAULTS);
        assertThat(changes).extracting(EDivisive.ChangePoint::index).containsExactly(20);
        assertThat(changes.getFirst().samplesTest().nBefore()).isEqualTo(60);
        assertThat(changes.getFirst().test().nBefore()).isEqualTo(20);
        assertThat(changes.getFirst().pValue()).isEqualTo(Math.max(changes.getFirst().test().pValue(),
                changes.getFirst().samplesTest().pValue()));
    }

    @Test
    void shortAndConstantSeriesHaveNoChangePoint() {
        assertThat(indexes(new double[0])).isEmpty();
        assertThat(indexes(new double[] {5})).isEmpty();
        assertThat(indexes(new double[] {5, 6})).isEmpty();
        assertThat(indexes(new double[] {3, 3, 3, 3, 3, 3})).isEmpty();
        // Constant sides that differ: the t statistic is infinite, p 0 (scipy says the same).
        assertThat(indexes(new double[] {80, 80, 80, 80, 100, 100, 100, 100})).containsExactly(4);
    }

    @Test
    void qhatIsTheScaledEnergyDistance() {
        List<EDivisive.Point> points = new ArrayList<>();
        for (double v : new double[] {1, 2, 10, 12}) {
            points.add(EDivisive.Point.of(v));
        }
        var distances = new EDivisive.Distances(points);
        // X = {1, 2}, Y = {10, 12}: 2/4 * (9 + 11 + 8 + 10) - 2*2/(4*1) * 1 - 2*2/(4*1) * 2 = 19 - 1 - 2
        assertThat(distances.qhat(0, 2, 4)).isCloseTo(16.0, within(1e-12));
        // X = {1}, Y = {2}: |1 - 2|
        assertThat(distances.qhat(0, 1, 2)).isCloseTo(1.0, within(1e-12));
        assertThat(distances.candidate(0, 4)[0]).isEqualTo(2.0);
    }

    @Test
    void theTTestMatchesScipy() {
        // scipy.stats.t.sf(t, df) * 2, and ttest_ind_from_stats(10, 1, 5, 12, 1.5, 7)
        assertThat(StudentT.twoSided(0.5, 3)).isCloseTo(0.651447964848151, Percentage.withPercentage(1e-8));
        assertThat(StudentT.twoSided(2.0, 10)).isCloseTo(0.07338803477074039, Percentage.withPercentage(1e-8));
        assertThat(StudentT.twoSided(5.0, 20)).isCloseTo(6.873028579542189e-05, Percentage.withPercentage(1e-7));
        assertThat(StudentT.twoSided(12.0, 40)).isCloseTo(7.82417130425597e-15, Percentage.withPercentage(1e-6));
        assertThat(StudentT.twoSided(30.0, 98)).isCloseTo(3.466352323464849e-51, Percentage.withPercentage(1e-6));
        assertThat(StudentT.twoSided(1.0, 1)).isCloseTo(0.5, within(1e-12));
        assertThat(StudentT.twoSided(0.0, 5)).isEqualTo(1.0);
        // Otava passes population standard deviations: {9, 11} has np.std 1.
        var result = StudentT.compare(new double[] {9, 11}, new double[] {12});
        assertThat(result.stdBefore()).isEqualTo(1.0);
        assertThat(result.stdAfter()).isEqualTo(0.0);
        assertThat(result.magnitude()).isCloseTo(0.2, within(1e-12));   // max(|12/10 - 1|, |10/12 - 1|)
    }

    @Test
    void optionsAreChecked() {
        assertThatThrownBy(() -> new EDivisive.Options(1, 0.001, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new EDivisive.Options(50, 1.5, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new EDivisive.Options(50, Double.NaN, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new EDivisive.Options(50, 0.001, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(EDivisive.Options.defaults().firstPassPValue()).isCloseTo(0.01, within(1e-15));
        assertThat(new EDivisive.Options(50, 0.1, 0).firstPassPValue()).isCloseTo(0.2, within(1e-15));
    }
}
