package dev.jvmbench.targetapp.scenario;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The cpu scenario's simulated slow warm-up: right after the app's first warm-up request each
 * request does {@code coldFactor} times the work, and the factor falls linearly to 1 over
 * {@code warmSeconds} of wall time, as a JIT warming up would make a steady load's throughput
 * rise and then stay flat. With t the seconds since the first cpu request that asked for a
 * warm-up ({@code coldFactor > 1}):
 * <pre>factor(t)   = 1 + (coldFactor - 1) * max(0, 1 - t / warmSeconds)
 * repetitions = max(1, round(factor(t)))      (round half up)</pre>
 * and the request counts the primes {@code repetitions} times. The work of each count is the
 * same pure function of {@code limit}, so the extra work is deterministic; only t is wall time.
 * The clock starts once per app process and never restarts.
 */
public final class WarmUp {

    public static final int DEFAULT_COLD_FACTOR = 1;
    public static final int MAX_COLD_FACTOR = 100;
    public static final int DEFAULT_WARM_SECONDS = 60;
    public static final int MAX_WARM_SECONDS = 3600;

    private static final long NOT_STARTED = Long.MIN_VALUE;

    private final LongSupplier nanoTime;
    private final AtomicLong startNanos = new AtomicLong(NOT_STARTED);

    public WarmUp() {
        this(System::nanoTime);
    }

    WarmUp(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /** How many times this request counts the primes; the first request with a cold factor starts the clock. */
    public int repetitions(int coldFactor, int warmSeconds) {
        if (coldFactor <= 1) {
            return 1;
        }
        long now = nanoTime.getAsLong();
        long start = startNanos.compareAndExchange(NOT_STARTED, now);
        double seconds = start == NOT_STARTED ? 0 : (now - start) / 1e9;
        return repetitions(coldFactor, warmSeconds, seconds);
    }

    static int repetitions(int coldFactor, int warmSeconds, double secondsSinceStart) {
        double factor = 1 + (coldFactor - 1) * Math.max(0, 1 - secondsSinceStart / warmSeconds);
        return (int) Math.max(1, Math.round(factor));
    }
}
