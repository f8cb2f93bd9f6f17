package dev.jvmbench.api.analysis;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap of the median and of the ratio of two medians.
 *
 * <p>Runs of a cell are few (a job's repetitions, typically 3-10) and their distribution unknown,
 * so the interval comes from resampling the runs themselves rather than from a normal model. The
 * random generator is seeded from the data, so the same stored points always give the same
 * interval and the same verdict, read after read. With n runs the interval can never be wider
 * than the data's range, and with n = 1 it is the single value: the count travels with every
 * estimate so readers can weigh it.
 */
public final class Bootstrap {

    public static final double CONFIDENCE = 0.95;
    static final int RESAMPLES = 4000;

    private Bootstrap() {
    }

    public static Estimate median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double median = medianOf(values.clone());
        if (values.length == 1) {
            return new Estimate(median, median, median, 1);
        }
        SplittableRandom random = new SplittableRandom(seed(values, null));
        double[] medians = new double[RESAMPLES];
        double[] sample = new double[values.length];
        for (int i = 0; i < RESAMPLES; i++) {
            resample(values, sample, random);
            medians[i] = medianOf(sample);
        }
        return new Estimate(median, percentile(medians, (1 - CONFIDENCE) / 2), percentile(medians, 1 - (1 - CONFIDENCE) / 2),
                values.length);
    }

    /**
     * candidate / baseline, as the ratio of medians with the interval from resampling both sides
     * independently. Null when the baseline median is 0 (a ratio means nothing there).
     */
    public static Ratio ratio(double[] baseline, double[] candidate) {
        if (baseline.length == 0 || candidate.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double baseMedian = medianOf(baseline.clone());
        double candidateMedian = medianOf(candidate.clone());
        if (baseMedian == 0) {
            return null;
        }
        SplittableRandom random = new SplittableRandom(seed(baseline, candidate));
        double[] ratios = new double[RESAMPLES];
        double[] a = new double[baseline.length];
        double[] b = new double[candidate.length];
        int defined = 0;
        for (int i = 0; i < RESAMPLES; i++) {
            resample(baseline, a, random);
            resample(candidate, b, random);
            double denominator = medianOf(a);
            if (denominator != 0) {
                ratios[defined++] = medianOf(b) / denominator;
            }
        }
        double[] used = Arrays.copyOf(ratios, defined);
        return new Ratio(candidateMedian / baseMedian, percentile(used, (1 - CONFIDENCE) / 2),
                percentile(used, 1 - (1 - CONFIDENCE) / 2));
    }

    public record Ratio(double value, double low, double high) {
    }

    static double medianOf(double[] values) {
        Arrays.sort(values);
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
    }

    /** Linear interpolation between order statistics (type 7, as R and numpy default to). */
    static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double position = p * (sorted.length - 1);
        int lower = (int) Math.floor(position);
        int upper = Math.min(lower + 1, sorted.length - 1);
        return sorted[lower] + (position - lower) * (sorted[upper] - sorted[lower]);
    }

    private static void resample(double[] from, double[] into, SplittableRandom random) {
        for (int i = 0; i < into.length; i++) {
            into[i] = from[random.nextInt(from.length)];
        }
    }

    private static long seed(double[] a, double[] b) {
        long seed = 0x9E3779B97F4A7C15L ^ Arrays.hashCode(a);
        return b == null ? seed : seed * 31 + Arrays.hashCode(b);
    }
}
