package dev.jvmbench.api.job;

import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.store.RunRow;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/** One matrix cell; {@code workerId} is the worker that runs (or last ran) it, null while queued. */
record RunView(long id, long jobId, int seq, int jdk, ThreadModel threadModel, int repetition,
               @Schema(description = "Whose spec the run executes: job (the job's own), or baseline (the baseline job's "
                       + "build and spec, measured again inside this job as the other half of a pair)")
               RunSide side,
               @Schema(description = "The pair the run belongs to within its cell (both halves share it); null: a run "
                       + "of no pair")
               Integer pair, RunStatus status,
               String failureReason, String currentStep, Integer currentLevel, int attempt, String workerId,
               @Schema(description = "Where the run's processes ran (docs/metrics.md, \"Pinned cores\"): the app's cores "
                       + "and the load generator's and upstreams', or why the app had none of its own; null before a "
                       + "worker placed it")
               String placement,
               Instant startedAt,
               Instant finishedAt, Links links) {

    static RunView of(RunRow r) {
        return new RunView(r.id(), r.jobId(), r.seq(), r.jdk(), r.threadModel(), r.repetition(), r.side(), r.pair(),
                r.status(),
                r.failureReason(), r.currentStep(), r.currentLevel(), r.attempt(), r.workerId(), r.placement(), r.startedAt(),
                r.finishedAt(),
                new Links("/api/v1/runs/" + r.id() + "/points", "/api/v1/runs/" + r.id() + "/series",
                        "/api/v1/runs/" + r.id() + "/findings", "/api/v1/runs/" + r.id() + "/jvm"));
    }

    @Schema(name = "RunLinks")
    record Links(String points, String series, String findings,
                 @Schema(description = "What the run's JVM saw (404 until the run has ended and its recording was read)")
                 String jvm) {
    }
}
