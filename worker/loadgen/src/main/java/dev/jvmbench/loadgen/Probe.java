package dev.jvmbench.loadgen;

import io.gatling.javaapi.core.Session;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counters the simulation bumps around every request. simulation.log only holds finished
 * requests, so the achieved start rate and the concurrency actually held come from here.
 * Static because Gatling instantiates the simulation itself; runs never overlap in one JVM.
 */
final class Probe {

    private static final AtomicLong STARTED = new AtomicLong();
    private static final AtomicInteger IN_FLIGHT = new AtomicInteger();
    private static final AtomicLong FIRST_START_NANOS = new AtomicLong();

    private Probe() {
    }

    static void reset() {
        STARTED.set(0);
        IN_FLIGHT.set(0);
        FIRST_START_NANOS.set(0);
    }

    static Session beforeRequest(Session session) {
        if (STARTED.getAndIncrement() == 0) {
            FIRST_START_NANOS.compareAndSet(0, System.nanoTime());
        }
        IN_FLIGHT.incrementAndGet();
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
    static long firstStartNanos() {
        return FIRST_START_NANOS.get();
    }
}
