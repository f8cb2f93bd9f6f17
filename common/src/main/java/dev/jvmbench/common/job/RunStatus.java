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
}
