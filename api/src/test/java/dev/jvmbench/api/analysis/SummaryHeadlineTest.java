package dev.jvmbench.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.ThreadModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Headlines that cannot mislead (issue 21): a job completed with critical findings is not a green
 * "succeeded"; one run per cell judges no comparison row; a comparison's roll-up says what changed
 * where instead of the one word its worst row decides; a per-request figure over a handful of
 * requests is not shown as a number.
 */
class SummaryHeadlineTest {

    private static final List<Metric> GATE = List.of(Metric.THROUGHPUT_RPS, Metric.LATENCY_P95_MS);

    private static Comparisons.View threadModels(List<Comparisons.Row> rows) {
        var pair = new Comparisons.Pair(new Comparisons.Side(1, 25, ThreadModel.PLATFORM),
                new Comparisons.Side(1, 25, ThreadModel.VIRTUAL),
                Verdict.overall(rows.stream().map(Comparisons.Row::verdict).toList()), 0, rows);
        return new Comparisons.View(1, null, Comparisons.Mode.THREAD_MODEL, GATE, false, pair.verdict(), List.of(),
                List.of(pair), List.of(), null, null, null);
    }

    private static double[] around(double value, int runs) {
        double[] values = new double[runs];
        for (int i = 0; i < runs; i++) {
            values[i] = value * (1 + 0.004 * (i - runs / 2));
        }
        return values;
    }

    @Test
    void aSucceededJobWithACriticalFindingIsNotHeadedSucceeded() {
        String headline = SummaryMarkdown.headline(JobStatus.SUCCEEDED, null, List.of("java-oom", "java-oom"));
        assertThat(headline).isEqualTo("⚠️ completed, 2 critical findings (`java-oom`)").doesNotContain("succeeded")
                .doesNotContain("✅");
        assertThat(SummaryMarkdown.headline(JobStatus.SUCCEEDED, null, List.of())).isEqualTo("✅ succeeded");
        // many codes are counted, not listed
        assertThat(SummaryMarkdown.headline(JobStatus.SUCCEEDED, null, List.of("a", "b", "c", "d")))
                .isEqualTo("⚠️ completed, 4 critical findings");
        // with a clean verdict against the baseline the icon is still the warning
        var clean = new BaselineVerdicts.Outcome(Verdict.NO_DETECTABLE_CHANGE, 0, 0, 0, 0, null,
                Verdict.NO_DETECTABLE_CHANGE, null, null, null);
        assertThat(SummaryMarkdown.headline(JobStatus.SUCCEEDED, clean, List.of("loadgen-saturated")))
                .isEqualTo("⚠️ completed, 1 critical finding (`loadgen-saturated`); no detectable change against the baseline");
        assertThat(SummaryMarkdown.headline(JobStatus.SUCCEEDED, clean, List.of()))
                .isEqualTo("✅ no detectable change against the baseline");
        // and a regression stays red
        var regressed = new BaselineVerdicts.Outcome(Verdict.REGRESSED, 1, 0, 0, 0, null, Verdict.REGRESSED, null, null, null);
        assertThat(SummaryMarkdown.headline(JobStatus.SUCCEEDED, regressed, List.of("java-oom")))
                .startsWith("❌ regressed against the baseline (1 regression); completed, 1 critical finding");
    }

