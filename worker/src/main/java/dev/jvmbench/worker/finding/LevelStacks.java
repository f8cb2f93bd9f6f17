package dev.jvmbench.worker.finding;

import dev.jvmbench.common.profile.CollapsedStacks;
import dev.jvmbench.common.profile.ProfileKind;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * A measured level's profiles as the finding rules read them (docs/metrics.md, "Profiles"): per
 * kind the stacks stored for the level, with the level's requests and the recording's CPU sampling
 * period; or why the level has none.
 *
 * @param profiles         by kind; empty when {@code missing}
 * @param requests         the level's requests (the point's), what per-request figures divide by
 * @param samplingPeriodNs the {@code jdk.ExecutionSample} period, null when the recording did not say
 * @param missing          why the level has no profile (no recording, a recording that ends before
 *                         the level did); null when it has them
 */
public record LevelStacks(Map<ProfileKind, Profile> profiles, long requests, Long samplingPeriodNs, String missing) {

    public LevelStacks {
        profiles = profiles.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(profiles));
    }

    /**
     * One kind of profile of the level.
     *
     * @param stacks        the stacks kept for storage (each at least 0.1 % of the total), root first
     * @param total         the value of every stack before trimming (samples, bytes or ns)
     * @param onEventLoops  the part of {@code total} on event-loop threads (stacks under an
     *                      {@code [event-loop:...]} root), before trimming
     */
    public record Profile(CollapsedStacks stacks, long total, long onEventLoops) {

        public Profile {
            Objects.requireNonNull(stacks, "stacks");
        }
    }

    public static LevelStacks of(Map<ProfileKind, Profile> profiles, long requests, Long samplingPeriodNs) {
        return new LevelStacks(profiles, requests, samplingPeriodNs, null);
    }

    public static LevelStacks missing(String why) {
        return new LevelStacks(Map.of(), 0, null, Objects.requireNonNull(why, "why"));
    }

    /** The kind's profile; an empty one when the level's recording held no event of it. */
    public Profile profile(ProfileKind kind) {
        return profiles.getOrDefault(kind, new Profile(CollapsedStacks.empty(), 0, 0));
    }
}
