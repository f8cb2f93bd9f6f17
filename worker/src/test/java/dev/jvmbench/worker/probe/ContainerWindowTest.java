package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The window arithmetic on made-up samples, one second apart. */
class ContainerWindowTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final long MB = 1024 * 1024;

    /** 0.5 CPU-s per second, one throttled period of 10 ms per second. */
    private static Sample sample(int second, long memoryMb, long peakMb, int threads) {
        return new Sample(T0.plusSeconds(second), second * 500_000_000L, second, second * 10_000_000L,
                memoryMb * MB, peakMb * MB, threads);
    }

    /** 100 switches per second, read with every sample. */
    private static final List<SwitchCount> SWITCHES = List.of(0, 1, 2, 3, 4).stream()
            .map(second -> new SwitchCount(T0.plusSeconds(second), second * 100L))
            .toList();

    private static final List<Sample> STEADY = List.of(
            sample(0, 100, 120, 10), sample(1, 110, 120, 12), sample(2, 120, 120, 14),
            sample(3, 100, 120, 11), sample(4, 100, 120, 10));

    @Test
    void countersAreInterpolatedAtBracketedEdges() {
        ContainerWindow window = ContainerWindow.of(STEADY, SWITCHES, T0.plusMillis(500), T0.plusMillis(3500), 0.5);

        assertThat(window.start()).isEqualTo(T0.plusMillis(500));
        assertThat(window.end()).isEqualTo(T0.plusMillis(3500));
        assertThat(window.samples()).isEqualTo(3);
        assertThat(window.cpuSeconds()).isCloseTo(1.5, within(1e-9));
        assertThat(window.cpuPercentOfLimit()).isCloseTo(100.0, within(1e-9));
        assertThat(window.throttledPeriods()).isEqualTo(3);
        assertThat(window.throttledMs()).isCloseTo(30.0, within(1e-9));
        assertThat(window.contextSwitches()).isEqualTo(300);
        assertThat(window.memoryMeanMb()).isCloseTo(110.0, within(1e-9));
        assertThat(window.threadsPeak()).isEqualTo(14);
    }

    @Test
    void contextSwitchesAreInterpolatedBetweenSparseReadings() {
        // a JVM with thousands of threads: its threads are walked every few seconds only
        List<SwitchCount> sparse = List.of(new SwitchCount(T0, 0), new SwitchCount(T0.plusSeconds(4), 4000));

        ContainerWindow window = ContainerWindow.of(STEADY, sparse, T0.plusMillis(500), T0.plusMillis(3500), 1.0);

        assertThat(window.contextSwitches()).isEqualTo(3000);
    }

    @Test
    void withoutASampleBeyondAnEdgeTheNearestSampleInsideStandsForIt() {
        ContainerWindow window = ContainerWindow.of(STEADY, SWITCHES, T0.minusSeconds(5), T0.plusMillis(2500), 1.0);

        assertThat(window.start()).isEqualTo(T0);
        assertThat(window.end()).isEqualTo(T0.plusMillis(2500));
        assertThat(window.cpuSeconds()).isCloseTo(1.25, within(1e-9));
        assertThat(window.cpuPercentOfLimit()).isCloseTo(50.0, within(1e-9));
    }

    @Test
    void peakIsTheHighestSampleWhileTheHighWaterMarkStaysPut() {
        ContainerWindow window = ContainerWindow.of(STEADY, SWITCHES, T0.plusMillis(500), T0.plusMillis(3500), 1.0);

        // the mark of 120 MB was set before the window: the window's own peak is its highest sample
        assertThat(window.memoryPeakMb()).isCloseTo(120.0, within(1e-9));
        ContainerWindow later = ContainerWindow.of(STEADY, SWITCHES, T0.plusMillis(2500), T0.plusMillis(4000), 1.0);
        assertThat(later.memoryPeakMb()).isCloseTo(100.0, within(1e-9));
    }

    @Test
    void aSpikeBetweenSamplesShowsThroughTheHighWaterMark() {
        List<Sample> spiky = List.of(sample(0, 100, 120, 1), sample(1, 100, 120, 1), sample(2, 100, 300, 1),
                sample(3, 100, 300, 1));

        assertThat(ContainerWindow.of(spiky, SWITCHES, T0.plusMillis(500), T0.plusMillis(2500), 1.0).memoryPeakMb())
                .isCloseTo(300.0, within(1e-9));
        assertThat(ContainerWindow.of(spiky, SWITCHES, T0.plusMillis(2000), T0.plusMillis(3000), 1.0).memoryPeakMb())
                .isCloseTo(100.0, within(1e-9));
    }

    @Test
    void descriptorsAndSocketsComeFromTheReadingsInsideTheWindow() {
        List<FdReading> fds = List.of(
                new FdReading(T0, 40, 5, Map.of(TcpState.ESTABLISHED, 4, TcpState.CLOSE_WAIT, 1), 1024),
                new FdReading(T0.plusSeconds(1), 90, 50, Map.of(TcpState.ESTABLISHED, 45, TcpState.CLOSE_WAIT, 2), 1024),
                new FdReading(T0.plusSeconds(2), 70, 30, Map.of(TcpState.ESTABLISHED, 20, TcpState.CLOSE_WAIT, 9), 4096),
                new FdReading(T0.plusSeconds(3), 200, 150, Map.of(TcpState.ESTABLISHED, 140), 4096));

        ContainerWindow window = ContainerWindow.of(STEADY, SWITCHES, fds, T0.plusMillis(500), T0.plusMillis(2500), 1.0);

        assertThat(window.openFdsPeak()).isEqualTo(90);
        assertThat(window.tcpEstablishedPeak()).isEqualTo(45);
        assertThat(window.tcpCloseWaitAtEnd()).isEqualTo(9);
        assertThat(window.tcpCloseWaitGrowth()).as("from the reading before the window began").isEqualTo(8);
        assertThat(window.nofileSoftLimit()).isEqualTo(4096);

        ContainerWindow fromTheFirstReading = ContainerWindow.of(STEADY, SWITCHES, fds, T0, T0.plusMillis(2500), 1.0);
        assertThat(fromTheFirstReading.tcpCloseWaitGrowth()).as("no reading before: from the first inside").isEqualTo(8);

        ContainerWindow oneReading = ContainerWindow.of(STEADY, SWITCHES, fds.subList(2, 4), T0.plusMillis(2500),
                T0.plusMillis(4000), 1.0);
        assertThat(oneReading.tcpCloseWaitAtEnd()).isZero();
        assertThat(oneReading.tcpCloseWaitGrowth()).isEqualTo(-9);
        ContainerWindow alone = ContainerWindow.of(STEADY, SWITCHES, fds.subList(3, 4), T0.plusMillis(2500),
                T0.plusMillis(4000), 1.0);
        assertThat(alone.tcpCloseWaitGrowth()).as("growth needs two readings").isNull();

        ContainerWindow caughtUp = ContainerWindow.of(STEADY, SWITCHES, List.of(fds.get(0), fds.get(3)), T0.plusMillis(500),
                T0.plusMillis(2500), 1.0);
        assertThat(caughtUp.tcpCloseWaitAtEnd()).as("none inside: the reading just after the end").isZero();
        assertThat(caughtUp.tcpCloseWaitGrowth()).isEqualTo(-1);
        assertThat(caughtUp.openFdsPeak()).isEqualTo(200);
        FdReading later = new FdReading(T0.plusMillis(2500).plus(ContainerWindow.LATE_FD_READING).plusMillis(1), 300, 250,
                Map.of(TcpState.CLOSE_WAIT, 240), 4096);
        ContainerWindow tooLate = ContainerWindow.of(STEADY, SWITCHES, List.of(fds.get(0), later), T0.plusMillis(500),
                T0.plusMillis(2500), 1.0);
        assertThat(tooLate.openFdsPeak()).as("a reading long after the end is another moment").isNull();

        ContainerWindow without = ContainerWindow.of(STEADY, SWITCHES, T0.plusMillis(500), T0.plusMillis(2500), 1.0);
        assertThat(without.openFdsPeak()).isNull();
        assertThat(without.tcpCloseWaitAtEnd()).isNull();
        assertThat(without.nofileSoftLimit()).isNull();
    }

    @Test
    void aWindowWithFewerThanTwoSamplesFailsAndSaysWhatWasSampled() {
        assertThatThrownBy(() -> ContainerWindow.of(STEADY, SWITCHES, T0.plusMillis(1500), T0.plusMillis(2500), 1.0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("holds 1 container samples, at least 2")
                .hasMessageContaining(T0.toString());
        assertThatThrownBy(() -> ContainerWindow.of(STEADY, SWITCHES, T0.plusSeconds(10), T0.plusSeconds(20), 1.0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("holds 0");
        assertThatThrownBy(() -> ContainerWindow.of(List.of(), List.of(), T0, T0.plusSeconds(1), 1.0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cover nothing");
    }

    @Test
    void anEmptyOrReversedWindowIsRejected() {
        assertThatThrownBy(() -> ContainerWindow.of(STEADY, SWITCHES, T0.plusSeconds(2), T0.plusSeconds(1), 1.0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ContainerWindow.of(STEADY, SWITCHES, T0, T0, 1.0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
