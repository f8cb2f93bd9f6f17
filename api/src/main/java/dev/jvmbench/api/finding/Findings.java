package dev.jvmbench.api.finding;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.store.FindingRow;
import dev.jvmbench.common.store.Point;
import dev.jvmbench.common.store.ResultPoints;
import dev.jvmbench.common.store.RunFindings;
import dev.jvmbench.common.store.RunRow;
import dev.jvmbench.common.store.Runs;
import dev.jvmbench.common.store.StoredPoint;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The findings of runs and jobs, read through their owner (run_findings), with the job-wide ones
 * computed on read, and counted by severity for jobs and levels.
 */
@Service
public class Findings {

    private final RunFindings findings;
    private final Runs runs;
    private final ResultPoints points;

    Findings(RunFindings findings, Runs runs, ResultPoints points) {
        this.findings = findings;
        this.runs = runs;
        this.points = points;
    }

    /** A run's findings, worst first; 404 for an unknown run. */
    @Transactional(readOnly = true)
    public RunFindingList ofRun(long runId) {
        RunRow run = runs.find(runId).orElseThrow(() -> ApiException.notFound("run", runId));
        return new RunFindingList(runId, run.jobId(), findings.ofRun(runId).stream().map(row -> FindingView.of(row, run)).toList());
    }

    /**
     * Every finding of a job, worst first: each run's with the run's JDK, thread model and
     * repetition, and the job-wide ones computed from them. 404 for an unknown job (a job has at
     * least one run).
     */
    @Transactional(readOnly = true)
    public JobFindingList ofJob(long jobId) {
        List<RunRow> jobRuns = runs.ofJob(jobId);
        if (jobRuns.isEmpty()) {
            throw ApiException.notFound("job", jobId);
        }
        return new JobFindingList(jobId, ofRuns(jobId, jobRuns));
    }

    /** The same list for a job whose runs the caller has read already. */
    @Transactional(readOnly = true)
    public List<JobFindingView> ofRuns(long jobId, List<RunRow> jobRuns) {
        Map<Long, List<FindingRow>> byRun = findings.ofRuns(jobRuns.stream().map(RunRow::id).toList());
        List<JobFindingView> all = new ArrayList<>();
        for (RunRow run : jobRuns) {
            var cell = new JobFindingView.RunCell(run.id(), run.jdk(), run.threadModel(), run.repetition(), sideOf(run));
            byRun.getOrDefault(run.id(), List.of()).forEach(row -> all.add(JobFindingView.of(cell, FindingView.of(row, run))));
        }
        // job-wide rules compare the job's own cells: the baseline's fresh runs ran another build
        List<RunRow> own = jobRuns.stream().filter(run -> sideOf(run) == RunSide.JOB).toList();
        if (own.size() > 1) {
            java.util.Set<Long> ownIds = own.stream().map(RunRow::id).collect(java.util.stream.Collectors.toSet());
            List<Point> jobPoints = points.ofJobs(List.of(jobId)).stream().map(StoredPoint::point)
                    .filter(p -> ownIds.contains(p.runId())).toList();
            JobWideRules.of(own, jobPoints, byRun).forEach(f -> all.add(JobFindingView.of(null, f)));
        }
        all.sort(JobFindingView.WORST_FIRST);
        return all;
    }

    private static RunSide sideOf(RunRow run) {
        return run.side() == null ? RunSide.JOB : run.side();
    }

    /**
     * The findings of a job's runs by severity (the job-wide ones, computed on read, are not counted).
     * The counts are one statement each, so they run on their own, in the caller's transaction if
     * there is one: a read-only transaction of their own (a Hibernate session, BEGIN and COMMIT)
     * cost more than the count on every job, job list and points read (docs/lifecycle.md).
     */
    public FindingCounts countsOfJob(long jobId) {
        return FindingCounts.of(findings.countsOfJob(jobId));
    }

    /** The same for a page of jobs, in one grouped statement. */
    public Map<Long, FindingCounts> countsOfJobs(Collection<Long> jobIds) {
        Map<Long, FindingCounts> counts = new java.util.LinkedHashMap<>();
        findings.countsOfJobs(jobIds).forEach((job, bySeverity) -> counts.put(job, FindingCounts.of(bySeverity)));
        return counts;
    }

    /** A run's findings by level index and severity (run-wide ones are on no level). */
    public Map<Integer, FindingCounts> countsByLevel(long runId) {
        Map<Integer, FindingCounts> counts = new java.util.TreeMap<>();
        findings.countsByLevel(runId).forEach((level, bySeverity) -> counts.put(level, FindingCounts.of(bySeverity)));
        return counts;
    }

    public record RunFindingList(long runId, long jobId, List<FindingView> items) {
    }

    public record JobFindingList(long jobId, List<JobFindingView> items) {
    }
}
