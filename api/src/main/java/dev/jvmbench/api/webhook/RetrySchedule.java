package dev.jvmbench.api.webhook;

import java.time.Duration;

/**
 * When a failed delivery is tried again (docs/alerts.md, "Retries"): after the n-th failed attempt,
 * {@code firstRetry x 4^(n-1)}, at most {@code maxDelay}, plus a jitter of up to a tenth drawn from
 * the delivery's id and the attempt (so that receivers that failed together are not all retried in
 * the same second, and the same delivery always waits the same). A Retry-After the receiver sent
 * lengthens the wait up to {@code maxDelay}. After {@code maxAttempts} attempts the delivery fails
 * for good. With the defaults (5 attempts, 1 min, 1 h): 1, 4, 16 and 60 min, 81 min from the first
 * attempt to the last.
 */
record RetrySchedule(int maxAttempts, Duration firstRetry, Duration maxDelay) {

    static final int FACTOR = 4;

    RetrySchedule {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("bench.webhooks.max-attempts must be at least 1");
        }
        if (firstRetry.isNegative() || firstRetry.isZero() || maxDelay.compareTo(firstRetry) < 0) {
            throw new IllegalArgumentException("bench.webhooks.first-retry must be positive and at most max-retry-delay");
        }
    }

    /** Whether a delivery that has failed {@code attempts} times is given up. */
    boolean exhausted(int attempts) {
        return attempts >= maxAttempts;
    }

    /** The wait after failed attempt {@code attempt} (1 for the first), without jitter. */
    Duration base(int attempt) {
        Duration delay = firstRetry;
        for (int i = 1; i < attempt; i++) {
            delay = delay.multipliedBy(FACTOR);
            if (delay.compareTo(maxDelay) >= 0) {
                return maxDelay;
            }
        }
        return delay.compareTo(maxDelay) > 0 ? maxDelay : delay;
    }

    /**
     * The wait after failed attempt {@code attempt} of delivery {@code deliveryId}: {@link #base} plus
     * its jitter, or the receiver's Retry-After when longer, never past {@code maxDelay}.
     */
    Duration after(int attempt, long deliveryId, Duration retryAfter) {
        Duration base = base(attempt);
        long mix = (deliveryId * 0x9E3779B97F4A7C15L) ^ (attempt * 0xC2B2AE3D27D4EB4FL);
        mix ^= mix >>> 31;
        double share = (mix >>> 11) * 0x1.0p-53;   // in [0, 1)
        Duration delay = base.plusMillis((long) (base.toMillis() * 0.1 * share));
        if (retryAfter != null && retryAfter.compareTo(delay) > 0) {
            delay = retryAfter;
        }
        return delay.compareTo(maxDelay) > 0 ? maxDelay : delay;
    }
}
