package dev.jvmbench.common.job;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/** Life cycle of one matrix cell. RUNNING -> QUEUED is the sweeper re-queueing a run whose worker died. */
public enum RunStatus {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED;

    private static final Map<RunStatus, Set<RunStatus>> NEXT = Map.of(
            QUEUED, EnumSet.of(RUNNING, CANCELLED, FAILED),
            RUNNING, EnumSet.of(QUEUED, SUCCEEDED, FAILED, CANCELLED),
            SUCCEEDED, EnumSet.noneOf(RunStatus.class),
            FAILED, EnumSet.noneOf(RunStatus.class),
            CANCELLED, EnumSet.noneOf(RunStatus.class));

    public boolean canMoveTo(RunStatus next) {
        return NEXT.get(this).contains(next);
    }

    public boolean isFinal() {
        return NEXT.get(this).isEmpty();
    }

    /** The statuses a run ends in: no transition leaves them. */
    public static Set<RunStatus> ended() {
        EnumSet<RunStatus> ended = EnumSet.noneOf(RunStatus.class);
        for (RunStatus status : values()) {
            if (status.isFinal()) {
                ended.add(status);
            }
        }
        return ended;
    }

    /** The statuses of runs still to execute or executing: the job is not done while one is left. */
    public static Set<RunStatus> open() {
        return EnumSet.complementOf(EnumSet.copyOf(ended()));
    }

    /** Statuses from which a transition to {@code next} is legal. */
    public static Set<RunStatus> sourcesOf(RunStatus next) {
        EnumSet<RunStatus> sources = EnumSet.noneOf(RunStatus.class);
        for (RunStatus status : values()) {
            if (status.canMoveTo(next)) {
                sources.add(status);
            }
        }
        return sources;
    }

    /**
     * Checks a transition an owner is about to write as a compare-and-set from {@code this}.
     *
     * @throws IllegalArgumentException when the table does not allow it
     */
    public RunStatus requireMoveTo(RunStatus next) {
        if (!canMoveTo(next)) {
            throw new IllegalArgumentException("a run cannot move from " + this + " to " + next);
        }
        return next;
    }
}
