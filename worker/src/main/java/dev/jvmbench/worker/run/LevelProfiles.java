package dev.jvmbench.worker.run;

import dev.jvmbench.common.profile.CollapsedStacks;
import dev.jvmbench.common.profile.EventLoopThreads;
import dev.jvmbench.common.profile.ProfileKind;
import dev.jvmbench.common.store.ProfileRow;
import dev.jvmbench.worker.finding.LevelStacks;
import dev.jvmbench.worker.finding.RunObservations;
import dev.jvmbench.worker.probe.JfrAnalyzer;
import dev.jvmbench.worker.probe.JfrProfile;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's profiles per measured level and kind (docs/metrics.md, "Profiles"), cut from its
 * recording to each level's measured window, trimmed for storage: stacks under {@link #MIN_SHARE}
 * of the level's total are dropped, and past the {@link #MAX_STACKS} largest; the rows say how many
 * and how much. A level the recording does not cover whole (a partial recording that ends inside
 * or before it) gets no profile: its events would be divided by requests they did not see. The
 * finding rules read the same stacks ({@link #cut}): no second pass over the recording.
 */
final class LevelProfiles {

    /** Stacks carrying less than this share of a profile's total are dropped: 0.1 %. */
    static final double MIN_SHARE = 0.001;
    /**
     * At most this many stacks per run, level and kind: {@link #MIN_SHARE} alone already keeps at
     * most 1000; the cap holds if the share is ever lowered.
     */
    static final int MAX_STACKS = 1000;

    private LevelProfiles() {
    }

    static List<ProfileRow> of(long runId, JfrAnalyzer recording, List<MeasuredLevel> levels) {
        return cut(runId, recording, levels).rows();
    }

    /**
     * Why a level has no profile when the recording was read but does not cover it: its JVM stopped
     * before the level's end.
     */
    static final String NOT_COVERED = "the recording ends before this level did (the JVM ran out of memory or was "
            + "killed): no profile of it was kept";

    /**
     * Each measured level's profiles, cut from the recording once: the rows to store, and the same
     * stacks as the finding rules read them (with what trimming and the event-loop threads leave of
     * the totals), or why a level has none.
     */
    static Cut cut(long runId, JfrAnalyzer recording, List<MeasuredLevel> levels) {
        List<ProfileRow> rows = new ArrayList<>();
        Map<Integer, LevelStacks> stacks = new HashMap<>();
        for (MeasuredLevel level : levels) {
            if (!level.end().isAfter(level.start())) {
                stacks.put(level.levelIndex(), LevelStacks.missing("the level has no measured window"));
                continue;
            }
            if (!recording.covers(level.start(), level.end())) {
                stacks.put(level.levelIndex(), LevelStacks.missing(NOT_COVERED));
                continue;
            }
            Map<ProfileKind, LevelStacks.Profile> profiles = new EnumMap<>(ProfileKind.class);
            Long period = null;
            for (ProfileKind kind : ProfileKind.values()) {
                JfrProfile profile = recording.profile(kind, level.start(), level.end());
                CollapsedStacks.Trimmed trimmed = profile.stacks().trim(MIN_SHARE, MAX_STACKS);
                rows.add(row(runId, level.levelIndex(), level.level(), level.load().requests(), profile, trimmed));
                profiles.put(kind, new LevelStacks.Profile(trimmed.kept(), profile.stacks().total(),
                        onEventLoops(profile.stacks())));
                if (kind == ProfileKind.CPU) {
                    period = profile.samplingPeriodNs();
                }
            }
            stacks.put(level.levelIndex(), LevelStacks.of(profiles, level.load().requests(), period));
        }
        return new Cut(rows, new RunObservations.Profiles(stacks, NOT_COVERED));
    }

    /** The rows to store and the findings' view of the same profiles. */
    record Cut(List<ProfileRow> rows, RunObservations.Profiles profiles) {
    }

    /** The value of the stacks under an event-loop root ({@link EventLoopThreads}). */
    static long onEventLoops(CollapsedStacks stacks) {
        return stacks.stacks().entrySet().stream().filter(e -> EventLoopThreads.onEventLoop(e.getKey()))
                .mapToLong(Map.Entry::getValue).sum();
    }

    static ProfileRow row(long runId, int levelIndex, int level, long requests, JfrProfile profile) {
        return row(runId, levelIndex, level, requests, profile, profile.stacks().trim(MIN_SHARE, MAX_STACKS));
    }

    private static ProfileRow row(long runId, int levelIndex, int level, long requests, JfrProfile profile,
                                  CollapsedStacks.Trimmed trimmed) {
        return new ProfileRow(runId, levelIndex, level, profile.kind(), profile.stacks().total(), profile.events(),
                requests, profile.samplingPeriodNs(), trimmed.kept().stacks().size(), trimmed.droppedStacks(),
                trimmed.droppedValue(), trimmed.kept().format());
    }
}
