package dev.jvmbench.api.changepoint;

/**
 * The two-sample Student t-test as Apache Otava 0.8.0 calls it: scipy's
 * {@code ttest_ind_from_stats(mean1, std1, n1, mean2, std2, n2)} (pooled variance, two-sided) fed with
 * numpy's {@code np.std}, the population standard deviation (divided by n, not n - 1), and 0 for a
 * side of one value. Matching that keeps the p-values, and so the change points, Otava's.
 */
public final class StudentT {

    private StudentT() {
    }

    /**
     * The two sides' means, their population standard deviations, and the test's two-sided p-value
     * (1 when the sides have two values in all, or when the statistic is undefined: both sides
     * constant and equal).
     */
    public record Result(double meanBefore, double meanAfter, double stdBefore, double stdAfter, int nBefore, int nAfter,
                         double pValue) {

        /** after / before - 1; 0 when the mean before is 0 (Otava's {@code forward_rel_change}). */
        public double forwardChange() {
            return meanBefore == 0 ? 0 : meanAfter / meanBefore - 1.0;
        }

        /** before / after - 1; 0 when the mean after is 0. */
        public double backwardChange() {
            return meanAfter == 0 ? 0 : meanBefore / meanAfter - 1.0;
        }

        /** The larger of the two relative changes in absolute value (Otava's {@code change_magnitude}). */
        public double magnitude() {
            return Math.max(Math.abs(forwardChange()), Math.abs(backwardChange()));
        }
    }

    public static Result compare(double[] left, double[] right) {
        if (left.length == 0 || right.length == 0) {
            throw new IllegalArgumentException("a side is empty");
        }
        double meanLeft = mean(left);
        double meanRight = mean(right);
        double stdLeft = left.length >= 2 ? populationStd(left, meanLeft) : 0.0;
        double stdRight = right.length >= 2 ? populationStd(right, meanRight) : 0.0;
        double p = 1.0;
        int n1 = left.length;
        int n2 = right.length;
        if (n1 + n2 > 2) {
            double df = n1 + n2 - 2;
            double pooled = ((n1 - 1) * stdLeft * stdLeft + (n2 - 1) * stdRight * stdRight) / df;
            double denominator = Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
            double difference = meanLeft - meanRight;
            if (denominator == 0) {
                // scipy: d / 0 is +-inf (p 0) or, with d 0 too, nan; nan is never significant in Otava.
                p = difference == 0 ? 1.0 : 0.0;
            } else {
                p = twoSided(difference / denominator, df);
            }
        }
        return new Result(meanLeft, meanRight, stdLeft, stdRight, n1, n2, p);
    }

    /** P(|T| >= |t|) for Student's t with {@code df} degrees of freedom: I_{df/(df+t^2)}(df/2, 1/2). */
    public static double twoSided(double t, double df) {
        if (Double.isNaN(t)) {
            return 1.0;
        }
        if (Double.isInfinite(t)) {
            return 0.0;
        }
        double x = df / (df + t * t);
        return Math.min(1.0, regularizedBeta(x, df / 2, 0.5));
    }

    /** The regularized incomplete beta function I_x(a, b), by its continued fraction (Lentz). */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
        if (x < (a + 1) / (a + b + 2)) {
            return Math.exp(logFront) * continuedFraction(x, a, b) / a;
        }
        return 1 - Math.exp(logFront) * continuedFraction(1 - x, b, a) / b;
    }

    private static final double TINY = 1e-300;

    /** Lentz's method: a term that came out (nearly) zero is replaced by a tiny one, never divided by. */
    private static double awayFromZero(double value) {
        return Math.abs(value) < TINY ? TINY : value;
    }

    private static double continuedFraction(double x, double a, double b) {
        final double epsilon = 1e-16;
        double qab = a + b;
        double qap = a + 1;
        double qam = a - 1;
        double c = 1;
        double d = 1 / awayFromZero(1 - qab * x / qap);
        double h = d;
        for (int m = 1; m <= 10_000; m++) {
            int m2 = 2 * m;
            // the even step of the fraction, then the odd one
            double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
            d = 1 / awayFromZero(1 + aa * d);
            c = awayFromZero(1 + aa / c);
            h *= d * c;
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
            d = 1 / awayFromZero(1 + aa * d);
            c = awayFromZero(1 + aa / c);
            double delta = d * c;
            h *= delta;
            if (Math.abs(delta - 1) < epsilon) {
                break;
            }
        }
        return h;
    }

    /** ln Gamma(x) for x > 0 (Lanczos, g = 7, n = 9; about 15 significant digits). */
    static double logGamma(double x) {
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double[] g = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
                -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
                1.5056327351493116e-7};
        double z = x - 1;
        double sum = g[0];
        for (int i = 1; i < g.length; i++) {
            sum += g[i] / (z + i);
        }
        double t = z + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }

    static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    private static double populationStd(double[] values, double mean) {
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return Math.sqrt(sum / values.length);
    }
}
