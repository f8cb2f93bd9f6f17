package dev.jvmbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmbench.loadgen.protocol.LevelAnswer;
import dev.jvmbench.loadgen.protocol.SecondStats;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
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
     * Every request that finished in the window is in the histogram, and the answer's latencies are
     * the histogram's: one source for the point, its series and its distribution.
     */
    static void assertLatenciesAreTheHistograms(LevelAnswer a) throws Exception {
        Histogram h = histogram(a);
        assertEquals(a.requests(), h.getTotalCount(), "histogram count");
        if (a.requests() == 0) {
            assertEquals(null, a.latencyMs().p50(), a.toString());
            return;
        }
        long max = a.latencyMs().max();
        assertTrue(h.valuesAreEquivalent(max, h.getMaxValue()), "max: " + max + " ms, the histogram " + h.getMaxValue() + " ms");
        assertEquals(Math.min(h.getValueAtPercentile(50), max), (long) a.latencyMs().p50(), "p50");
        assertEquals(Math.min(h.getValueAtPercentile(95), max), (long) a.latencyMs().p95(), "p95");
        assertEquals(Math.min(h.getValueAtPercentile(99), max), (long) a.latencyMs().p99(), "p99");
        assertEquals(max, a.series().stream().filter(s -> s.max() != null).mapToLong(s -> s.max()).max().orElse(-1),
                "the window's max is its slowest second's");
    }
}
