package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** HikariCP's pool over a window: the most threads pending, its size, and the mean wait from the acquire timer. */
class ScrapeWindowPoolTest {

    private static final Instant START = Instant.parse("2026-11-24T08:00:00Z");

    private static Scrape scrape(int second, double pending, double sumSeconds, double count) {
        return new Scrape(START.plusSeconds(second), Duration.ofMillis(5), true, null, Map.of(
                ThreadGauge.POOL_PENDING, pending, ThreadGauge.POOL_MAX, 2.0,
                ThreadGauge.POOL_ACQUIRE_SECONDS_SUM, sumSeconds, ThreadGauge.POOL_ACQUIRE_SECONDS_COUNT, count));
    }

    @Test
    void theMeanWaitIsTheTimersGrowthInsideTheWindow() {
        // before the window: 100 acquisitions that took 1 s in all; inside it 30 more that took 24 s (800 ms each)
        List<Scrape> all = List.of(scrape(0, 0, 1, 100), scrape(1, 6, 9, 110), scrape(2, 8, 17, 120), scrape(3, 7, 25, 130));

        ScrapeWindow window = ScrapeWindow.of(all, START.plusSeconds(1), START.plusSeconds(3));

        assertThat(window.poolPendingMax()).isEqualTo(8.0);
        assertThat(window.poolMaxMean()).isEqualTo(2.0);
        assertThat(window.poolAcquireMeanMs()).isCloseTo(800.0, within(1e-9));
    }

    @Test
    void anAppWithoutAPoolHasNoPoolFigures() {
        Scrape plain = new Scrape(START, Duration.ofMillis(5), true, null, Map.of(ThreadGauge.LIVE, 18.0));
        Scrape next = new Scrape(START.plusSeconds(1), Duration.ofMillis(5), true, null, Map.of(ThreadGauge.LIVE, 18.0));

        ScrapeWindow window = ScrapeWindow.of(List.of(plain, next), START, START.plusSeconds(1));

        assertThat(window.poolPendingMax()).isNull();
        assertThat(window.poolAcquireMeanMs()).isNull();
    }
}
