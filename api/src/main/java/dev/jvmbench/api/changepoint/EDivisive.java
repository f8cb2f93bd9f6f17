package dev.jvmbench.api.changepoint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * E-Divisive means change-point detection as Apache Otava 0.8.0 does it
 * ({@code otava.analysis.compute_change_points}, after Fleming et al., "Hunter: Using Change Point
 * Detection to Hunt for Performance Regressions", ICPE 2023, and Matteson and James, "A
 * Nonparametric Approach for Multiple Change Point Analysis of Multivariate Data", 2014).
 *
 * <ol>
 *   <li><b>Candidates.</b> Within an interval [s, e) the candidate is the τ maximizing, over every
 *       κ with s &lt; τ &lt; κ &le; e, the statistic q̂(X, Y) of X = z[s, τ) and Y = z[τ, κ) with the
 *       energy distance at α = 1:
 *       q̂ = 2/(n+m) Σ|X-Y| - 2m/((n+m)(n-1)) Σ_{i&lt;k}|X_i-X_k| - 2n/((n+m)(m-1)) Σ_{j&lt;k}|Y_j-Y_k|
 *       (a sum over one value is 0). The first maximum wins (numpy's argmax, τ then κ ascending);
 *       among intervals, the first with the largest q̂.</li>
 *   <li><b>Significance</b> is Otava's Student t-test ({@link StudentT}) of the two sides the
 *       candidate makes in its interval, not the original permutation test: no random numbers, so
 *       the same series always gives the same change points.</li>
 *   <li><b>Split.</b> Windows of {@code window} points, the next starting half a window later (or at
 *       the last change point found, if later); in each, candidates are added while significant at
 *       the first-pass level (10 x the p-value under 0.05, 2 x under 0.5): the weak change points,
 *       their union over all windows.</li>
 *   <li><b>Merge.</b> Each weak change point is tested between its neighbours over the whole
 *       series; repeatedly the one with the largest p-value is removed while that p-value is not
 *       below {@code maxPValue}, then, once all are, the one of the smallest magnitude while it is
 *       not above {@code minMagnitude}; the neighbours are tested again after each removal.</li>
 * </ol>
 *
 * <p>A point carries its value, what q̂ and Otava's test see, and its samples (a job's runs): with
 * {@link Significance#BOTH} a split must be significant on the values and on the samples (the larger
 * p-value decides), so neither a few medians that happen to differ while their runs overlap, nor
 * runs that differ because whole jobs differ (the runs of one job share its host, its time, its
 * JIT), make a change point. With one sample per point equal to its value this is exactly Otava's
 * algorithm on that series. One deliberate difference, {@link Options#otavaMerge}: Otava 0.8.0
 * re-tests the right neighbour of a removed change point and the one after it, not the left
 * neighbour, whose right side has grown; here both neighbours are re-tested, unless asked to do
 * as Otava does.
 */
public final class EDivisive {

    private EDivisive() {
    }

    /**
     * @param window     points per window of the split step (Otava's {@code window_len}, default 50), at least 2
     * @param maxPValue  the significance level (Otava's {@code max_pvalue}, default 0.001)
     * @param minMagnitude the smallest relative change kept (Otava's {@code min_magnitude}, default 0)
     * @param significance which t-test decides (default {@link Significance#BOTH})
     * @param otavaMerge re-test after a removal exactly as Otava 0.8.0 does (the right neighbour and the
     *                   one after it) rather than both neighbours
     */
    public record Options(int window, double maxPValue, double minMagnitude, Significance significance,
                          boolean otavaMerge) {

        public static final int DEFAULT_WINDOW = 50;
        public static final double DEFAULT_MAX_P_VALUE = 0.001;
        public static final double DEFAULT_MIN_MAGNITUDE = 0.0;

        public Options {
            if (window < 2) {
                throw new IllegalArgumentException("window must be at least 2");
            }
            if (!(maxPValue >= 0 && maxPValue <= 1)) {
                throw new IllegalArgumentException("maxPValue must be in [0, 1]");
            }
            if (!(minMagnitude >= 0)) {
                throw new IllegalArgumentException("minMagnitude must be 0 or more");
            }
            if (significance == null) {
                throw new IllegalArgumentException("significance is needed");
            }
        }

        public Options(int window, double maxPValue, double minMagnitude) {
            this(window, maxPValue, minMagnitude, Significance.BOTH, false);
        }

        public Options(int window, double maxPValue, double minMagnitude, Significance significance) {
            this(window, maxPValue, minMagnitude, significance, false);
        }

        /** The same with Otava 0.8.0's re-testing after a removal in the merge step. */
        public Options withOtavaMerge() {
            return new Options(window, maxPValue, minMagnitude, significance, true);
        }

        public static Options defaults() {
            return new Options(DEFAULT_WINDOW, DEFAULT_MAX_P_VALUE, DEFAULT_MIN_MAGNITUDE);
        }

        /** Otava's first-pass (weak change point) level. */
        double firstPassPValue() {
            return maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
        }
    }

    /** One point of the series: the value the candidates are found on, the samples the test compares. */
    public record Point(double value, double[] samples) {

        public Point {
            if (samples.length == 0) {
                throw new IllegalArgumentException("a point needs a sample");
            }
        }

        public static Point of(double value) {
            return new Point(value, new double[] {value});
        }
    }

    /**
     * Which t-test decides: on the points' values (Otava's), on their samples (a job's runs), or both
     * (the larger p-value). With one sample per point equal to its value the three are the same.
     */
    public enum Significance {
        VALUES, SAMPLES, BOTH
    }

    /**
     * A change point: the index of the first point after the change, q̂ of its candidate (in the window
     * it was found in), the t-test of the values since the previous change point against those up to
     * the next one, the same on their samples, and the p-value that decides (by {@link Significance}).
     * Its magnitude is the values' (Otava's).
     */
    public record ChangePoint(int index, double qhat, StudentT.Result test, StudentT.Result samplesTest, double pValue) {

        double magnitude() {
            return test.magnitude();
        }
    }

    /** The change point at {@code at} tested on points [from, at) against [at, to). */
    private static ChangePoint tested(int at, double qhat, List<Point> series, int from, int to, Significance significance) {
        StudentT.Result values = StudentT.compare(values(series, from, at), values(series, at, to));
        StudentT.Result samples = StudentT.compare(samples(series, from, at), samples(series, at, to));
        double p = switch (significance) {
            case VALUES -> values.pValue();
            case SAMPLES -> samples.pValue();
            case BOTH -> Math.max(values.pValue(), samples.pValue());
        };
        return new ChangePoint(at, qhat, values, samples, p);
    }

    /** The change points of the series, by index. */
    public static List<ChangePoint> detect(List<Point> series, Options options) {
        List<ChangePoint> weak = split(series, options.window(), options.firstPassPValue(), options.significance());
        return merge(weak, series, options);
    }

    /** Values only: each point its own single sample, exactly Otava's input. */
    public static List<ChangePoint> detect(double[] values, Options options) {
        List<Point> points = new ArrayList<>(values.length);
        for (double v : values) {
            points.add(Point.of(v));
        }
        return detect(points, options);
    }

    /** The weak change points: the union of those found in each window at the first-pass level. */
    static List<ChangePoint> split(List<Point> series, int window, double firstPassPValue, Significance significance) {
        int step = window / 2;
        List<ChangePoint> found = new ArrayList<>();
        int start = 0;
        while (start < series.size()) {
            int end = Math.min(start + window, series.size());
            List<ChangePoint> inWindow = inWindow(series.subList(start, end), firstPassPValue, significance);
            int lastIndex = 0;
            for (ChangePoint cp : inWindow) {
                int index = cp.index() + start;
                lastIndex = index;
                if (found.stream().noneMatch(f -> f.index() == index)) {
                    found.add(new ChangePoint(index, cp.qhat(), cp.test(), cp.samplesTest(), cp.pValue()));
                }
            }
            start = Math.max(inWindow.isEmpty() ? 0 : lastIndex, start + step);
        }
        found.sort(Comparator.comparingInt(ChangePoint::index));
        List<ChangePoint> tested = new ArrayList<>(found.size());
        for (int i = 0; i < found.size(); i++) {
            tested.add(between(found, i, series, significance));
        }
        return tested;
    }

    /**
     * Otava's {@code ChangePointDetector.get_change_points} on one window: the best candidate over
     * the intervals the change points so far make, kept while significant.
     */
    static List<ChangePoint> inWindow(List<Point> window, double maxPValue, Significance significance) {
        Distances distances = new Distances(window);
        List<ChangePoint> changePoints = new ArrayList<>();
        while (true) {
            List<int[]> intervals = intervals(changePoints.stream().map(ChangePoint::index).toList(), window.size());
            int[] best = null;
            double bestQ = Double.NEGATIVE_INFINITY;
            int[] bestInterval = null;
            for (int[] interval : intervals) {
                if (interval[1] - interval[0] > 1) {
                    double[] candidate = distances.candidate(interval[0], interval[1]);
                    if (best == null || candidate[1] > bestQ) {
                        best = new int[] {(int) candidate[0]};
                        bestQ = candidate[1];
                        bestInterval = interval;
                    }
                }
            }
            if (best == null) {
                break;
            }
            ChangePoint candidate = tested(best[0], bestQ, window, bestInterval[0], bestInterval[1], significance);
            if (candidate.pValue() <= maxPValue) {
                changePoints.add(candidate);
                changePoints.sort(Comparator.comparingInt(ChangePoint::index));
            } else {
                break;
            }
        }
        return changePoints;
    }

    /** Otava's {@code merge}: weak change points filtered bottom-up to those that meet the level and magnitude. */
    static List<ChangePoint> merge(List<ChangePoint> weak, List<Point> series, Options options) {
        List<ChangePoint> changePoints = new ArrayList<>(weak);
        while (!changePoints.isEmpty()) {
            int weakest = 0;
            for (int i = 1; i < changePoints.size(); i++) {
                if (changePoints.get(i).pValue() > changePoints.get(weakest).pValue()) {
                    weakest = i;
                }
            }
            if (changePoints.get(weakest).pValue() < options.maxPValue()) {
                weakest = 0;
                for (int i = 1; i < changePoints.size(); i++) {
                    if (changePoints.get(i).magnitude() < changePoints.get(weakest).magnitude()) {
                        weakest = i;
                    }
                }
                if (changePoints.get(weakest).magnitude() > options.minMagnitude()) {
                    return changePoints;
                }
            }
            changePoints.remove(weakest);
            Significance significance = options.significance();
            if (options.otavaMerge()) {
                retest(changePoints, weakest, series, significance);
                retest(changePoints, weakest + 1, series, significance);
            } else {
                retest(changePoints, weakest - 1, series, significance);
                retest(changePoints, weakest, series, significance);
            }
        }
        return changePoints;
    }

    private static void retest(List<ChangePoint> changePoints, int i, List<Point> series, Significance significance) {
        if (i >= 0 && i < changePoints.size()) {
            changePoints.set(i, between(changePoints, i, series, significance));
        }
    }

    /** Change point i tested on the points since the previous change point against those up to the next. */
    private static ChangePoint between(List<ChangePoint> changePoints, int i, List<Point> series,
                                       Significance significance) {
        int from = i == 0 ? 0 : changePoints.get(i - 1).index();
        int to = i == changePoints.size() - 1 ? series.size() : changePoints.get(i + 1).index();
        ChangePoint cp = changePoints.get(i);
        return tested(cp.index(), cp.qhat(), series, from, to, significance);
    }

    /** The values of points [from, to), in order. */
    static double[] values(List<Point> series, int from, int to) {
        double[] values = new double[to - from];
        for (int i = from; i < to; i++) {
            values[i - from] = series.get(i).value();
        }
        return values;
    }

    /** [0, c1), [c1, c2), ..., [ck, size), the empty ones left out (Otava's {@code get_intervals}). */
    private static List<int[]> intervals(List<Integer> sortedIndexes, int size) {
        List<int[]> intervals = new ArrayList<>();
        int from = 0;
        for (int index : sortedIndexes) {
            if (index != from) {
                intervals.add(new int[] {from, index});
            }
            from = index;
        }
        if (from != size) {
            intervals.add(new int[] {from, size});
        }
        return intervals;
    }

    /** The samples of points [from, to), in order. */
    static double[] samples(List<Point> series, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            n += series.get(i).samples().length;
        }
        double[] all = new double[n];
        int at = 0;
        for (int i = from; i < to; i++) {
            double[] s = series.get(i).samples();
            System.arraycopy(s, 0, all, at, s.length);
            at += s.length;
        }
        return all;
    }

    /**
     * Sums of |z_i - z_k| (α = 1) within every segment of one window, so that q̂ of any split is a few
     * lookups: within[a][b] = Σ_{a≤i<k<b} |z_i - z_k|.
     */
    static final class Distances {

        private final double[][] within;

        Distances(List<Point> window) {
            int n = window.size();
            within = new double[n + 1][n + 1];
            double[] column = new double[n + 1];
            for (int b = 2; b <= n; b++) {
                // column[a] = Σ_{a≤i<b-1} |z_i - z_{b-1}|, a from b-2 down to 0
                double last = window.get(b - 1).value();
                double sum = 0;
                for (int a = b - 2; a >= 0; a--) {
                    sum += Math.abs(window.get(a).value() - last);
                    column[a] = sum;
                }
                for (int a = 0; a <= b - 2; a++) {
                    within[a][b] = within[a][b - 1] + column[a];
                }
            }
        }

        /** q̂ of X = z[s, τ) and Y = z[τ, κ). */
        double qhat(int s, int tau, int kappa) {
            int n = tau - s;
            int m = kappa - tau;
            double withinX = within[s][tau];
            double withinY = within[tau][kappa];
            double cross = within[s][kappa] - withinX - withinY;
            double q = 2.0 / (n + m) * cross;
            if (n > 1) {
                q -= 2.0 * m / ((double) (n + m) * (n - 1)) * withinX;
            }
            if (m > 1) {
                q -= 2.0 * n / ((double) (n + m) * (m - 1)) * withinY;
            }
            return q;
        }

        /** {τ, q̂}: the first (τ, κ), τ then κ ascending, of the largest q̂ within [start, end). */
        double[] candidate(int start, int end) {
            int bestTau = -1;
            double best = Double.NEGATIVE_INFINITY;
            for (int tau = start + 1; tau < end; tau++) {
                for (int kappa = tau + 1; kappa <= end; kappa++) {
                    double q = qhat(start, tau, kappa);
                    if (q > best) {
                        best = q;
                        bestTau = tau;
                    }
                }
            }
            return new double[] {bestTau, best};
        }
    }
}
