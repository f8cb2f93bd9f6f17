package dev.jvmbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmbench.loadgen.protocol.LevelAnswer;
import dev.jvmbench.loadgen.protocol.SecondStats;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/** What every level answer's series and histogram must satisfy, whatever the load. */
final class WindowAssertions {

    private WindowAssertions() {
    }

    /** One row per second from measuredStart on, adding up to the window's own totals exactly. */
    static void assertSeriesCoverTheWindow(LevelAnswer a) {
        List<SecondStats> rows = a.series();
        assertEquals((int) Math.ceil(a.measuredSeconds()), rows.size(), a.toString());
        long start = Instant.parse(a.measuredStart()).toEpochMilli();
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(start + 1000L * i, rows.get(i).startMs(), "row " + i);
        }
        assertEquals(a.successes(), rows.stream().mapToLong(SecondStats::successes).sum(), "successes");
        assertEquals(a.errors(), rows.stream().mapToLong(SecondStats::errors).sum(), "errors");
        assertEquals(Math.round(a.startedRps() * a.measuredSeconds()), rows.stream().mapToLong(SecondStats::started).sum(),
                "started");
        var causes = new TreeMap<String, Long>();
        rows.forEach(r -> r.errorsByCause().forEach((cause, n) -> causes.merge(cause, n, Long::sum)));
        assertEquals(new TreeMap<>(a.errorsByCause()), causes, "errors by cause");
    }

    static Histogram histogram(LevelAnswer a) throws Exception {
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(a.latencyHistogram())), 0);
    }

    /**
     * Every finished request is in the histogram, and Gatling's percentiles agree with it within
     * their resolutions. Values: whole milliseconds on both sides, the histogram exact below
     * 2048 ms, so 1 ms. Ranks: the histogram answers the sample at the rank, Gatling's t-digest
     * (compression 100) interpolates between centroids that near the median hold up to ~1% of the
     * samples, so its percentile may sit anywhere between the samples one percentile point (or
     * two samples, with few requests) either side. A wrong window or a lost request moves far more.
     */
    static void assertHistogramAgreesWithGatling(LevelAnswer a) throws Exception {
        Histogram h = histogram(a);
        assertEquals(a.requests(), h.getTotalCount(), "histogram count");
        if (a.requests() == 0) {
            return;
        }
        assertTrue(h.valuesAreEquivalent(a.latencyMs().max(), h.getMaxValue()), "max: Gatling " + a.latencyMs().max()
                + " ms, the histogram " + h.getMaxValue() + " ms");
        Map<Double, Integer> gatling = Map.of(50.0, a.latencyMs().p50(), 95.0, a.latencyMs().p95(), 99.0, a.latencyMs().p99());
        double rankResolution = Math.max(1.0, 200.0 / h.getTotalCount());
        gatling.forEach((percentile, expected) -> {
            long low = h.getValueAtPercentile(Math.max(0, percentile - rankResolution)) - 1;
            long high = h.getValueAtPercentile(Math.min(100, percentile + rankResolution)) + 1;
            assertTrue(low <= expected && expected <= high, "p" + percentile + ": Gatling " + expected
                    + " ms, the histogram " + h.getValueAtPercentile(percentile) + " ms (" + low + "-" + high + " allowed)");
        });
    }
}
