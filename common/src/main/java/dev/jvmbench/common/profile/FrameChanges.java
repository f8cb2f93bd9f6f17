package dev.jvmbench.common.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which frames' self value per request changed most between two profiles: the frames of either,
 * ranked by the size of the change (grown or shrunk alike), the largest first. A frame one side
 * lacks counts as 0 there.
 */
public final class FrameChanges {

    private FrameChanges() {
    }

    /** A frame's self value per request on each side (in the caller's unit) and the change. */
    public record Change(String frame, double baseline, double candidate) {

        public double delta() {
            return candidate - baseline;
        }
    }

    /**
     * The {@code limit} largest changes of self value per request, leaving out changes smaller than
     * {@code minDelta} (in the same unit).
     */
    public static List<Change> rank(Map<String, Double> baseline, Map<String, Double> candidate, int limit,
                                    double minDelta) {
        return rank(baseline, candidate, limit, minDelta, change -> true);
    }

    /**
     * As {@link #rank(Map, Map, int, double)}, keeping only the changes {@code beyondNoise} accepts
     * (e.g. those larger than the sampling noise of the two profiles).
     */
    public static List<Change> rank(Map<String, Double> baseline, Map<String, Double> candidate, int limit,
                                    double minDelta, java.util.function.Predicate<Change> beyondNoise) {
        Set<String> frames = new HashSet<>(baseline.keySet());
        frames.addAll(candidate.keySet());
        List<Change> changes = new ArrayList<>();
        for (String frame : frames) {
            Change change = new Change(frame, baseline.getOrDefault(frame, 0.0), candidate.getOrDefault(frame, 0.0));
            if (Math.abs(change.delta()) >= minDelta && change.delta() != 0 && beyondNoise.test(change)) {
                changes.add(change);
            }
        }
        changes.sort(Comparator.comparingDouble((Change c) -> Math.abs(c.delta())).reversed()
                .thenComparing(Change::frame));
        return List.copyOf(changes.subList(0, Math.min(limit, changes.size())));
    }
}
