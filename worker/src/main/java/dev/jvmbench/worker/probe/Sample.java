package dev.jvmbench.worker.probe;

import java.time.Instant;

/**
 * One reading of a container and its JVM, its thread walk aside (context switches, the JIT's CPU:
 * see {@link SwitchCount}).
 * Counters are cumulative, so a window is the difference of two readings.
 *
 * @param cpuNanos          CPU time of every process in the container's cgroup
 * @param throttledPeriods  CFS periods in which the cgroup used up its quota
 * @param throttledNanos    time the cgroup's tasks spent throttled
 * @param memoryBytes       memory charged to the cgroup now (page cache included, as the kernel
 *                          counts it against the limit)
 * @param memoryPeakBytes   the cgroup's high-water mark since it was created; -1 when the kernel
 *                          does not keep one (cgroup v2 before Linux 5.19)
 * @param threads           the JVM process's OS threads now
 */
record Sample(
        Instant at,
        long cpuNanos,
        long throttledPeriods,
        long throttledNanos,
        long memoryBytes,
        long memoryPeakBytes,
        int threads) {
}
