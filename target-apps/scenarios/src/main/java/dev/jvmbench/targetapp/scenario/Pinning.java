package dev.jvmbench.targetapp.scenario;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The pinning scenario: a blocking call ({@link Thread#sleep}) while holding a monitor.
 *
 * <p>On JDK 21-23 a virtual thread that blocks inside {@code synchronized} cannot unmount: it
 * pins its carrier for the whole sleep (JFR {@code jdk.VirtualThreadPinned}), so with N
 * carriers at most N such requests make progress at once. JDK 24+ (JEP 491) unmounts it.
 *
 * <p>The monitors are striped, one per request in turn, so requests never wait for each other
 * on the lock itself: what limits throughput is pinning, not contention. Two requests share a
 * monitor only when more than {@link #STRIPES} are in flight. The monitors are long-lived
 * shared objects on purpose: a {@code synchronized (new Object())} could be removed by the
 * JIT's escape analysis (lock elision), and then nothing would pin.
 */
public final class Pinning {

    public static final int STRIPES = 4096;

    private final Object[] monitors = new Object[STRIPES];
    private final AtomicInteger next = new AtomicInteger();

    public Pinning() {
        for (int i = 0; i < STRIPES; i++) {
            monitors[i] = new Object();
        }
    }

    /** Sleeps {@code ms} holding the next monitor; returns the stripe used. */
    public int sleepHoldingMonitor(long ms) {
        int stripe = Math.floorMod(next.getAndIncrement(), STRIPES);
        synchronized (monitors[stripe]) {
            Blocking.sleep(ms);
        }
        return stripe;
    }
}
