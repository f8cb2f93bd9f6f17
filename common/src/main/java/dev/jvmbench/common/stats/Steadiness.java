package dev.jvmbench.common.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Was a measured window steady? A trend test on a per-second series (throughput, or latency for
 * an open model), documented in docs/statistics.md ("Steadiness"):
 *
 * <ol>
 * <li>the trend is Sen's slope: the median of the slopes between every pair of seconds (robust:
 *     one slow second, a GC pause, does not tilt it);</li>
 * <li>the drift over the window is that slope times the window's length, relative to the
 *     series' median: {@code drift = slope (n - 1) / median} (+0.12 = 12% higher at the end);</li>
 * <li>its 95% interval is the non-parametric one of the Mann-Kendall test (Gilbert 1987, 16.5):
 *     the pairwise slopes ranked, the interval's ends {@code (N ± 1.96 sd(S)) / 2} places from
 *     the bottom, with N the number of pairs and S the Kendall statistic;</li>
 * <li>the window is <b>not steady</b> when the interval excludes 0 (the trend is real) <b>and</b>
 *     the drift exceeds the tolerance (default 5%, the change a comparison calls significant):
 *     a real but smaller drift is steady enough to compare.</li>
 * </ol>
 *
 * <p>No correction for autocorrelation: on 10-60 points a slow wander cannot be told from a
 * curved trend, and correcting with the residuals of a straight line would hide exactly the
 * curve a JIT warming up draws (its residuals have a lag-1 autocorrelation near 0.9). The
 * tolerance is what keeps a steady but noisy window from being flagged: a drift of more than 5%
 * over the window is worth knowing about whatever its cause.
 *
 * <p>With fewer than {@value #MIN_SECONDS} seconds or a median of zero the verdict is
 * {@link Verdict#UNDETERMINED}: never a "steady" that was not tested. Series longer than
 * {@value #MAX_POINTS} seconds are first averaged in equal batches of seconds.
 */
public final class Steadiness {

    public static final int MIN_SECONDS = 6;
    public static final double DEFAULT_TOLERANCE = 0.05;
    static final int MAX_POINTS = 300;
    private static final double Z_975 = 1.959964;

    public enum Verdict {
        STEADY, NOT_STEADY, UNDETERMINED;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * The test's outcome with its statistic.
     *
     * @param seconds   values tested (seconds with a value)
     * @param drift     fitted relative change over the window; null when undetermined
     * @param driftLow  lower end of its 95% interval
     * @param driftHigh upper end
     * @param tolerance the drift below which a window counts as steady
     */
    public record Result(Verdict verdict, int seconds, Double drift, Double driftLow, Double driftHigh,
                         double tolerance) {

        public boolean steady() {
            return verdict == Verdict.STEADY;
        }

        /** Whether the series rose over the window (meaningful when not steady). */
        public boolean rising() {
            return drift != null && drift > 0;
        }
    }

    private Steadiness() {
    }

    public static Result test(List<Double> series) {
        return test(series, DEFAULT_TOLERANCE);
    }

    /** @param series one value per second, in time order; nulls (seconds without a value) are left out */
    public static Result test(List<Double> series, double tolerance) {
        Objects.requireNonNull(series, "series");
        if (!(tolerance >= 0)) {
            throw new IllegalArgumentException("tolerance must be >= 0, was " + tolerance);
        }
        List<double[]> points = batched(series);
        int n = points.size();
        double[] values = points.stream().mapToDouble(p -> p[1]).toArray();
        double median = median(values.clone());
        if (n < MIN_SECONDS || median == 0) {
            return new Result(Verdict.UNDETERMINED, n, null, null, null, tolerance);
        }
        int pairs = n * (n - 1) / 2;
        double[] slopes = new double[pairs];
        long kendall = 0;
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double rise = points.get(j)[1] - points.get(i)[1];
                slopes[k++] = rise / (points.get(j)[0] - points.get(i)[0]);
                kendall += (long) Math.signum(rise);
            }
        }
        Arrays.sort(slopes);
        double slope = median(slopes);
        double sdKendall = Math.sqrt(kendallVariance(values));
        double c = Z_975 * sdKendall;
        // Gilbert's M1 and M2 + 1, 1-based ranks of the interval's ends among the ordered slopes
        int lowerRank = (int) Math.floor((pairs - c) / 2);
        int upperRank = (int) Math.ceil((pairs + c) / 2) + 1;
        double lowSlope = slopes[Math.clamp(lowerRank - 1, 0, pairs - 1)];
        double highSlope = slopes[Math.clamp(upperRank - 1, 0, pairs - 1)];
        double span = points.get(n - 1)[0] - points.get(0)[0];
        double scale = span / Math.abs(median);
        double drift = slope * scale;
        boolean trend = lowSlope > 0 || highSlope < 0;
        Verdict verdict = trend && Math.abs(drift) > tolerance ? Verdict.NOT_STEADY : Verdict.STEADY;
        return new Result(verdict, n, drift, lowSlope * scale, highSlope * scale, tolerance);
    }

    /** (second, value) pairs of the seconds with a value, averaged in batches when the series is long. */
    private static List<double[]> batched(List<Double> series) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            Double value = series.get(i);
            if (value != null && Double.isFinite(value)) {
                points.add(new double[] {i, value});
            }
        }
        if (points.size() <= MAX_POINTS) {
            return points;
        }
        int batch = (int) Math.ceil(points.size() / (double) MAX_POINTS);
        List<double[]> batches = new ArrayList<>();
        for (int from = 0; from < points.size(); from += batch) {
            List<double[]> part = points.subList(from, Math.min(points.size(), from + batch));
            batches.add(new double[] {part.stream().mapToDouble(p -> p[0]).average().orElseThrow(),
                    part.stream().mapToDouble(p -> p[1]).average().orElseThrow()});
        }
        return batches;
    }

    /** Var(S) of the Mann-Kendall statistic with the correction for tied values. */
    private static double kendallVariance(double[] values) {
        int n = values.length;
        double variance = n * (n - 1.0) * (2 * n + 5);
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < n; ) {
            int j = i;
            while (j < n && sorted[j] == sorted[i]) {
                j++;
            }
            int t = j - i;
            variance -= t * (t - 1.0) * (2 * t + 5);
            i = j;
        }
        return variance / 18;
    }

    private static double median(double[] values) {
        Arrays.sort(values);
        int n = values.length;
        return n == 0 ? 0 : n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }
}
