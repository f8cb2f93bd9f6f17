package dev.jvmbench.api.finding;

import dev.jvmbench.common.finding.Severity;
import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.job.ThreadModel;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A finding of a job: a run's (with the run's cell, repetition and side) or a job-wide one computed
 * on read from several of the job's own runs (runId, jdk, threadModel, repetition and side null;
 * evidence names the cells). With a paired baseline the baseline's fresh runs are the job's runs too:
 * their findings say {@code side: baseline}, concern the baseline's build, and are not counted.
 */
@Schema(name = "JobFinding")
public record JobFindingView(@Schema(description = "The run it concerns; null for a job-wide finding") Long runId,
                             Integer jdk, ThreadModel threadModel, Integer repetition, String code,
                             @Schema(description = "The catalogue's title; null for a code this api version does not know")
                             String title, Severity severity,
                             @Schema(description = "The catalogue's severity for the code; null for an unknown code")
                             Severity defaultSeverity, Integer levelIndex, Integer level, Instant at, String summary,
                             Map<String, Object> evidence, String advice,
                             @Schema(description = "Whose build the run executed: job (this job's) or baseline (the "
                                     + "baseline's, measured again beside it in pairs; not counted in the job's findings); "
                                     + "null for a job-wide finding")
                             RunSide side,
                             @Schema(description = "The profiles its evidence.stacks come from, to open: the cell's at "
                                     + "the finding's level; empty for a finding without stacks, a job-wide one, or one "
                                     + "of a run that did not succeed")
                             List<FindingProfile> profiles) {

    public JobFindingView {
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
    }

    static JobFindingView of(RunCell run, FindingView f) {
        return new JobFindingView(run == null ? null : run.runId(), run == null ? null : run.jdk(),
                run == null ? null : run.threadModel(), run == null ? null : run.repetition(), f.code(), f.title(),
                f.severity(), f.defaultSeverity(), f.levelIndex(), f.level(), f.at(), f.summary(), f.evidence(),
                f.advice(), run == null ? null : run.side(), f.profiles());
    }

    /** The run a finding belongs to: its cell, repetition and side. */
    record RunCell(long runId, int jdk, ThreadModel threadModel, int repetition, RunSide side) {
    }

    /** Whether the finding concerns the job's own build (a job-wide one, or a run of the job's side). */
    public boolean ofJobSide() {
        return side == null || side == RunSide.JOB;
    }

    /** Worst first; then job-wide before the runs', the runs by JDK, thread model, repetition; then level and time. */
    static final java.util.Comparator<JobFindingView> WORST_FIRST = java.util.Comparator
            .comparing(JobFindingView::severity)
            .thenComparing(f -> f.runId() != null)
            .thenComparing(f -> f.jdk() == null ? 0 : f.jdk())
            .thenComparing(f -> f.threadModel() == null ? 0 : f.threadModel().ordinal() + 1)
            .thenComparing(f -> f.repetition() == null ? 0 : f.repetition())
            .thenComparing(f -> f.levelIndex() == null ? -1 : f.levelIndex())
            .thenComparing(f -> f.at() == null ? Instant.MIN : f.at());
}
