package dev.jvmbench.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The retries of a failed delivery: bounded in number and in wait, exponential in between. */
class RetryScheduleTest {

    private final RetrySchedule defaults = new RetrySchedule(5, Duration.ofMinutes(1), Duration.ofHours(1));

    @Test
    void theDefaultsWait1_4_16And60MinutesThenGiveUpAfterTheFifthAttempt() {
        assertThat(defaults.base(1)).isEqualTo(Duration.ofMinutes(1));
        assertThat(defaults.base(2)).isEqualTo(Duration.ofMinutes(4));
        assertThat(defaults.base(3)).isEqualTo(Duration.ofMinutes(16));
        assertThat(defaults.base(4)).as("64 min, capped").isEqualTo(Duration.ofHours(1));
        assertThat(defaults.base(40)).as("no overflow far out").isEqualTo(Duration.ofHours(1));
        for (int attempts = 0; attempts < 5; attempts++) {
            assertThat(defaults.exhausted(attempts)).isFalse();
        }
        assertThat(defaults.exhausted(5)).isTrue();
        Duration total = Duration.ZERO;
        for (int attempt = 1; attempt < 5; attempt++) {
            total = total.plus(defaults.base(attempt));
        }
        assertThat(total).as("first attempt to last").isEqualTo(Duration.ofMinutes(81));
    }

    @Test
    void theJitterAddsUpToATenthTheSameForTheSameDeliveryAndAttempt() {
        boolean varies = false;
        for (long delivery = 1; delivery <= 200; delivery++) {
            for (int attempt = 1; attempt <= 3; attempt++) {
                Duration wait = defaults.after(attempt, delivery, null);
                Duration base = defaults.base(attempt);
                assertThat(wait).isBetween(base, base.plus(base.dividedBy(10)));
                assertThat(defaults.after(attempt, delivery, null)).isEqualTo(wait);
                varies |= !wait.equals(defaults.after(attempt, delivery + 1, null));
            }
        }
        assertThat(varies).as("deliveries failing together are spread").isTrue();
        assertThat(defaults.after(4, 7, null)).as("no jitter past the cap").isEqualTo(Duration.ofHours(1));
    }

    @Test
    void aLongerRetryAfterIsHonouredUpToTheCap() {
        assertThat(defaults.after(1, 1, Duration.ofMinutes(10))).isEqualTo(Duration.ofMinutes(10));
        assertThat(defaults.after(1, 1, Duration.ofSeconds(5))).as("a shorter one is not").isGreaterThan(Duration.ofMinutes(1));
        assertThat(defaults.after(1, 1, Duration.ofDays(2))).isEqualTo(Duration.ofHours(1));
        assertThat(WebhookDispatcher.retryAfter("120")).isEqualTo(Duration.ofSeconds(120));
        assertThat(WebhookDispatcher.retryAfter("soon")).isNull();
        assertThat(WebhookDispatcher.retryAfter("-1")).isNull();
        assertThat(WebhookDispatcher.retryAfter(null)).isNull();
        assertThat(WebhookDispatcher.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT")).as("a date past").isNull();
    }

    @Test
    void settingsOutOfBoundsAreRefused() {
        assertThatThrownBy(() -> new RetrySchedule(0, Duration.ofMinutes(1), Duration.ofHours(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetrySchedule(5, Duration.ZERO, Duration.ofHours(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetrySchedule(5, Duration.ofHours(2), Duration.ofHours(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new RetrySchedule(1, Duration.ofSeconds(1), Duration.ofSeconds(1)).exhausted(1)).isTrue();
    }
}
