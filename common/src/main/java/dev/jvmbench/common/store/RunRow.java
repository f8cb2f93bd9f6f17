package dev.jvmbench.common.store;

import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ThreadModel;
import java.time.Instant;

/**
 * A row of runs: one matrix cell (JDK x thread model x repetition) of a job, in execution order
 * {@code seq}. {@code id} is null until {@link Runs#insert} stored it. Everything after
 * {@code status} is the worker's: which one has it, which attempt, where it is. {@code side} says whose
 * spec the run executes (the job's, or its baseline's measured again as half of a pair), {@code pair}
 * the pair it belongs to in its cell (null: none).
 */
public record RunRow(Long id, long jobId, int seq, int jdk, ThreadModel threadModel, int repetition, RunSide side,
                     Integer pair, RunStatus status, String failureReason, String currentStep, Integer currentLevel,
                     String workerId, int attempt, Instant heartbeatAt, Instant startedAt, Instant finishedAt,
                     String placement) {

    /** A cell as the api queues it at submission. */
    public static RunRow queued(long jobId, int seq, int jdk, ThreadModel threadModel, int repetition) {
        return queued(jobId, seq, jdk, threadModel, repetition, RunSide.JOB, null);
    }

    /** One side of a pair (or, with a null pair, a run of no pair) as the api queues it. */
    public static RunRow queued(long jobId, int seq, int jdk, ThreadModel threadModel, int repetition, RunSide side,
                                Integer pair) {
        return new RunRow(null, jobId, seq, jdk, threadModel, repetition, side, pair, RunStatus.QUEUED, null, null, null,
                null, 0, null, null, null, null);
    }
}
