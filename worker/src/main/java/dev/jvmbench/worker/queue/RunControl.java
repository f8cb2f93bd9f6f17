package dev.jvmbench.worker.queue;

import dev.jvmbench.common.job.RunStatus;

/**
 * What the run flow asks of the run-state store while it executes a claimed run: report
 * progress, look for a cancel at each step boundary, and record how the run ended. {@link
 * RunQueue} is the PostgreSQL implementation; the flow's unit tests use an in-memory one.
 */
public interface RunControl {

    /** Identifies this platform's database: the label that tells its containers from another's. */
    String platformId();

    /** The run's current step and load level (null outside a load step), shown as the job's progress. */
    void progress(long runId, String workerId, String step, Integer level);

    /** Where the run's processes run (docs/metrics.md, "Pinned cores"), stored with the run. */
    default void placed(long runId, String workerId, String placement) {
    }

    /** Whether the run's job was cancelled (or is being cancelled). */
    boolean cancelRequested(long runId);

    /** Ends a run this worker owns (SUCCEEDED, FAILED or CANCELLED) and settles its job when it was the last. */
    void finish(ClaimedRun run, String workerId, RunStatus outcome, String reason);

    /** Gives the run back to the queue without using up an attempt (the worker is shutting down). */
    void release(ClaimedRun run, String workerId, String reason);
}
