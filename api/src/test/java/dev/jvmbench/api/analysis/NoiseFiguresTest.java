package dev.jvmbench.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.store.NoiseProfileRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The arithmetic of a calibration on fixed inputs: false-alarm shares, the minimum detectable
 * effect from A/A intervals, and that an effect above it shows where one below it may not.
 */
class NoiseFiguresTest {

    private static Comparisons.Row row(Metric metric, int level, Double ratio, Double low, Double high, Verdict verdict) {
        return new Comparisons.Row(metric, metric.direction(), level, 100, 100, ratio, low, high, 3, 3, 5.0, verdict, 0, 0);
    }

    @Test
    void falseAlarmsAreEveryVerdictButNoDetectableChangeAndGatedOnlyImprovedOrRegressed() {
        List<Comparisons.Row> rows = List.of(
                row(Metric.THROUGHPUT_RPS, 20, 1.00, 0.99, 1.01, Verdict.NO_DETECTABLE_CHANGE),
                row(Metric.THROUGHPUT_RPS, 20, 1.01, 0.99, 1.03, Verdict.NO_DETECTABLE_CHANGE),
                row(Metric.THROUGHPUT_RPS, 20, 0.98, 0.97, 0.99, Verdict.WITHIN_TOLERANCE),
                row(Metric.THROUGHPUT_RPS, 20, 1.00, 0.96, 1.04, Verdict.NO_DETECTABLE_CHANGE),
                row(Metric.LATENCY_P95_MS, 20, 1.10, 1.06, 1.12, Verdict.REGRESSED),
                row(Metric.LATENCY_P95_MS, 20, 1.00, 0.95, 1.02, Verdict.NO_DETECTABLE_CHANGE));
        var entries = NoiseFigures.entries(rows);
        assertThat(entries).extracting(NoiseProfileRow.Entry::metric).containsExactly("throughputRps", "latencyP95Ms");
        var throughput = entries.getFirst();
        assertThat(throughput.level()).isEqualTo(20);
        assertThat(throughput.comparisons()).isEqualTo(4);
        assertThat(throughput.falseAlarmShare()).isEqualTo(0.25);
        assertThat(throughput.gatedShare()).isZero();
        // half-widths 1, 2, 1.02 (0.98 -> 0.97 and 0.99: 0.01 / 0.98), 4 %: the 95th percentile of four is the largest
        assertThat(throughput.detectablePercent()).isCloseTo(4.0, within(1e-9));
        var p95 = entries.get(1);
        assertThat(p95.falseAlarmShare()).isEqualTo(0.5);
        assertThat(p95.gatedShare()).isEqualTo(0.5);
        // the larger side of each interval: 0.04 / 1.10 and 0.05 / 1.00
        assertThat(p95.detectablePercent()).isCloseTo(5.0, within(1e-9));
    }

    @Test
    void theDetectableEffectIsTheNearestRankNinetyFifthPercentileOfTheHalfWidths() {
        double[] twenty = new double[20];
        for (int i = 0; i < 20; i++) {
            twenty[i] = 20 - i;
        }
        assertThat(NoiseFigures.percentile(twenty, 0.95)).isEqualTo(19);
        assertThat(NoiseFigures.percentile(new double[] {3, 1, 2}, 0.95)).isEqualTo(3);
        assertThat(NoiseFigures.percentile(new double[] {7}, 0.95)).isEqualTo(7);
        assertThat(NoiseFigures.halfWidthPercent(1.0, 0.98, 1.03)).isCloseTo(3.0, within(1e-9));
        assertThat(NoiseFigures.halfWidthPercent(0.5, 0.49, 0.505)).isCloseTo(2.0, within(1e-9));
    }

    @Test
    void aMetricWhoseBaselineIsZeroCountsItsAlarmsButHasNoDetectableEffect() {
        var entries = NoiseFigures.entries(List.of(
                row(Metric.ERROR_RATE, 20, null, null, null, Verdict.NO_DETECTABLE_CHANGE),
                row(Metric.ERROR_RATE, 20, null, null, null, Verdict.REGRESSED)));
        assertThat(entries).singleElement().satisfies(e -> {
            assertThat(e.comparisons()).isEqualTo(2);
            assertThat(e.falseAlarmShare()).isEqualTo(0.5);
            assertThat(e.detectablePercent()).isNull();
        });
    }

    /**
     * On samples like io-http's (CV about 1 %), A/A comparisons of three runs a side give a
     * detectable effect of a few percent; a 10 % slowdown, well above it, is detected in every cell.
     */
    @Test
    void anInjectedEffectAboveTheDetectableEffectIsDetected() {
        double[][] jobs = {{100.0, 101.2, 99.1}, {99.6, 100.9, 101.4}, {100.4, 98.9, 100.2}};
        List<Comparisons.Row> aa = new ArrayList<>();
        for (int i = 0; i + 1 < jobs.length; i++) {
            aa.add(Comparisons.row(Metric.THROUGHPUT_RPS, 20, jobs[i], jobs[i + 1], 5.0));
        }
        var entry = NoiseFigures.entries(aa).getFirst();
        assertThat(entry.falseAlarmShare()).isZero();
        assertThat(entry.detectablePercent()).isBetween(0.5, 5.0);
        double[] slower = {90.1, 90.9, 89.3};
        var injected = Comparisons.row(Metric.THROUGHPUT_RPS, 20, jobs[0], slower, 5.0);
        assertThat(100 * (1 - injected.ratio())).isGreaterThan(entry.detectablePercent());
        assertThat(injected.verdict()).isEqualTo(Verdict.REGRESSED);
        var pair = new Comparisons.Pair(new Comparisons.Side(1, 25, ThreadModel.PLATFORM),
                new Comparisons.Side(2, 25, ThreadModel.PLATFORM), injected.verdict(), 0,
                List.of(injected, Comparisons.row(Metric.CPU_MS_PER_REQUEST, 20, jobs[0], jobs[1], 5.0)));
        assertThat(NoiseFigures.injectedRows(List.of(pair), List.of(Metric.THROUGHPUT_RPS)))
                .singleElement().satisfies(r -> {
                    assertThat(r.detected()).isTrue();
                    assertThat(r.verdict()).isEqualTo("regressed");
                    assertThat(r.cell()).isEqualTo("JDK 25 platform");
                });
    }

    @Test
    void aProfileGivesTheLevelsFigureElseTheLargestOverItsLevels() {
        var profile = new NoiseProfileRow(1, Instant.EPOCH, 3, List.of("w"), List.of(1L, 2L), 1, List.of(
                new NoiseProfileRow.Entry("latencyP95Ms", 20, 2, 0, 0, 3.0),
                new NoiseProfileRow.Entry("latencyP95Ms", 80, 2, 0, 0, 7.5),
                new NoiseProfileRow.Entry("errorRate", 20, 2, 0, 0, null)), null);
        assertThat(profile.detectablePercent("latencyP95Ms", 20)).isEqualTo(3.0);
        assertThat(profile.detectablePercent("latencyP95Ms", 40)).isEqualTo(7.5);
        assertThat(profile.detectablePercent("errorRate", 20)).isNull();
        assertThat(profile.detectablePercent("throughputRps", 20)).isNull();
    }
}
