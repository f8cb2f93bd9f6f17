package dev.jvmbench.common.stats;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The latency distribution of a measured window as the generator sends it: every finished
 * request's latency (failed ones included, a timeout at its timeout) in whole milliseconds, 3
 * significant digits (exact below 2048 ms, within 0.1% above), carried as HdrHistogram's
 * compressed V2 encoding in base64 (the worker's {@code LevelResult#latencyHistogram()}, stored in
 * result_points.latency_histogram). Store the string; decode to read percentiles or to {@link #merge}
 * repetitions (the api's latency distributions, docs/statistics.md). Immutable.
 */
public final class LatencyHistogram {

    static final int SIGNIFICANT_DIGITS = 3;

    private final Histogram histogram;

    private LatencyHistogram(Histogram histogram) {
        this.histogram = histogram;
    }

    /** @throws IllegalArgumentException when {@code base64} is not an encoded HdrHistogram */
    public static LatencyHistogram decode(String base64) {
        try {
            byte[] bytes = Base64.getDecoder().decode(base64);
            return new LatencyHistogram(Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0));
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded latency histogram: " + e.getMessage(), e);
        }
    }

    public static LatencyHistogram empty() {
        return new LatencyHistogram(new Histogram(SIGNIFICANT_DIGITS));
    }

    /** A histogram of the given latencies, as the generator would build it. */
    public static LatencyHistogram ofMillis(long... latenciesMs) {
        var h = new Histogram(SIGNIFICANT_DIGITS);
        Arrays.stream(latenciesMs).forEach(h::recordValue);
        return new LatencyHistogram(h);
    }

    public String encode() {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** Requests in the distribution. */
    public long count() {
        return histogram.getTotalCount();
    }

    /**
     * The latency (ms) at or below which {@code percentile}% of the requests finished: the
     * recorded value at that rank, within the histogram's resolution.
     *
     * @throws IllegalStateException when no request finished
     */
    public long percentile(double percentile) {
        if (percentile < 0 || percentile > 100) {
            throw new IllegalArgumentException("percentile must be in [0, 100], was " + percentile);
        }
        if (count() == 0) {
            throw new IllegalStateException("no request finished: no percentile");
        }
        return Math.min(histogram.getValueAtPercentile(percentile), histogram.getMaxValue());
    }

    /** The slowest request (ms), within the resolution; 0 when none finished. */
    public long max() {
        return histogram.getMaxValue();
    }

    /** Both distributions as one, e.g. the repetitions of a cell; neither operand changes. */
    public LatencyHistogram merge(LatencyHistogram other) {
        var merged = new Histogram(SIGNIFICANT_DIGITS);
        merged.add(histogram);
        merged.add(other.histogram);
        return new LatencyHistogram(merged);
    }

    /**
     * The non-empty buckets, fastest first: each bucket's highest equivalent value (ms, what
     * {@link #percentile} answers) and its count. With a whole-millisecond resolution a window
     * holds a few hundred of them, so that many repetitions can be merged again and again (a
     * bootstrap) without building a histogram each time.
     */
    public java.util.List<Bucket> buckets() {
        var buckets = new java.util.ArrayList<Bucket>();
        for (var value : histogram.recordedValues()) {
            buckets.add(new Bucket(value.getValueIteratedTo(), value.getCountAtValueIteratedTo()));
        }
        return buckets;
    }

    /** One bucket of {@link #buckets()}. */
    public record Bucket(long valueMs, long count) {
    }

    /** Whether two latencies fall in the same bucket, i.e. are equal within the resolution. */
    public boolean equivalent(long ms1, long ms2) {
        return histogram.valuesAreEquivalent(ms1, ms2);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LatencyHistogram other && histogram.equals(other.histogram);
    }

    @Override
    public int hashCode() {
        return histogram.hashCode();
    }

    @Override
    public String toString() {
        return count() == 0 ? "LatencyHistogram[empty]"
                : "LatencyHistogram[count=" + count() + ", p50=" + percentile(50) + ", p99=" + percentile(99) + ", max="
                        + max() + "]";
    }
}
