package dev.jvmbench.loadgen;

import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counters the simulation bumps around every request. simulation.log only holds finished
 * requests, so the achieved start rate, the starts per second and the concurrency actually held
 * come from here. Static because Gatling instantiates the simulation itself; runs never overlap
 * in one JVM.
 *
 * <p>Times are epoch milliseconds read as Gatling's own clock reads them: a wall-clock reference
 * taken once per run, advanced by {@link System#nanoTime()}. A step of the wall clock during a
 * run then moves neither clock, and the two stay within a millisecond of each other.
 */
final class Probe {

    /** Room for starts after the planned window: Gatling's own start-up before the first user. */
    private static final long SLACK_MS = 120_000;

    private static final AtomicLong STARTED = new AtomicLong();
    private static final AtomicInteger IN_FLIGHT = new AtomicInteger();
    private static final AtomicLong FIRST_START_MS = new AtomicLong();
    private static volatile long referenceMs;
    private static volatile long referenceNanos;
    /** Starts per millisecond since {@link #referenceMs}; the last slot takes anything later. */
    private static volatile AtomicIntegerArray startsPerMs = new AtomicIntegerArray(1);

    private Probe() {
    }

    /** Before each run: {@code window} is how long the run may inject. */
    static void reset(Duration window) {
        STARTED.set(0);
        IN_FLIGHT.set(0);
        FIRST_START_MS.set(0);
        startsPerMs = new AtomicIntegerArray((int) Math.min(Integer.MAX_VALUE - 8, window.toMillis() + SLACK_MS));
        referenceNanos = System.nanoTime();
        referenceMs = System.currentTimeMillis();
    }

    static long nowMs() {
        return referenceMs + (System.nanoTime() - referenceNanos) / 1_000_000;
    }

    static Session beforeRequest(Session session) {
        long now = nowMs();
        FIRST_START_MS.compareAndSet(0, now);
        STARTED.incrementAndGet();
        IN_FLIGHT.incrementAndGet();
        AtomicIntegerArray starts = startsPerMs;
        starts.incrementAndGet((int) Math.clamp(now - referenceMs, 0, starts.length() - 1));
        return session;
    }

    static Session afterRequest(Session session) {
        IN_FLIGHT.decrementAndGet();
        return session;
    }

    static long started() {
        return STARTED.get();
    }

    static int inFlight() {
        return IN_FLIGHT.get();
    }

    /** 0 until the first request started. */
    static long firstStartMs() {
        return FIRST_START_MS.get();
    }

    static long referenceMs() {
        return referenceMs;
    }

    static AtomicIntegerArray startsPerMs() {
        return startsPerMs;
    }
}
