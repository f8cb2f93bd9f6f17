package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The per-second buckets on made-up samples, 250 ms apart from 00:00:00.100 to 00:00:03.850. */
class ContainerSecondsTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final long MB = 1024 * 1024;

    /**
     * 0.5 CPU-s per second; throttled 1 period and 10 ms per second; memory 100 MB, 150 MB in the
     * sample at 1.6 s; threads 10 + the second; the high-water mark jumps to 300 MB between the
     * samples at 2.35 and 2.6 s (a spike no sample saw).
     */
    private static List<Sample> samples() {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            long ms = 100 + 250L * i;
            long memory = ms == 1600 ? 150 : 100;
            long mark = ms >= 2600 ? 300 : 150;
            samples.add(new Sample(T0.plusMillis(ms), ms * 500_000L, ms / 1000, ms * 10_000L,
                    memory * MB, mark * MB, 10 + (int) (ms / 1000)));
        }
        return samples;
    }

    /** Read at 0.2, 1.2, 2.2 s: CLOSE_WAIT grows by 3 a second. */
    private static final List<FdReading> FDS = List.of(
            new FdReading(T0.plusMillis(200), 50, 10, Map.of(TcpState.ESTABLISHED, 8, TcpState.LISTEN, 1), 20_000),
            new FdReading(T0.plusMillis(1200), 60, 14, Map.of(TcpState.ESTABLISHED, 9, TcpState.LISTEN, 1,
                    TcpState.CLOSE_WAIT, 3), 20_000),
            new FdReading(T0.plusMillis(2200), 55, 17, Map.of(TcpState.ESTABLISHED, 9, TcpState.LISTEN, 1,
                    TcpState.CLOSE_WAIT, 6), 20_000));

    @Test
    void aBracketedSecondIsMeasuredEdgeToEdge() {
        List<ContainerSecond> seconds = ContainerSeconds.of(samples(), FDS, T0.plusMillis(1500), T0.plusMillis(2500), 0.5);

        assertThat(seconds).extracting(ContainerSecond::second).containsExactly(T0.plusSeconds(1), T0.plusSeconds(2));
        ContainerSecond one = seconds.getFirst();
        assertThat(one.measuredFrom()).isEqualTo(T0.plusSeconds(1));
        assertThat(one.measuredTo()).isEqualTo(T0.plusSeconds(2));
        assertThat(one.samples()).isEqualTo(4);
        assertThat(one.cpuCores()).isCloseTo(0.5, within(1e-9));
        assertThat(one.cpuPercentOfLimit()).isCloseTo(100.0, within(1e-9));
        assertThat(one.throttledMs()).isCloseTo(10.0, within(1e-9));
        assertThat(one.throttledPeriods()).isEqualTo(1);
        assertThat(one.memoryMeanMb()).isCloseTo(112.5, within(1e-9));
        assertThat(one.memoryMaxMb()).isCloseTo(150.0, within(1e-9));
        assertThat(one.threadsMax()).isEqualTo(11);
        assertThat(one.openFdsMax()).isEqualTo(60);
        assertThat(one.socketFds()).isEqualTo(14);
        assertThat(one.tcpCloseWait()).isEqualTo(3);
        assertThat(one.tcpEstablished()).isEqualTo(9);
        assertThat(seconds.get(1).tcpCloseWait()).isEqualTo(6);
    }

    @Test
    void aSpikeBetweenSamplesShowsThroughTheHighWaterMarkOfItsSecond() {
        List<ContainerSecond> seconds = ContainerSeconds.of(samples(), FDS, T0.plusSeconds(1), T0.plusSeconds(4), 1.0);

        assertThat(seconds).extracting(ContainerSecond::memoryMaxMb).containsExactly(150.0, 300.0, 100.0);
    }

    @Test
    void theFirstAndLastSecondsOfTheSeriesAreMeasuredOverThePartTheSamplesCover() {
        List<ContainerSecond> seconds = ContainerSeconds.of(samples(), FDS, T0, T0.plusMillis(3900), 0.5);

        assertThat(seconds).hasSize(4);
        ContainerSecond first = seconds.getFirst();
        assertThat(first.measuredFrom()).isEqualTo(T0.plusMillis(100));
        assertThat(first.measuredTo()).isEqualTo(T0.plusSeconds(1));
        assertThat(first.cpuCores()).isCloseTo(0.5, within(1e-9));
        assertThat(first.throttledMs()).as("over the 0.9 s measured").isCloseTo(9.0, within(1e-9));
        ContainerSecond last = seconds.getLast();
        assertThat(last.measuredFrom()).isEqualTo(T0.plusSeconds(3));
        assertThat(last.measuredTo()).isEqualTo(T0.plusMillis(3850));
        assertThat(last.openFdsMax()).as("no descriptor reading in the last second").isNull();
        assertThat(last.tcpStates()).isNull();
        assertThat(last.tcpCloseWait()).isNull();
    }

    @Test
    void aSecondNothingWasMeasuredInIsThereWithNulls() {
        List<ContainerSecond> seconds = ContainerSeconds.of(samples(), FDS, T0.plusSeconds(5), T0.plusMillis(6001), 1.0);

        assertThat(seconds).extracting(ContainerSecond::second)
                .containsExactly(T0.plusSeconds(5), T0.plusSeconds(6));
        assertThat(seconds).allSatisfy(second -> {
            assertThat(second.samples()).isZero();
            assertThat(second.cpuCores()).isNull();
            assertThat(second.measuredFrom()).isNull();
            assertThat(second.memoryMeanMb()).isNull();
            assertThat(second.threadsMax()).isNull();
        });
    }

    @Test
    void aWindowInsideOneSecondGivesThatWholeSecond() {
        List<ContainerSecond> seconds = ContainerSeconds.of(samples(), FDS, T0.plusMillis(1400), T0.plusMillis(1600), 1.0);

        assertThat(seconds).singleElement().satisfies(second -> {
            assertThat(second.second()).isEqualTo(T0.plusSeconds(1));
            assertThat(second.samples()).isEqualTo(4);
        });
    }

    /**
     * Walks at 0.5, 1.5, 2.5 and 3.0 s: the compiler threads' running sum 1000, 1400, 1400, 1600 ms
     * (400 ms/s, then idle, then 400 ms/s again).
     */
    private static final List<SwitchCount> WALKS = List.of(
            new SwitchCount(T0.plusMillis(500), 10, 1000L),
            new SwitchCount(T0.plusMillis(1500), 20, 1400L),
            new SwitchCount(T0.plusMillis(2500), 30, 1400L),
            new SwitchCount(T0.plusMillis(3000), 40, 1600L));

    @Test
    void theJitsCpuOfASecondIsInterpolatedBetweenTheWalksEitherSide() {
        List<ContainerSecond> seconds = ContainerSeconds.of(samples(), WALKS, FDS, T0, T0.plusSeconds(4), 1.0);

        assertThat(seconds).extracting(ContainerSecond::second).containsExactly(T0, T0.plusSeconds(1),
                T0.plusSeconds(2), T0.plusSeconds(3));
        // [0, 1): the walks start at 0.5 s, so the half second they cover stands for it: 200 ms in 0.5 s
        assertThat(seconds.get(0).jitCpuMs()).isCloseTo(400.0, within(1e-9));
        // [1, 2): 1200 at 1 s, 1400 at 2 s (between the idle walks)
        assertThat(seconds.get(1).jitCpuMs()).isCloseTo(200.0, within(1e-9));
        // [2, 3): 1400 at 2 s, 1600 at 3 s
        assertThat(seconds.get(2).jitCpuMs()).isCloseTo(200.0, within(1e-9));
        // [3, 4): the last walk is at its start: nothing covered, unknown rather than zero
        assertThat(seconds.get(3).jitCpuMs()).isNull();
    }

    @Test
    void withoutWalksOrWithWalksThatFoundNoCompilerTheJitsCpuIsUnknown() {
        List<SwitchCount> noCompiler = List.of(new SwitchCount(T0, 10), new SwitchCount(T0.plusSeconds(2), 20));

        assertThat(ContainerSeconds.of(samples(), FDS, T0, T0.plusSeconds(2), 1.0))
                .extracting(ContainerSecond::jitCpuMs).containsOnlyNulls();
        assertThat(ContainerSeconds.of(samples(), noCompiler, FDS, T0, T0.plusSeconds(2), 1.0))
                .extracting(ContainerSecond::jitCpuMs).containsOnlyNulls();
        // a compiler thread first seen at the second walk: the second before it is unknown, not all its CPU at once
        List<SwitchCount> seenLate = List.of(new SwitchCount(T0, 10), new SwitchCount(T0.plusSeconds(1), 20, 5000L),
                new SwitchCount(T0.plusSeconds(2), 30, 5100L));
        assertThat(ContainerSeconds.of(samples(), seenLate, FDS, T0, T0.plusSeconds(2), 1.0))
                .extracting(ContainerSecond::jitCpuMs).containsExactly(null, 100.0);
    }

    @Test
    void anEmptyOrReversedWindowIsRejected() {
        assertThatThrownBy(() -> ContainerSeconds.of(samples(), FDS, T0.plusSeconds(2), T0.plusSeconds(1), 1.0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ContainerSeconds.of(samples(), FDS, T0, T0, 1.0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
