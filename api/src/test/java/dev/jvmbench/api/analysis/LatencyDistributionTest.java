package dev.jvmbench.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.stats.LatencyHistogram;
import dev.jvmbench.common.stats.Steadiness;
import dev.jvmbench.common.store.Point;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Merging a cell's latency histograms, the merged percentiles and their bootstrap over runs: no database. */
class LatencyDistributionTest {

    private static final double[] CHECKED = {1, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99, 100};

    /** A run's latencies: a lognormal body around {@code medianMs} with a tail, seeded, like a real window. */
    private static LatencyHistogram run(long seed, double medianMs, int requests) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] latencies = new long[requests];
        for (int i = 0; i < requests; i++) {
            double gaussian = Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
            double value = medianMs * Math.exp(0.4 * gaussian);
            // one request in 500 hits a pause: the p99.9 lands in that tail
            latencies[i] = Math.round(random.nextInt(500) == 0 ? value + 40 * medianMs * random.nextDouble() : value);
        }
        return LatencyHistogram.ofMillis(latencies);
    }

    private static List<LatencyHistogram> threeRuns() {
        return List.of(run(1, 20, 20_000), run(2, 23, 15_000), run(3, 18, 25_000));
    }

    @Test
    void aHistogramMergedFromRepetitionsGivesPercentilesConsistentWithThePerRunOnes() {
        List<LatencyHistogram> runs = threeRuns();
        RunDistributions merged = RunDistributions.of(runs);
        int[] all = merged.everyRunOnce();

        assertThat(merged.count(all)).isEqualTo(runs.stream().mapToLong(LatencyHistogram::count).sum());
        for (double p : CHECKED) {
            long mergedValue = merged.percentile(all, p);
            long lowest = runs.stream().mapToLong(r -> r.percentile(p)).min().orElseThrow();
            long highest = runs.stream().mapToLong(r -> r.percentile(p)).max().orElseThrow();
            assertThat(mergedValue).as("p%s between the runs' own", p).isBetween(lowest, highest);
        }
        assertThat(merged.max(all)).isEqualTo(runs.stream().mapToLong(LatencyHistogram::max).max().orElseThrow());
    }

    @Test
    void theFastMergeAnswersWhatMergingTheHistogramsAnswers() {
        List<LatencyHistogram> runs = new ArrayList<>(threeRuns());
        runs.add(LatencyHistogram.ofMillis(5, 10, 60_000));   // a timeout far above the exact range
        RunDistributions fast = RunDistributions.of(runs);
        LatencyHistogram merged = runs.stream().reduce(LatencyHistogram.empty(), LatencyHistogram::merge);
        for (double p : CHECKED) {
            assertThat(fast.percentile(fast.everyRunOnce(), p)).as("p%s", p).isEqualTo(merged.percentile(p));
        }
        assertThat(fast.max(fast.everyRunOnce())).isEqualTo(merged.max());
        // a run drawn twice counts twice: the same as merging it twice
        LatencyHistogram twiceTheFirst = runs.get(0).merge(runs.get(0)).merge(runs.get(2));
        int[] weights = {2, 0, 1, 0};
        assertThat(fast.count(weights)).isEqualTo(twiceTheFirst.count());
        for (double p : CHECKED) {
            assertThat(fast.percentile(weights, p)).as("p%s", p).isEqualTo(twiceTheFirst.percentile(p));
        }
    }

    @Test
    void mergingOneRunIsTheIdentity() {
        LatencyHistogram one = run(7, 12, 10_000);
        RunDistributions single = RunDistributions.of(List.of(one));
        LatencyHistogram roundTripped = LatencyHistogram.decode(one.encode()).merge(LatencyHistogram.empty());
        assertThat(roundTripped).isEqualTo(one);
        assertThat(single.count(single.everyRunOnce())).isEqualTo(one.count());
        for (double p : CHECKED) {
            assertThat(single.percentile(single.everyRunOnce(), p)).isEqualTo(one.percentile(p));
        }
        // and its interval is the value itself: one run says nothing about the next
        Estimate[] estimates = TailBootstrap.percentiles(single, 99.9);
        assertThat(estimates[0]).isEqualTo(new Estimate(one.percentile(99.9), one.percentile(99.9), one.percentile(99.9), 1));
    }

    @Test
    void theIntervalOverRunsHoldsTheMergedValueStaysWithinTheRunsAndRepeats() {
        List<LatencyHistogram> runs = threeRuns();
        RunDistributions merged = RunDistributions.of(runs);
        Estimate[] estimates = TailBootstrap.percentiles(merged, LatencyDistributions.PERCENTILES);
        for (int i = 0; i < estimates.length; i++) {
            double p = LatencyDistributions.PERCENTILES[i];
            Estimate e = estimates[i];
            assertThat(e.runs()).isEqualTo(3);
            assertThat(e.median()).isEqualTo(merged.percentile(merged.everyRunOnce(), p));
            assertThat(e.low()).as("p%s low", p).isLessThanOrEqualTo(e.median());
            assertThat(e.high()).as("p%s high", p).isGreaterThanOrEqualTo(e.median());
            // a merge of some of the runs lies between the runs' own percentiles, so the interval does too
            assertThat(e.low()).isGreaterThanOrEqualTo(runs.stream().mapToLong(r -> r.percentile(p)).min().orElseThrow());
            assertThat(e.high()).isLessThanOrEqualTo(runs.stream().mapToLong(r -> r.percentile(p)).max().orElseThrow());
        }
        assertThat(TailBootstrap.percentiles(RunDistributions.of(threeRuns()), LatencyDistributions.PERCENTILES))
                .as("seeded from the data").isEqualTo(estimates);
    }

    @Test
    void p999IsComparedOnTheMergedDistributionsWithTheUsualVerdicts() {
        RunDistributions before = RunDistributions.of(threeRuns());
        RunDistributions same = RunDistributions.of(threeRuns());
        var unchanged = Comparisons.mergedRow(Metric.LATENCY_P999_MS, 50, before, same, 5.0, 0, 0);
        assertThat(unchanged.ratio()).isEqualTo(1.0);
        assertThat(unchanged.verdict()).isEqualTo(Verdict.NO_DETECTABLE_CHANGE);
        assertThat(unchanged.baselineMedian()).isEqualTo(before.percentile(before.everyRunOnce(), 99.9));

        // the same body, every run's tail three times as long: p99.9 regresses, and lower is better
        RunDistributions slowerTail = RunDistributions.of(List.of(withTail(1, 20, 20_000), withTail(2, 23, 15_000),
                withTail(3, 18, 25_000)));
        var row = Comparisons.mergedRow(Metric.LATENCY_P999_MS, 50, before, slowerTail, 5.0, 0, 0);
        assertThat(row.ratio()).isGreaterThan(1.5);
        assertThat(row.ratioLow()).isGreaterThan(1.0);
        assertThat(row.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(Comparisons.mergedRow(Metric.LATENCY_P999_MS, 50, slowerTail, before, 5.0, 0, 0).verdict())
                .isEqualTo(Verdict.IMPROVED);
    }

    private static LatencyHistogram withTail(long seed, double medianMs, int requests) {
        LatencyHistogram body = run(seed, medianMs, requests);
        long[] tail = LongStream.range(0, requests / 200).map(i -> Math.round(medianMs * 120 + i % 7)).toArray();
        return body.merge(LatencyHistogram.ofMillis(tail));
    }

    @Test
    void aPointWithoutOrWithAnUnreadableHistogramIsNamedNotFilledIn() {
        String good = run(1, 20, 5_000).encode();
        var stored = StoredResults.PointFacts.of(point(1, good));
        assertThat(stored.latency()).isNotNull();
        assertThat(stored.values()).containsKey(Metric.LATENCY_P999_MS);

        var corrupt = StoredResults.PointFacts.of(point(2, "bm90IGEgaGlzdG9ncmFt"));   // base64 of "not a histogram"
        assertThat(corrupt.latency()).isNull();
        assertThat(corrupt.latencyUnreadable()).isTrue();
        assertThat(corrupt.values()).doesNotContainKey(Metric.LATENCY_P999_MS).containsKey(Metric.LATENCY_P99_MS);
        assertThat(StoredResults.PointFacts.of(point(2, "not base64 at all!")).latencyUnreadable()).isTrue();

        var old = StoredResults.PointFacts.of(point(3, null));
        assertThat(old.latency()).isNull();
        assertThat(old.latencyUnreadable()).isFalse();

        var results = new StoredResults.JobResults(job(), List.of(runFacts(1), runFacts(2), runFacts(3)),
                List.of(stored, corrupt, old));
        var level = LatencyDistributions.view(results).cells().getFirst().levels().getFirst();
        assertThat(level.runs()).isEqualTo(3);
        assertThat(level.runsMerged()).isEqualTo(1);
        assertThat(level.count()).isEqualTo(5_000);
        assertThat(level.missing()).isEqualTo("2 of 3 runs have no latency histogram stored or an unreadable one: "
                + "merged over the other 1");
        assertThat(level.repetitions()).extracting(LatencyDistributions.RunTail::missing).containsExactly(null,
                "latency histogram unreadable", "no latency histogram stored (measured before histograms were kept)");
        assertThat(level.percentiles()).extracting(LatencyDistributions.PercentileValue::percentile)
                .containsExactly(50.0, 90.0, 99.0, 99.9, 99.99);

        var none = LatencyDistributions.view(new StoredResults.JobResults(job(), List.of(runFacts(3)), List.of(old)))
                .cells().getFirst().levels().getFirst();
        assertThat(none.count()).isNull();
        assertThat(none.percentiles()).isEmpty();
        assertThat(none.maxMs()).isNull();
        assertThat(none.missing()).isEqualTo("no distribution: the run has no latency histogram stored "
                + "(measured before histograms were kept)");
        StringBuilder md = new StringBuilder();
        LatencyDistributions.markdown(md, LatencyDistributions.view(results));
        assertThat(md).contains("### Latency tails").contains("| JDK 25 platform | 80 |");
    }

    private static StoredResults.JobFacts job() {
        return new StoredResults.JobFacts(9, JobStatus.SUCCEEDED, "stock", "stock", "io-http", null, Map.of(), null, null, null, null);
    }

    private static StoredResults.RunFacts runFacts(long id) {
        return new StoredResults.RunFacts(id, (int) id, 25, ThreadModel.PLATFORM, (int) id, RunStatus.SUCCEEDED, null);
    }

    private static Point point(long runId, String histogram) {
        return new Point(runId, 0, 80, 10, 5000, 5000, 0, Map.of(), 500, 20.0, 30.0, 40.0, 90.0, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, false, null, null,
                null, null, List.of(), Steadiness.Verdict.STEADY, null, null, null, histogram, null, null, null, null);
    }

    @Test
    void theBucketsOfAHistogramAddUpToIt() {
        LatencyHistogram h = run(5, 30, 3_000);
        assertThat(h.buckets().stream().mapToLong(LatencyHistogram.Bucket::count).sum()).isEqualTo(h.count());
        long[] values = h.buckets().stream().mapToLong(LatencyHistogram.Bucket::valueMs).toArray();
        assertThat(values).isSorted();
        assertThat(values[values.length - 1]).isEqualTo(h.max());
        assertThat(Arrays.stream(values).distinct().count()).isEqualTo(values.length);
    }
}
