package dev.jvmbench.worker.run;

import dev.jvmbench.common.profile.CollapsedStacks;
import dev.jvmbench.common.profile.ProfileKind;
import dev.jvmbench.common.store.ProfileRow;
import dev.jvmbench.worker.probe.JfrAnalyzer;
import dev.jvmbench.worker.probe.JfrProfile;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's profiles per measured level and kind (docs/metrics.md, "Profiles"), cut from its
 * recording to each level's measured window, trimmed for storage: stacks under {@link #MIN_SHARE}
 * of the level's total are dropped, and past the {@link #MAX_STACKS} largest; the rows say how many
 * and how much. A level the recording does not cover whole (a partial recording that ends inside
 * or before it) gets no profile: its events would be divided by requests they did not see.
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
        List<ProfileRow> rows = new ArrayList<>();
        for (MeasuredLevel level : levels) {
            if (!level.end().isAfter(level.start()) || !recording.covers(level.start(), level.end())) {
                continue;
            }
            for (ProfileKind kind : ProfileKind.values()) {
                JfrProfile profile = recording.profile(kind, level.start(), level.end());
                rows.add(row(runId, level.levelIndex(), level.level(), level.load().requests(), profile));
            }
        }
        return rows;
    }

    static ProfileRow row(long runId, int levelIndex, int level, long requests, JfrProfile profile) {
        CollapsedStacks.Trimmed trimmed = profile.stacks().trim(MIN_SHARE, MAX_STACKS);
        return new ProfileRow(runId, levelIndex, level, profile.kind(), profile.stacks().total(), profile.events(),
                requests, profile.samplingPeriodNs(), trimmed.kept().stacks().size(), trimmed.droppedStacks(),
                trimmed.droppedValue(), trimmed.kept().format());
    }
}
