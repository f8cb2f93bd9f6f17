package dev.jvmbench.common.store;

import dev.jvmbench.common.jvm.JvmFacts;
import dev.jvmbench.common.jvm.Recording;

/** A row of run_jvm: what a run's JVM saw, null facts when its recording was lost. */
public record JvmRow(long runId, Recording recording, JvmFacts facts) {
}
