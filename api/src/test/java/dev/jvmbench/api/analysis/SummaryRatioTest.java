package dev.jvmbench.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How summary.md writes a comparison's ratio: with its interval, precise enough to see whether it excludes 1. */
class SummaryRatioTest {

    private static Comparisons.Row row(Double ratio, Double low, Double high, Verdict verdict) {
        return new Comparisons.Row(Metric.THROUGHPUT_RPS, Metric.Direction.HIGHER, 80, 390, 371, ratio, low, high, 5, 5,
                5.0, verdict, 0, 0);
    }

    @Test
    void theFivePercentSlowdownReadsWithThreeDecimals() {
        // at two decimals this read x0.95 [0.95, 0.95]
        assertThat(SummaryMarkdown.ratio(row(0.951, 0.946, 0.953, Verdict.WITHIN_TOLERANCE)))
                .isEqualTo("×0.951 [0.946, 0.953]");
        assertThat(SummaryMarkdown.ratio(row(1.0, 0.98, 1.02, Verdict.NO_DETECTABLE_CHANGE)))
                .isEqualTo("×1.000 [0.980, 1.020]");
    }

    @Test
    void aZeroBaselineSaysWhyThereIsNoRatio() {
        assertThat(SummaryMarkdown.ratio(row(null, null, null, Verdict.REGRESSED))).isEqualTo("– (baseline 0)");
    }
}
