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
                assertThat(second.get(i).test().pValue()).isEqualTo(first.get(i).test().pValue());
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

    @Test
    void repetitionsLetTheTestSeeTheNoiseOfTheRuns() {
        // Per-job medians step by 5% under 1% noise, but each job's runs spread by +-20%: as values
        // alone the step is plain, with the runs as the test's samples it is within their noise.
        double[] medians = SyntheticSeries.step(40, 20, 1.05, 12);
        List<EDivisive.Point> noisyRuns = new ArrayList<>();
        for (double median : medians) {
            noisyRuns.add(new EDivisive.Point(median, new double[] {median * 0.8, median, median * 1.2}));
        }
        assertThat(indexes(medians)).containsExactly(20);
        assertThat(EDivisive.detect(noisyRuns, DEFAULTS)).isEmpty();
        // Runs spread by +-1%: the change stands, tested on 60 runs a side.
        List<EDivisive.Point> tightRuns = new ArrayList<>();
        for (double median : medians) {
            tightRuns.add(new EDivisive.Point(median, new double[] {median * 0.99, median, median * 1.01}));
        }
        var changes = EDivisive.detect(tightRuns, DEFAULTS);
        assertThat(changes).extracting(EDivisive.ChangePoint::index).containsExactly(20);
        assertThat(changes.getFirst().test().nBefore()).isEqualTo(60);
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
        assertThatThrownBy(() -> new EDivisive.Options(50, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new EDivisive.Options(50, Double.NaN, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new EDivisive.Options(50, 0.001, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(EDivisive.Options.defaults().firstPassPValue()).isCloseTo(0.01, within(1e-15));
        assertThat(new EDivisive.Options(50, 0.1, 0).firstPassPValue()).isCloseTo(0.2, within(1e-15));
    }
}
