package dev.jvmbench.api.job;

import dev.jvmbench.api.analysis.Confirmation;
import dev.jvmbench.api.analysis.Decision;
import dev.jvmbench.api.analysis.JobChangePoints;
import dev.jvmbench.api.analysis.Verdict;
import dev.jvmbench.api.finding.FindingCounts;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.ThreadModel;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/** A job as the API shows it: the normalised spec, the status and the progress of its runs. */
record JobView(long id, JobStatus status, String statusReason, App app, JobSpec spec, Instant createdAt,
               Instant startedAt,
               Instant finishedAt, Progress progress, Baseline baseline,
               @Schema(description = "The findings of the job's runs by severity (GET /api/v1/jobs/{id}/findings lists them, "
                       + "with the job-wide ones computed on read, which are not counted here and never critical). A "
                       + "SUCCEEDED job with critical above 0 completed, but not all its numbers are the app's: the summary "
                       + "and the report head it '⚠️ completed, N critical findings', never a plain 'succeeded'")
               FindingCounts findings,
               @Schema(description = "Once the job has ended (GET /api/v1/jobs/{id} only, not in job lists): the change "
                       + "points in the worse direction on its gate metrics that entered at this job, found on read in the "
                       + "history of its app and scenario over the jobs with its baseline selector's labels (none: every "
                       + "job); GET /api/v1/jobs/{id}/change-points asks with other labels (docs/alerts.md)")
               JobChangePoints.View changePoints,
               Links links) {

    /**
     * The app across its builds and the build this job ran. Baselines by labels and history match on
     * the name; comparisons say whether two jobs ran the same build.
     */
    @Schema(name = "JobApp")
    record App(@Schema(description = "The app across its builds: app.name, else the build's reference") String name,
               @Schema(description = "The build the job ran: the image reference, artifact:<id> (GET /api/v1/artifacts/{id} "
                       + "gives its sha256), or stock") String build) {
    }

    /**
     * The job this one is judged against (fixed at submission) and the verdict over the gate's
     * metrics; verdict is null while either job runs, when nothing was measured in both (note says
     * why), and in job lists (read the job itself).
     */
    record Baseline(Long jobId, String note, Verdict verdict, Integer regressions, Integer improvements,
                    @Schema(description = "Gate metric rows with a real change smaller than the threshold "
                            + "(verdict change within tolerance when nothing regressed or improved)")
                    Integer withinTolerance,
                    @Schema(description = "Not-steady points left out of the gate metrics' verdicts (gate.includeNotSteady false)")
                    Integer notSteadyLeftOut, String comparison,
                    @Schema(description = "The verdict of the planned repetitions alone, before confirmation; verdict is "
                            + "the settled one (the CI gate's)")
                    Verdict initialVerdict,
                    @Schema(description = "Whether a regressed or improved verdict was confirmed by extra runs of the "
                            + "flagged cells (gate.confirm); null when the gate does not confirm")
                    Confirmation.State confirmation,
                    @Schema(description = "Per cell: the verdict of the planned runs, that of the extra runs alone, "
                            + "and whether the first was confirmed")
                    java.util.List<Confirmation.Check> confirmations,
                    @Schema(description = "With a paired baseline and gate.maxPairs, per cell: the pairs the verdict rests "
                            + "on and whether it is decided (every gate row's interval wholly beyond or within its "
                            + "threshold), still adding pairs, or undecided at the maximum, with the rows that kept it "
                            + "open; null otherwise")
                    java.util.List<Decision.Check> decisions) {
    }

    record Progress(int runsTotal, int runsDone, int runsSucceeded, int runsFailed, int runsCancelled,
                    int runsQueued, CurrentRun currentRun, Long estimatedSecondsLeft) {
    }

    /** The run being executed now, with its Batch step (e.g. load) and load level. */
    record CurrentRun(long runId, int jdk, ThreadModel threadModel, int repetition, String step, Integer level) {
    }

    @Schema(name = "JobLinks")
    record Links(String self, String runs, String statistics, String findings, String summary, String report,
                 String changePoints) {
        static Links of(long id) {
            return new Links("/api/v1/jobs/" + id, "/api/v1/jobs/" + id + "/runs", "/api/v1/jobs/" + id + "/statistics",
                    "/api/v1/jobs/" + id + "/findings", "/api/v1/jobs/" + id + "/summary.md", "/jobs/" + id + "/report",
                    "/api/v1/jobs/" + id + "/change-points");
        }
    }
}
