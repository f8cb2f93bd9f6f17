package dev.jvmbench.common.store;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.ThreadModel;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A row of jobs: the submitted spec, normalised, and the columns next to it that list filters, the
 * worker and the analysis need. {@code appRef} is the build the job runs, {@code appName} the app
 * across builds (baselines by labels and history match on it; JobSpec#appName). {@code id} is null until {@link Jobs#insert} stored it. The status
 * and its reason and times change only through {@link Jobs#transition}.
 */
public record JobRow(Long id, JobStatus status, String statusReason, String appRef, String appName, Long artifactId,
                     String scenario,
                     LoadModel loadModel, List<Integer> jdks, List<ThreadModel> threadModels,
                     Map<String, String> labels, JobSpec spec, int runsTotal, Long createdBy, Instant createdAt,
                     Instant startedAt, Instant finishedAt, Long baselineJobId, String baselineNote,
                     Integer decisionRepetitions) {

    /** A job as submitted: QUEUED, nothing started. */
    public static JobRow queued(Long artifactId, JobSpec spec, int runsTotal, Long createdBy,
                                Instant createdAt, Long baselineJobId, String baselineNote) {
        return new JobRow(null, JobStatus.QUEUED, null, spec.appReference(), spec.appName(), artifactId,
                spec.scenario().name(), spec.load().model(),
                spec.jdks(), spec.threadModels(), spec.labels() == null ? Map.of() : spec.labels(), spec, runsTotal,
                createdBy, createdAt, null, null, baselineJobId, baselineNote, null);
    }

    /**
     * The repetitions the initial verdict against the baseline rests on: the planned ones, or more when
     * pairs were added to decide it (gate.maxPairs). Runs numbered past them are confirmation runs.
     */
    public int decidingRepetitions() {
        return decisionRepetitions != null ? decisionRepetitions : spec.repetitions();
    }
}
