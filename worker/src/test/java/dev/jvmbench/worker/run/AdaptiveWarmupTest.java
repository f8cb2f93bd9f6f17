package dev.jvmbench.worker.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.jvmbench.worker.probe.ContainerSecond;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JIT's share the warm-up reads from the probe's seconds; the warm-up itself is run in RunFlowTest. */
class AdaptiveWarmupTest {

    private static final Instant T0 = Instant.parse("2026-11-24T12:00:00Z");

    private static List<ContainerSecond> seconds(Double... jitCpuMs) {
        List<ContainerSecond> seconds = new ArrayList<>();
        for (int i = 0; i < jitCpuMs.length; i++) {
            Instant s = T0.plusSeconds(i);
            seconds.add(new ContainerSecond(s, s, s.plusSeconds(1), 4, 1.0, 50.0, 0L, 0.0, 200.0, 200.0, 30, null, null,
                    Map.of(), jitCpuMs[i]));
        }
        return seconds;
    }

    @Test
    void theJitsShareIsItsMeanCpuPerSecondOverTheContainersLimit() {
        // 2 CPUs: 2,000 CPU-ms per second; the compiler used 100 ms a second on average
        assertThat(AdaptiveWarmup.JitActivity.cpuPercent(seconds(50.0, 150.0, 100.0, 100.0), 2.0))
                .isCloseTo(5.0, within(1e-9));
    }

    @Test
    void secondsWithoutTheFigureAreLeftOutUntilTheyAreMoreThanHalf() {
        assertThat(AdaptiveWarmup.JitActivity.cpuPercent(seconds(10.0, null, 30.0, null), 1.0))
                .isCloseTo(2.0, within(1e-9));
        assertThat(AdaptiveWarmup.JitActivity.cpuPercent(seconds(10.0, null, null, null), 1.0)).isNull();
        assertThat(AdaptiveWarmup.JitActivity.cpuPercent(seconds(), 1.0)).isNull();
    }

    @Test
    void aProbeThatCannotAnswerLeavesTheJitUnknown() {
        dev.jvmbench.worker.probe.ContainerProbe stopped = new dev.jvmbench.worker.probe.ContainerProbe() {
            @Override
            public dev.jvmbench.worker.probe.ContainerWindow window(Instant from, Instant to) {
                throw new IllegalStateException("sampling stopped");
            }

            @Override
            public List<ContainerSecond> seconds(Instant from, Instant to) {
                throw new IllegalStateException("sampling stopped");
            }

            @Override
            public void close() {
            }
        };

        assertThat(AdaptiveWarmup.JitActivity.of(stopped, 1.0).over(T0, T0.plusSeconds(15)))
                .isEqualTo(AdaptiveWarmup.JitReading.UNKNOWN);
    }

    @Test
    void theCompilerHoldsTheWarmUpOnlyOverItsBoundAndOnABusyContainer() {
        assertThat(new AdaptiveWarmup.JitReading(5.7, 95.0).holdsUp(3.0)).isTrue();
        // unknown container CPU: the bound alone decides, as before the container was read
        assertThat(new AdaptiveWarmup.JitReading(5.7, null).holdsUp(3.0)).isTrue();
        // half the limit is busy enough to compete for the quota
        assertThat(new AdaptiveWarmup.JitReading(5.7, 50.0).holdsUp(3.0)).isTrue();
        // room beside the app: the io-http stock app at 17 % of its limit, its JIT at 5.7 %
        assertThat(new AdaptiveWarmup.JitReading(5.7, 17.0).holdsUp(3.0)).isFalse();
        assertThat(new AdaptiveWarmup.JitReading(2.0, 95.0).holdsUp(3.0)).isFalse();
        assertThat(new AdaptiveWarmup.JitReading(null, 95.0).holdsUp(3.0)).isFalse();
        assertThat(AdaptiveWarmup.JitReading.UNKNOWN.holdsUp(3.0)).isFalse();
    }

    @Test
    void theContainersShareIsTheMeanOfTheSecondsThatHaveIt() {
        // every second of seconds() is at 50 % of the limit
        assertThat(AdaptiveWarmup.JitActivity.containerPercent(seconds(1.0, 1.0))).isCloseTo(50.0, within(1e-9));
        assertThat(AdaptiveWarmup.JitActivity.containerPercent(seconds())).isNull();
    }
}
