package dev.jvmbench.worker.probe;

import dev.jvmbench.common.profile.CollapsedStacks;
import dev.jvmbench.common.profile.ProfileKind;

/**
 * One kind of profile over one window of a recording (docs/metrics.md, "Profiles").
 *
 * @param stacks           every stack of the window's events, root first, with its summed value
 *                         (samples, allocated bytes, or blocked / pinned ns)
 * @param events           the events that fell in the window
 * @param samplingPeriodNs CPU only: the recording's {@code jdk.ExecutionSample} period from its
 *                         active settings; null when not recorded, and for the other kinds
 */
public record JfrProfile(ProfileKind kind, CollapsedStacks stacks, long events, Long samplingPeriodNs) {
}
