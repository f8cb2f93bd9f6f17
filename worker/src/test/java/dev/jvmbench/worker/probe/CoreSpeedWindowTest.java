package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CoreSpeedWindowTest {

    private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");

    @Test
    void aCoreThatSlowedForTenSecondsSpreadsByTheDropOfItsFiveSecondMeans() {
        // 30 s: 14 steps/µs, then 10 s at 9.8 (a tenant on the sibling hyperthread), then 14 again
        List<CoreSpeed.Second> seconds = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            seconds.add(second(i, i >= 10 && i < 20 ? 9.8 : 14.0));
        }

        CoreSpeed.Window window = CoreSpeed.Window.of(seconds, null);

        assertThat(window.measured()).isTrue();
        assertThat(window.blockSeconds()).isEqualTo(5);
        assertThat(window.median()).isEqualTo(14.0);
        assertThat(window.lowest()).isEqualTo(9.8);
        assertThat(window.highest()).isEqualTo(14.0);
        assertThat(window.spreadPercent()).isEqualTo(30.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void oneOddSecondInABlockMovesItsMeanOnly() {
        List<CoreSpeed.Second> seconds = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            seconds.add(second(i, i == 7 ? 7.0 : 14.0));
        }

        CoreSpeed.Window window = CoreSpeed.Window.of(seconds, null);

        assertThat(window.lowest()).isEqualTo((4 * 14.0 + 7.0) / 5);
        assertThat(window.spreadPercent()).isEqualTo(10.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aShortWindowUsesShorterBlocks() {
        List<CoreSpeed.Second> seconds = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            seconds.add(second(i, 14.0));
        }
        assertThat(CoreSpeed.Window.of(seconds, null).blockSeconds()).isEqualTo(2);
        assertThat(CoreSpeed.Window.of(seconds.subList(0, 3), null).blockSeconds()).isEqualTo(1);
        assertThat(CoreSpeed.Window.of(seconds, null).spreadPercent()).isZero();
    }

    @Test
    void noReadingIsUnmeasuredWithTheReason() {
        assertThat(CoreSpeed.Window.of(List.of(), "the core-speed probe lost core 1: gone").unmeasured())
                .isEqualTo("the core-speed probe lost core 1: gone");
        assertThat(CoreSpeed.Window.of(List.of(), null).unmeasured()).contains("no reading in the window");
        CoreSpeed none = CoreSpeed.none("the app had no cores of its own");
        assertThat(none.window(START, START.plusSeconds(30)).measured()).isFalse();
        assertThat(none.window(START, START.plusSeconds(30)).unmeasured()).isEqualTo("the app had no cores of its own");
    }

    private static CoreSpeed.Second second(int i, double speed) {
        return new CoreSpeed.Second(START.plusSeconds(i), speed, 10);
    }
}
