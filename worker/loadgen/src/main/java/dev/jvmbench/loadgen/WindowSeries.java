package dev.jvmbench.loadgen;

import dev.jvmbench.loadgen.protocol.SecondStats;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * One window (a measured window or a warm-up) cut into whole seconds from its start: row
 * {@code i} covers {@code [start + i s, start + (i+1) s)}, the last row shorter when the window
 * is not a whole number of seconds. Finished requests count in the second they finished, started
 * ones in the second they started, in-flight samples in the second they were taken. The caller
 * hands it only the requests that finished inside it ({@link #contains}); a start a few
 * milliseconds past the end (a looping user's last check of the time) counts in the last second.
 * The rows add up to the window's totals ({@link #totals()}) exactly.
 *
 * <p>Latencies are whole milliseconds (Gatling's resolution) in HdrHistograms with 3 significant
 * digits: exact below 2048 ms, within 0.1% above; a percentile never exceeds the exact maximum.
 */
final class WindowSeries {

    static final int SIGNIFICANT_DIGITS = 3;

    private final long startMs;
    private final long endMs;
    private final int seconds;
    private final long[] started;
    private final long[] successes;
    private final long[] errors;
    private final long[] maxMs;
    private final IntCountsHistogram[] latency;
    private final List<Map<String, Long>> causes = new ArrayList<>();
    private final int[] sampleMin;
    private final int[] sampleMax;
    private final long[] sampleSum;
    private final int[] sampleCount;
    /** Every finished request of the window; null when the window needs no histogram (warm-ups). */
    private final Histogram window;
    private final Map<String, String> causeOfMessage = new HashMap<>();

    WindowSeries(long startMs, Duration length, boolean histogram) {
        this.startMs = startMs;
        this.endMs = startMs + length.toMillis();
        this.seconds = (int) Math.max(1, (length.toMillis() + 999) / 1000);
        started = new long[seconds];
        successes = new long[seconds];
        errors = new long[seconds];
        maxMs = new long[seconds];
        latency = new IntCountsHistogram[seconds];
        sampleMin = new int[seconds];
        sampleMax = new int[seconds];
        sampleSum = new long[seconds];
        sampleCount = new int[seconds];
        for (int i = 0; i < seconds; i++) {
            causes.add(new TreeMap<>());
        }
        window = histogram ? new Histogram(SIGNIFICANT_DIGITS) : null;
    }

    /** The window's totals; its latencies are its histogram's. */
    record Totals(long requests, long successes, long errors, Map<String, Long> errorsByCause, Integer p50, Integer p95,
            Integer p99, Integer max) {
    }

    boolean contains(long atMs) {
        return atMs >= startMs && atMs < endMs;
    }

    long startMs() {
        return startMs;
    }

    long endMs() {
        return endMs;
    }

    /** A request record of the window's simulation.log that finished inside it. */
    void finished(long requestStartMs, long requestEndMs, boolean ok, String errorMessage) {
        int row = rowOf(requestEndMs);
        long ms = Math.max(0, requestEndMs - requestStartMs);
        if (ok) {
            successes[row]++;
        } else {
            errors[row]++;
            causes.get(row).merge(causeOf(errorMessage), 1L, Long::sum);
        }
        if (latency[row] == null) {
            latency[row] = new IntCountsHistogram(SIGNIFICANT_DIGITS);
        }
        latency[row].recordValue(ms);
        maxMs[row] = Math.max(maxMs[row], ms);
        if (window != null) {
            window.recordValue(ms);
        }
    }

    /** {@code count} requests started at {@code atMs} ({@link Probe}). */
    void started(long atMs, int count) {
        started[rowOf(atMs)] += count;
    }

    long startedTotal() {
        return Arrays.stream(started).sum();
    }

    Totals totals() {
        if (window == null) {
            throw new IllegalStateException("this window keeps no histogram");
        }
        long ok = Arrays.stream(successes).sum();
        long ko = Arrays.stream(errors).sum();
        var byCause = new TreeMap<String, Long>();
        causes.forEach(row -> row.forEach((cause, n) -> byCause.merge(cause, n, Long::sum)));
        long max = Arrays.stream(maxMs).max().orElse(0);
        boolean any = window.getTotalCount() > 0;
        return new Totals(ok + ko, ok, ko, byCause,
                any ? percentile(window, 50, max) : null, any ? percentile(window, 95, max) : null,
                any ? percentile(window, 99, max) : null, any ? (int) max : null);
    }

    /** A 50 ms in-flight sample; samples outside the window are not its own and are dropped. */
    void sampled(long atMs, int inFlight) {
        if (atMs < startMs || atMs >= endMs) {
            return;
        }
        int row = rowOf(atMs);
        if (sampleCount[row] == 0) {
            sampleMin[row] = inFlight;
            sampleMax[row] = inFlight;
        } else {
            sampleMin[row] = Math.min(sampleMin[row], inFlight);
            sampleMax[row] = Math.max(sampleMax[row], inFlight);
        }
        sampleSum[row] += inFlight;
        sampleCount[row]++;
    }

    List<SecondStats> rows() {
        List<SecondStats> rows = new ArrayList<>(seconds);
        for (int i = 0; i < seconds; i++) {
            IntCountsHistogram h = latency[i];
            boolean sampled = sampleCount[i] > 0;
            rows.add(new SecondStats(startMs + 1000L * i, started[i], successes[i], errors[i],
                    percentile(h, 50, maxMs[i]), percentile(h, 95, maxMs[i]), percentile(h, 99, maxMs[i]),
                    h == null ? null : (int) maxMs[i],
                    sampled ? sampleMin[i] : null,
                    sampled ? Math.round(100.0 * sampleSum[i] / sampleCount[i]) / 100.0 : null,
                    sampled ? sampleMax[i] : null,
                    causes.get(i)));
        }
        return rows;
    }

    /** HdrHistogram's compressed V2 encoding, base64; an empty histogram when nothing finished. */
    String encodedHistogram() {
        if (window == null) {
            throw new IllegalStateException("this window keeps no histogram");
        }
        ByteBuffer buffer = ByteBuffer.allocate(window.getNeededByteBufferCapacity());
        int length = window.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    private int rowOf(long atMs) {
        return (int) Math.clamp((atMs - startMs) / 1000, 0, seconds - 1);
    }

    private String causeOf(String message) {
        return causeOfMessage.computeIfAbsent(message == null ? "" : message, m -> {
            String cause = ErrorCause.of(message);
            if (cause.equals("other")) {
                // keeps the raw text findable when a new Gatling message needs a cause of its own
                System.err.println("jvmbench-loadgen: unclassified error: " + message);
            }
            return cause;
        });
    }

    private static Integer percentile(AbstractHistogram h, double percentile, long max) {
        return h == null ? null : (int) Math.min(h.getValueAtPercentile(percentile), max);
    }
}
