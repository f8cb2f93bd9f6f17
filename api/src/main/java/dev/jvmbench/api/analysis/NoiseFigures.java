package dev.jvmbench.api.analysis;

import dev.jvmbench.common.store.NoiseProfileRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The arithmetic of a calibration (docs/statistics.md, "Calibration"), on comparison rows: what
 * A/A pairs of identical jobs say about the host's noise, and whether a known injected effect showed.
 */
final class NoiseFigures {

    /** The percentile of the A/A interval half-widths taken as the detectable effect: a conservative one. */
    static final double DETECTABLE_PERCENTILE = 0.95;

    private NoiseFigures() {
    }

    private record Key(Metric metric, int level) {
    }

    /**
     * Per metric and level over A/A rows: the share of false alarms (a detectable change: improved,
     * regressed or within tolerance; a row not judged, one run a side, raises none), the share a gate would act on (improved or regressed), and the minimum detectable
     * effect. An interval excludes 1 once the effect is larger than the distance from the ratio to the
     * interval's end on 1's side; over A/A rows that distance is the interval's half-width (the larger
     * of its two sides, as a bootstrap interval need not be symmetric), and the 95th percentile of it
     * over the rows is an effect that 95% of such comparisons would detect.
     */
    static List<NoiseProfileRow.Entry> entries(List<Comparisons.Row> aaRows) {
        Map<Key, List<Comparisons.Row>> grouped = new LinkedHashMap<>();
        aaRows.stream()
                .sorted(java.util.Comparator.comparing((Comparisons.Row r) -> r.metric().ordinal()).thenComparing(Comparisons.Row::level))
                .forEach(r -> grouped.computeIfAbsent(new Key(r.metric(), r.level()), k -> new ArrayList<>()).add(r));
        List<NoiseProfileRow.Entry> entries = new ArrayList<>();
        grouped.forEach((key, rows) -> {
            long alarms = rows.stream().filter(r -> r.verdict().detectable()).count();
            long gated = rows.stream().filter(r -> r.verdict() == Verdict.REGRESSED || r.verdict() == Verdict.IMPROVED).count();
            double[] halfWidths = rows.stream().filter(r -> r.ratio() != null)
                    .mapToDouble(r -> halfWidthPercent(r.ratio(), r.ratioLow(), r.ratioHigh())).toArray();
            entries.add(new NoiseProfileRow.Entry(key.metric().id(), key.level(), rows.size(),
                    (double) alarms / rows.size(), (double) gated / rows.size(),
                    halfWidths.length == 0 ? null : percentile(halfWidths, DETECTABLE_PERCENTILE)));
        });
        return entries;
    }

    /** The larger side of a ratio's interval, in percent of the ratio. */
    static double halfWidthPercent(double ratio, double low, double high) {
        return 100 * Math.max(ratio - low, high - ratio) / ratio;
    }

    /** The nearest-rank percentile: with few values, the largest ones (never an interpolation below the data). */
    static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** The injected pair's gate-metric rows; detected means the verdict is not "no detectable change". */
    static List<NoiseProfileRow.InjectedRow> injectedRows(List<Comparisons.Pair> pairs, List<Metric> gateMetrics) {
        List<NoiseProfileRow.InjectedRow> rows = new ArrayList<>();
        for (Comparisons.Pair pair : pairs) {
            String cell = "JDK " + pair.candidate().jdk() + " " + pair.candidate().threadModel().wireName();
            for (Comparisons.Row r : pair.metrics()) {
                if (gateMetrics.contains(r.metric())) {
                    rows.add(new NoiseProfileRow.InjectedRow(r.metric().id(), r.level(), cell, r.ratio(), r.ratioLow(),
                            r.ratioHigh(), r.verdict().wire(), r.verdict().detectable()));
                }
            }
        }
        return rows;
    }
}
