package dev.jvmbench.api.changepoint;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Series with known change points under 1% Gaussian noise around 1000 (a throughput, say), each from
 * its own fixed seed: the same values on every machine and every run.
 */
final class SyntheticSeries {

    static final double LEVEL = 1000;
    static final double NOISE = 0.01;

    private SyntheticSeries() {
    }

    /** name -> values; the name says what is in it and where. */
    static Map<String, double[]> all() {
        Map<String, double[]> series = new LinkedHashMap<>();
        series.put("step +3% at 20", step(40, 20, 1.03, 11));
        series.put("step +5% at 20", step(40, 20, 1.05, 12));
        series.put("step +10% at 20", step(40, 20, 1.10, 13));
        series.put("step -5% at 20", step(40, 20, 0.95, 14));
        series.put("step -10% at 8", step(30, 8, 0.90, 15));
        series.put("steps +10% at 15, -5% at 30", twoSteps(45, 15, 1.10, 30, 1.10 * 0.95, 16));
        series.put("long: +5% at 40, +10% at 85", twoSteps(120, 40, 1.05, 85, 1.05 * 1.10, 17));
        series.put("drift +0.25% a job", drift(40, 0.0025, 18));
        series.put("outliers +30% at 12, -25% at 27", outliers(40, 19, 12, 1.30, 27, 0.75));
        series.put("step +10% at 25, outlier +30% at 10", withOutlier(step(40, 25, 1.10, 20), 10, 1.30));
        for (int seed = 1; seed <= 6; seed++) {
            series.put("noise #" + seed, noise(40, 100 + seed));
        }
        series.put("noise, 120 jobs", noise(120, 200));
        return series;
    }

    static double[] noise(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = LEVEL * (1 + NOISE * random.nextGaussian());
        }
        return values;
    }

    static double[] step(int n, int at, double factor, long seed) {
        double[] values = noise(n, seed);
        for (int i = at; i < n; i++) {
            values[i] *= factor;
        }
        return values;
    }

    static double[] twoSteps(int n, int first, double firstFactor, int second, double secondFactor, long seed) {
        double[] values = noise(n, seed);
        for (int i = first; i < n; i++) {
            values[i] *= i < second ? firstFactor : secondFactor;
        }
        return values;
    }

    static double[] drift(int n, double perPoint, long seed) {
        double[] values = noise(n, seed);
        for (int i = 0; i < n; i++) {
            values[i] *= 1 + perPoint * i;
        }
        return values;
    }

    static double[] outliers(int n, long seed, int at, double factor, int at2, double factor2) {
        return withOutlier(withOutlier(noise(n, seed), at, factor), at2, factor2);
    }

    static double[] withOutlier(double[] values, int at, double factor) {
        double[] copy = values.clone();
        copy[at] *= factor;
        return copy;
    }
}
