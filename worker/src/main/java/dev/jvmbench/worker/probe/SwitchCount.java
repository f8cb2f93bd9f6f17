package dev.jvmbench.worker.probe;

import java.time.Instant;

/**
 * Voluntary + involuntary context switches of the JVM's threads, summed as positive per-thread
 * increases (see {@link ThreadCounters}). A series of its own because reading it costs one file
 * per thread: it is read less often than {@link Sample} when the JVM has many threads.
 */
record SwitchCount(Instant at, long contextSwitches) {
}
