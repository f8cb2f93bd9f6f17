package dev.jvmbench.common.job;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Job life cycle. The table below is the only place that says which transition is legal; the
 * stores apply it as compare-and-set updates (UPDATE ... WHERE status = :expected).
 */
public enum JobStatus {
    QUEUED, RUNNING, CANCEL_REQUESTED, SUCCEEDED, FAILED, CANCELLED;

    private static final Map<JobStatus, Set<JobStatus>> NEXT = Map.of(
            QUEUED, EnumSet.of(RUNNING, CANCELLED, FAILED),
            RUNNING, EnumSet.of(CANCEL_REQUESTED, SUCCEEDED, FAILED),
            CANCEL_REQUESTED, EnumSet.of(CANCELLED, FAILED),
            SUCCEEDED, EnumSet.noneOf(JobStatus.class),
            FAILED, EnumSet.noneOf(JobStatus.class),
            CANCELLED, EnumSet.noneOf(JobStatus.class));

    public boolean canMoveTo(JobStatus next) {
        return NEXT.get(this).contains(next);
    }

    public boolean isFinal() {
        return NEXT.get(this).isEmpty();
    }

    /** Statuses from which a transition to {@code next} is legal. */
    public static Set<JobStatus> sourcesOf(JobStatus next) {
        EnumSet<JobStatus> sources = EnumSet.noneOf(JobStatus.class);
        for (JobStatus status : values()) {
            if (status.canMoveTo(next)) {
                sources.add(status);
            }
        }
        return sources;
    }
}
