package dev.jvmbench.worker.probe;

import java.time.Duration;

/**
 * The fixed-rate schedule of a probe's own thread: each {@link #awaitNext} sleeps until the next tick,
 * and a tick already missed (a loaded host kept the thread off its core) is skipped rather than caught
 * up with in a burst, so that the probe never measures in clusters.
 */
final class Ticks {

    private final long intervalNanos;
    private long next = System.nanoTime();

    Ticks(Duration interval) {
        this.intervalNanos = interval.toNanos();
    }

    /** Sleeps until the next tick; false when interrupted (the probe is closing). */
    boolean awaitNext() {
        next += intervalNanos;
        long wait = next - System.nanoTime();
        if (wait < 0) {
            next = System.nanoTime();
            wait = 0;
        }
        try {
            Thread.sleep(Duration.ofNanos(wait));
            return true;
        } catch (InterruptedException e) {
            return false;
        }
    }

    /** Interrupts a probe's thread and waits up to {@code patience} for it to end. */
    static void stop(Thread thread, Duration patience) {
        thread.interrupt();
        try {
            thread.join(patience);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
