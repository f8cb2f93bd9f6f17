package dev.jvmbench.api.analysis;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap of a percentile of a cell's merged latency distribution, and of the ratio
 * of two such percentiles (docs/statistics.md, "Latency distributions").
 *
 * <p>The point estimate is the percentile of the merge of every run's histogram: all the requests
 * of the cell in one distribution. Its interval comes from the runs, like every other interval
 * ({@link Bootstrap}): resample the runs with replacement, merge the drawn runs' histograms, take
 * the percentile; the 2.5th and 97.5th percentiles of those are the 95% interval. Resampling
 * requests instead would treat a run's requests as independent, and they are not (a GC pause or a
 * noisy neighbour slows a whole stretch of a run): the unit of repetition is the run. With one run
 * the interval is the value itself, and the run count travels with it.
 */
final class TailBootstrap {

    private TailBootstrap() {
    }

    /** The merged distribution's percentiles with their 95% intervals over the runs; null entries when no request finished. */
    static Estimate[] percentiles(RunDistributions runs, double... percentiles) {
        int[] all = runs.everyRunOnce();
        Estimate[] estimates = new Estimate[percentiles.length];
        if (runs.count(all) == 0) {
            return estimates;
        }
        double[][] resampled = new double[percentiles.length][];
        if (runs.runs() > 1) {
            SplittableRandom random = new SplittableRandom(runs.fingerprint() ^ Arrays.hashCode(percentiles));
            double[][] draws = new double[percentiles.length][Bootstrap.RESAMPLES];
            int[] weights = new int[runs.runs()];
            int defined = 0;
            for (int i = 0; i < Bootstrap.RESAMPLES; i++) {
                draw(weights, random);
                if (runs.count(weights) == 0) {
                    continue;
                }
                for (int p = 0; p < percentiles.length; p++) {
                    draws[p][defined] = runs.percentile(weights, percentiles[p]);
                }
                defined++;
            }
            for (int p = 0; p < percentiles.length; p++) {
                resampled[p] = Arrays.copyOf(draws[p], defined);
            }
        }
        for (int p = 0; p < percentiles.length; p++) {
            double value = runs.percentile(all, percentiles[p]);
            estimates[p] = resampled[p] == null || resampled[p].length == 0 ? new Estimate(value, value, value, runs.runs())
                    : new Estimate(value, Bootstrap.percentile(resampled[p], (1 - Bootstrap.CONFIDENCE) / 2),
                            Bootstrap.percentile(resampled[p], 1 - (1 - Bootstrap.CONFIDENCE) / 2), runs.runs());
        }
        return estimates;
    }

    /**
     * candidate / baseline of one percentile of the merged distributions, the interval from
     * resampling the runs of both sides independently. Null when the baseline's percentile is 0 ms
     * (a ratio means nothing there) or either side has no request.
     */
    static Bootstrap.Ratio ratio(RunDistributions baseline, RunDistributions candidate, double percentile) {
        int[] allBase = baseline.everyRunOnce();
        int[] allCandidate = candidate.everyRunOnce();
        if (baseline.count(allBase) == 0 || candidate.count(allCandidate) == 0) {
            return null;
        }
        double base = baseline.percentile(allBase, percentile);
        if (base == 0) {
            return null;
        }
        double value = candidate.percentile(allCandidate, percentile) / base;
        SplittableRandom random = new SplittableRandom(31 * baseline.fingerprint() + candidate.fingerprint()
                ^ Double.hashCode(percentile));
        double[] ratios = new double[Bootstrap.RESAMPLES];
        int[] a = new int[baseline.runs()];
        int[] b = new int[candidate.runs()];
        int defined = 0;
        for (int i = 0; i < Bootstrap.RESAMPLES; i++) {
            draw(a, random);
            draw(b, random);
            if (baseline.count(a) == 0 || candidate.count(b) == 0) {
                continue;
            }
            double denominator = baseline.percentile(a, percentile);
            if (denominator != 0) {
                ratios[defined++] = candidate.percentile(b, percentile) / denominator;
            }
        }
        if (defined == 0) {
            return new Bootstrap.Ratio(value, value, value);
        }
        double[] used = Arrays.copyOf(ratios, defined);
        return new Bootstrap.Ratio(value, Bootstrap.percentile(used, (1 - Bootstrap.CONFIDENCE) / 2),
                Bootstrap.percentile(used, 1 - (1 - Bootstrap.CONFIDENCE) / 2));
    }

    /** A resample of the runs as weights: n draws with replacement, weights[r] = times run r was drawn. */
    private static void draw(int[] weights, SplittableRandom random) {
        Arrays.fill(weights, 0);
        for (int i = 0; i < weights.length; i++) {
            weights[random.nextInt(weights.length)]++;
        }
    }
}
