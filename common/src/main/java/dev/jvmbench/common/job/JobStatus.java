package dev.jvmbench.common.job;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Job life cycle. The table below is the only place that says which transition is legal; the
 * stores apply it as compare-and-set updates (UPDATE ... WHERE status = :expected).
 *
 * <p>CONFIRMING: the job's planned runs have ended and its gate verdict against the baseline is
 * being confirmed (docs/statistics.md, "Confirmation before alerting"): the api judges it and
 * either settles the job or queues extra runs of the flagged cells, which workers take like any
 * other; the worker ending the last of them settles the job.
 */
public enum JobStatus {
    QUEUED, RUNNING, CANCEL_REQUESTED, CONFIRMING, SUCCEEDED, FAILED, CANCELLED;

    private static final Map<JobStatus, Set<JobStatus>> NEXT = Map.of(
            QUEUED, EnumSet.of(RUNNING, CANCELLED, FAILED),
            RUNNING, EnumSet.of(CANCEL_REQUESTED, CONFIRMING, SUCCEEDED, FAILED),
            CONFIRMING, EnumSet.of(CANCEL_REQUESTED, SUCCEEDED, FAILED),
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

    /** Whether a worker may start a run of a job in this status: it is running (or confirming), or may start to. */
    public boolean startsRuns() {
        return this == RUNNING || this == CONFIRMING || canMoveTo(RUNNING);
    }

    /** The statuses a job ends in: no transition leaves them. */
    public static Set<JobStatus> ended() {
        EnumSet<JobStatus> ended = EnumSet.noneOf(JobStatus.class);
        for (JobStatus status : values()) {
            if (status.isFinal()) {
                ended.add(status);
            }
        }
        return ended;
    }

    /** The statuses of jobs whose queued runs a worker may claim ({@link #startsRuns}). */
    public static Set<JobStatus> startingRuns() {
        EnumSet<JobStatus> starting = EnumSet.noneOf(JobStatus.class);
        for (JobStatus status : values()) {
            if (status.startsRuns()) {
                starting.add(status);
            }
        }
        return starting;
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
