package dev.jvmbench.worker.probe;

import java.time.Instant;

/**
 * GC, heap and pinning over one time window, from the app's JFR recording.
 *
 * @param gcPauseMsPerSecond        stop-the-world pause time inside the window (ms) / window seconds
 * @param heapMeanMb                mean of the heap-used figures of {@code jdk.GCHeapSummary} (taken
 *                                  before and after each GC) that fall in the window, in MB of
 *                                  1,048,576 bytes; null when no GC ran in the window
 * @param virtualThreadPinnedEvents {@code jdk.VirtualThreadPinned} events (pinned for 20 ms or
 *                                  more) that started in the window
 * @param gcCount                   collections ({@code jdk.GarbageCollection}) that started in the window
 * @param javaThreadsPeak           most live platform threads the JVM counted
 *                                  ({@code jdk.JavaThreadStatistics.activeCount}, once a second);
 *                                  null when no such event fell in the window
 */
public record JfrWindow(
        Instant from,
        Instant to,
        double gcPauseMsPerSecond,
        Double heapMeanMb,
        long virtualThreadPinnedEvents,
        long gcCount,
        Integer javaThreadsPeak) {
}
