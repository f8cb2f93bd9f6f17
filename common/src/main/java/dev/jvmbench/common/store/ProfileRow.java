package dev.jvmbench.common.store;

import dev.jvmbench.common.profile.CollapsedStacks;
import dev.jvmbench.common.profile.ProfileKind;

/**
 * A row of run_profiles: one kind of profile of one level of a run, inside the level's measured
 * window (docs/metrics.md, "Profiles").
 *
 * @param total            the value of every stack in the window before trimming (samples, bytes or ns)
 * @param events           the JFR events the window held
 * @param requests         the level's requests (the point's), what per-request figures divide by
 * @param samplingPeriodNs CPU: the recording's {@code jdk.ExecutionSample} period (its active
 *                         setting), null when the recording did not say; null for the other kinds
 * @param stackCount       stacks kept in {@code stacks}
 * @param droppedStacks    stacks trimmed away (too small a share, or past the most kept)
 * @param droppedTotal     their value: {@code total} minus the kept stacks' values
 * @param stacks           the kept stacks, collapsed ({@link CollapsedStacks#format()})
 */
public record ProfileRow(long runId, int levelIndex, int level, ProfileKind kind, long total, long events,
                         long requests, Long samplingPeriodNs, int stackCount, int droppedStacks, long droppedTotal,
                         String stacks) {

    public CollapsedStacks collapsed() {
        return CollapsedStacks.parse(stacks);
    }
}
