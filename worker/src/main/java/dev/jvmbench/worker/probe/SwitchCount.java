package dev.jvmbench.worker.probe;

import java.time.Instant;

/**
 * One walk of the JVM's threads (see {@link ThreadCounters}): voluntary + involuntary context
 * switches of all its threads, and the CPU time of its JIT compiler threads, each a running sum
 * of positive per-thread increases. A series of its own because a walk costs one file per
 * thread: it is taken less often than {@link Sample} when the JVM has many threads.
 *
 * @param jitCpuMs user + system CPU of the compiler threads; null when the walk found none
 *                 (a JVM that names them otherwise)
 */
record SwitchCount(Instant at, long contextSwitches, Long jitCpuMs) {

    /** A walk without the compiler threads' figure. */
    SwitchCount(Instant at, long contextSwitches) {
        this(at, contextSwitches, null);
    }
}