    @Test
    void aOneRunJobsComparisonHasNoImprovedOrRegressedRow() {
        // virtual ×3.96 at 80 users, p95 a third: with one run a side, shown but not judged
        var throughput = Comparisons.row(Metric.THROUGHPUT_RPS, 80, new double[] {100}, new double[] {396}, 5.0);
        var latency = Comparisons.row(Metric.LATENCY_P95_MS, 80, new double[] {900}, new double[] {300}, 5.0);
        assertThat(throughput.verdict()).isEqualTo(Verdict.NOT_JUDGED);
        assertThat(throughput.ratio()).isEqualTo(3.96, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(latency.verdict()).isEqualTo(Verdict.NOT_JUDGED);
        assertThat(Verdict.NOT_JUDGED.wire()).isEqualTo("not judged");
        var view = threadModels(List.of(throughput, latency));
        assertThat(view.verdict()).isEqualTo(Verdict.NOT_JUDGED);

        StringBuilder md = new StringBuilder();
        SummaryMarkdown.comparisonTable(md, view, "Base", "Other", false);
        assertThat(md.toString()).doesNotContain("improved").doesNotContain("regressed").doesNotContain("within tolerance")
                .contains("→ virtual (JDK 25) | 80 | Throughput | 100 | 396 | ×3.960 [3.960, 3.960] | ➖ not judged (1 run) |");
        // the changes-only table has nothing to show
        StringBuilder changes = new StringBuilder();
        SummaryMarkdown.comparisonTable(changes, view, "Base", "Other", true);
        assertThat(changes.toString()).doesNotContain("| 80 |");
        assertThat(SummaryMarkdown.rollUp(view, "users")).isEqualTo("virtual: not judged (1 run) at 80 users");
        // never a regression for the gate; and a judged verdict wins over rows not judged
        assertThat(Verdict.overall(List.of(Verdict.NOT_JUDGED, Verdict.NO_DETECTABLE_CHANGE)))
                .isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
        assertThat(Verdict.overall(List.of())).isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
        assertThat(Confirmation.flags(Verdict.NOT_JUDGED)).isFalse();
        // two runs a side are judged as before
        assertThat(Comparisons.row(Metric.THROUGHPUT_RPS, 80, around(100, 2), around(396, 2), 5.0).verdict())
                .isEqualTo(Verdict.IMPROVED);
    }

    @Test
    void theRollUpNamesTheLargestJudgedChangePerLevel() {
        var view = threadModels(List.of(
                Comparisons.row(Metric.THROUGHPUT_RPS, 20, around(100, 5), around(100.1, 5), 5.0),
                Comparisons.row(Metric.LATENCY_P95_MS, 20, around(210, 5), around(210, 5), 5.0),
                Comparisons.row(Metric.THROUGHPUT_RPS, 80, around(100, 5), around(396, 5), 5.0),
                Comparisons.row(Metric.LATENCY_P95_MS, 80, around(800, 5), around(600, 5), 5.0),
                // not a gate metric: not in the roll-up, however large
                Comparisons.row(Metric.MEMORY_PEAK_MB, 80, around(100, 5), around(900, 5), 5.0)));
        String rollUp = SummaryMarkdown.rollUp(view, "users");
        assertThat(rollUp).isEqualTo("virtual: throughput ×3.96 (improved) at 80 users; no detectable change at 20 users");

        // a side per JDK when the job ran several; a regression is named with its level too
        var slower = new Comparisons.Pair(new Comparisons.Side(1, 21, ThreadModel.PLATFORM),
                new Comparisons.Side(1, 21, ThreadModel.VIRTUAL), Verdict.REGRESSED, 0,
                List.of(Comparisons.row(Metric.THROUGHPUT_RPS, 80, around(400, 5), around(300, 5), 5.0)));
        var both = new Comparisons.View(1, null, Comparisons.Mode.THREAD_MODEL, GATE, false, Verdict.REGRESSED, List.of(),
                List.of(slower, view.comparisons().getFirst()), List.of(), null, null, null);
        assertThat(SummaryMarkdown.rollUp(both, "users")).isEqualTo("virtual on JDK 21: throughput ×0.750 (regressed) at 80 users"
                + " · virtual on JDK 25: throughput ×3.96 (improved) at 80 users; no detectable change at 20 users");
    }

    @Test
    void aPerRequestFigureOverTooFewRequestsIsNotANumber() {
        assertThat(Metric.tooFewRequests(0.17)).isEqualTo("too few requests: 0.17 req/s");
        assertThat(Metric.tooFewRequests(1.0)).isNull();
        assertThat(Metric.tooFewRequests(null)).isNull();
        assertThat(Metric.CPU_MS_PER_REQUEST.perRequest()).isTrue();
        assertThat(Metric.MEMORY_PER_REQUEST_MB.perRequest()).isTrue();
        assertThat(Metric.CONTEXT_SWITCHES_PER_REQUEST.perRequest()).isTrue();
        assertThat(Metric.THROUGHPUT_RPS.perRequest()).isFalse();
        assertThat(Metric.MEMORY_PEAK_MB.perRequest()).isFalse();
    }
}
