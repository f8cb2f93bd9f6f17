package dev.jvmbench.api.analysis;

import dev.jvmbench.common.stats.LatencyHistogram;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * The latency histograms of a cell's runs at one level, laid on one shared axis of bucket values
 * so that any multiset of the runs (all of them, or a bootstrap resample) merges without building
 * a histogram: merging HdrHistograms is adding their counts bucket by bucket, and a resample that
 * draws a run twice adds its counts twice. With every run's cumulative counts kept, a percentile of
 * a merge is a binary search over the axis, so thousands of resamples cost milliseconds.
 *
 * <p>A percentile is the one {@link LatencyHistogram#percentile} answers for the merged histogram:
 * the value of the bucket holding the request of rank ceil(p/100 x count) (at least 1), so that
 * "merge, then take the percentile" here and in the worker give the same number.
 */
final class RunDistributions {

    /** Bucket values (ms) that any run recorded, ascending. */
    private final long[] values;
    /** run -> requests at or below values[i], cumulated. */
    private final long[][] cumulative;

    private RunDistributions(long[] values, long[][] cumulative) {
        this.values = values;
        this.cumulative = cumulative;
    }

    static RunDistributions of(List<LatencyHistogram> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs");
        }
        TreeSet<Long> axis = new TreeSet<>();
        List<List<LatencyHistogram.Bucket>> buckets = runs.stream().map(LatencyHistogram::buckets).toList();
        buckets.forEach(run -> run.forEach(b -> axis.add(b.valueMs())));
        long[] values = axis.stream().mapToLong(Long::longValue).toArray();
        long[][] cumulative = new long[runs.size()][values.length];
        for (int r = 0; r < runs.size(); r++) {
            for (var bucket : buckets.get(r)) {
                cumulative[r][Arrays.binarySearch(values, bucket.valueMs())] += bucket.count();
            }
            for (int i = 1; i < values.length; i++) {
                cumulative[r][i] += cumulative[r][i - 1];
            }
        }
        return new RunDistributions(values, cumulative);
    }

    int runs() {
        return cumulative.length;
    }

    /** Each run once: the cell's merged distribution. */
    int[] everyRunOnce() {
        int[] weights = new int[runs()];
        Arrays.fill(weights, 1);
        return weights;
    }

    /** Requests in the merge of the runs, run r counted weights[r] times. */
    long count(int[] weights) {
        return values.length == 0 ? 0 : cumulativeAt(weights, values.length - 1);
    }

    /** The slowest request of the merge (ms); 0 when it holds none. */
    long max(int[] weights) {
        long max = 0;
        for (int r = 0; r < weights.length; r++) {
            long total = cumulative[r].length == 0 ? 0 : cumulative[r][values.length - 1];
            if (weights[r] > 0 && total > 0) {
                int last = 0;
                while (cumulative[r][last] < total) {
                    last++;
                }
                max = Math.max(max, values[last]);
            }
        }
        return max;
    }

    /**
     * The latency (ms) at {@code percentile} (0-100] of the merge, run r counted weights[r] times.
     *
     * @throws IllegalStateException when the merge holds no request
     */
    long percentile(int[] weights, double percentile) {
        long count = count(weights);
        if (count == 0) {
            throw new IllegalStateException("no request finished: no percentile");
        }
        // as HdrHistogram's getValueAtPercentile: the rank of the request, at least the first
        double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0), 100.0);
        long rank = Math.max(1, (long) Math.ceil(requested / 100.0 * count));
        int low = 0;
        int high = values.length - 1;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (cumulativeAt(weights, mid) >= rank) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return values[low];
    }

    private long cumulativeAt(int[] weights, int index) {
        long sum = 0;
        for (int r = 0; r < weights.length; r++) {
            sum += weights[r] * cumulative[r][index];
        }
        return sum;
    }

    /** Identifies the data, so that the bootstrap's generator is seeded from it (same data, same interval). */
    long fingerprint() {
        return 31L * Arrays.hashCode(values) + Arrays.deepHashCode(cumulative);
    }
}
