package dev.jvmbench.api.finding;

import dev.jvmbench.common.finding.Severity;
import dev.jvmbench.common.job.ThreadModel;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.Map;

/**
 * A finding of a job: a run's (with the run's cell and repetition) or a job-wide one computed on
 * read from several runs (runId, jdk, threadModel and repetition null; evidence names the cells).
 */
@Schema(name = "JobFinding")
public record JobFindingView(@Schema(description = "The run it concerns; null for a job-wide finding") Long runId,
                             Integer jdk, ThreadModel threadModel, Integer repetition, String code,
                             @Schema(description = "The catalogue's title; null for a code this api version does not know")
                             String title, Severity severity,
                             @Schema(description = "The catalogue's severity for the code; null for an unknown code")
                             Severity defaultSeverity, Integer levelIndex, Integer level, Instant at, String summary,
                             Map<String, Object> evidence, String advice) {

    static JobFindingView of(RunCell run, FindingView f) {
        return new JobFindingView(run == null ? null : run.runId(), run == null ? null : run.jdk(),
                run == null ? null : run.threadModel(), run == null ? null : run.repetition(), f.code(), f.title(),
                f.severity(), f.defaultSeverity(), f.levelIndex(), f.level(), f.at(), f.summary(), f.evidence(),
                f.advice());
    }

    /** The run a finding belongs to: its cell and repetition. */
    record RunCell(long runId, int jdk, ThreadModel threadModel, int repetition) {
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
