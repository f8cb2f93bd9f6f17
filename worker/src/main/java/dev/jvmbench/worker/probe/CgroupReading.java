package dev.jvmbench.worker.probe;

/** The cgroup's counters at one moment, in the units of {@link Sample}. */
record CgroupReading(long cpuNanos, long throttledPeriods, long throttledNanos, long memoryBytes, long memoryPeakBytes) {
}
