package dev.jvmbench.common.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class LatencyHistogramTest {

    private static final long[] ONE_TO_THOUSAND = LongStream.rangeClosed(1, 1000).toArray();

    @Test
    void percentilesAreTheRecordedValuesAtTheirRanks() {
        var h = LatencyHistogram.ofMillis(ONE_TO_THOUSAND);
        assertThat(h.count()).isEqualTo(1000);
        // below 2048 ms every millisecond has its own bucket: exact
        assertThat(h.percentile(50)).isEqualTo(500);
        assertThat(h.percentile(95)).isEqualTo(950);
        assertThat(h.percentile(99)).isEqualTo(990);
        assertThat(h.percentile(100)).isEqualTo(1000);
        assertThat(h.max()).isEqualTo(1000);
    }

    @Test
    void aTimeoutFarAbove2SecondsKeepsThreeSignificantDigits() {
        var h = LatencyHistogram.ofMillis(100, 100, 100, 10_000);
        assertThat(h.percentile(100)).isBetween(10_000L, 10_010L);
        assertThat(h.equivalent(h.max(), 10_000)).isTrue();
        assertThat(h.percentile(50)).isEqualTo(100);
    }

    @Test
    void theEncodingRoundTripsAndStaysCompact() {
        var h = LatencyHistogram.ofMillis(ONE_TO_THOUSAND);
        String encoded = h.encode();
        assertThat(LatencyHistogram.decode(encoded)).isEqualTo(h);
        assertThat(LatencyHistogram.decode(encoded).percentile(95)).isEqualTo(950);
        // 1000 distinct values: a few hundred bytes, not one number per request
        assertThat(encoded.length()).isLessThan(3_000);
        assertThat(LatencyHistogram.decode(LatencyHistogram.empty().encode()).count()).isZero();
    }

    @Test
    void mergingAddsTheRepetitionsAndChangesNeither() {
        var first = LatencyHistogram.ofMillis(LongStream.rangeClosed(1, 500).toArray());
        var second = LatencyHistogram.ofMillis(LongStream.rangeClosed(501, 1000).toArray());
        var merged = first.merge(second);
        assertThat(merged).isEqualTo(LatencyHistogram.ofMillis(ONE_TO_THOUSAND));
        assertThat(merged.percentile(50)).isEqualTo(500);
        assertThat(merged.count()).isEqualTo(1000);
        assertThat(first.count()).isEqualTo(500);
        assertThat(second.percentile(0)).isEqualTo(501);
        // a decoded histogram (fixed range) merges with a wider one
        var wide = LatencyHistogram.ofMillis(60_000);
        assertThat(LatencyHistogram.decode(first.encode()).merge(wide).max()).isBetween(60_000L, 60_064L);
    }

    @Test
    void badInputIsRefusedWithTheReason() {
        assertThatThrownBy(() -> LatencyHistogram.decode("not base64!")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not an encoded latency histogram");
        assertThatThrownBy(() -> LatencyHistogram.decode("AAAA")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyHistogram.empty().percentile(50)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> LatencyHistogram.ofMillis(1).percentile(101)).isInstanceOf(IllegalArgumentException.class);
    }
}
