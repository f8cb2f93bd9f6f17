package dev.jvmbench.api.analysis;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.api.query.StorableText;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.stats.LatencyHistogram;
import dev.jvmbench.common.stats.Steadiness;
import dev.jvmbench.common.store.JobRow;
import dev.jvmbench.common.store.Jobs;
import dev.jvmbench.common.store.Point;
import dev.jvmbench.common.store.ResultPoints;
import dev.jvmbench.common.store.RunRow;
import dev.jvmbench.common.store.Runs;
import dev.jvmbench.common.store.StoredPoint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Jobs, runs and result points as the analysis sees them, read through their owners
 * (dev.jvmbench.common.store) in one statement per table for a whole set of jobs.
 */
@Component
class StoredResults {

    private final Jobs jobs;
    private final Runs runs;
    private final ResultPoints points;

    StoredResults(Jobs jobs, Runs runs, ResultPoints points) {
        this.jobs = jobs;
        this.runs = runs;
        this.points = points;
    }

    record JobFacts(long id, JobStatus status, String appRef, String appName, String scenario, JobSpec spec,
                    Map<String, String> labels, Instant createdAt, Instant finishedAt, Long baselineJobId,
                    String baselineNote, int decidingRepetitions) {

        JobFacts(long id, JobStatus status, String appRef, String appName, String scenario, JobSpec spec,
                 Map<String, String> labels, Instant createdAt, Instant finishedAt, Long baselineJobId,
                 String baselineNote) {
            this(id, status, appRef, appName, scenario, spec, labels, createdAt, finishedAt, baselineJobId, baselineNote,
                    spec == null ? 1 : spec.repetitions());
        }

        static JobFacts of(JobRow row) {
            return new JobFacts(row.id(), row.status(), row.appRef(), row.appName(), row.scenario(), row.spec(), row.labels(),
                    row.createdAt(), row.finishedAt(), row.baselineJobId(), row.baselineNote(), row.decidingRepetitions());
        }
    }

    record RunFacts(long id, int seq, int jdk, ThreadModel threadModel, int repetition, RunStatus status,
                    String failureReason, RunSide side, Integer pair, String placement) {

        RunFacts(long id, int seq, int jdk, ThreadModel threadModel, int repetition, RunStatus status,
                 String failureReason) {
            this(id, seq, jdk, threadModel, repetition, status, failureReason, RunSide.JOB, null, null);
        }

        static RunFacts of(RunRow row) {
            return new RunFacts(row.id(), row.seq(), row.jdk(), row.threadModel(), row.repetition(), row.status(),
                    row.failureReason(), row.side() == null ? RunSide.JOB : row.side(), row.pair(), row.placement());
        }
    }

    /**
     * A point's metric values (those measured), flags and steadiness verdict (null for points
     * measured before the test existed) with its drift and the drift's 95% interval, and its latency
     * histogram decoded: null when the point has none (measured before histograms were kept) or
     * when it could not be decoded ({@code latencyUnreadable}); a missing histogram is said, never
     * made up from the stored percentiles. Beside them, how fast the app's cores ran: a condition of
     * the measurement, not a metric of the app (it explains differences and is never judged); null
     * when not measured.
     */
    record PointFacts(long runId, int levelIndex, int level, Map<Metric, Double> values, List<String> flags,
                      Steadiness.Verdict steadiness, Double drift, Double driftLow, Double driftHigh,
                      LatencyHistogram latency, boolean latencyUnreadable, Double coreSpeed,
                      Double coreSpeedSpreadPercent) {

        PointFacts(long runId, int levelIndex, int level, Map<Metric, Double> values, List<String> flags,
                   Steadiness.Verdict steadiness, Double drift, Double driftLow, Double driftHigh) {
            this(runId, levelIndex, level, values, flags, steadiness, drift, driftLow, driftHigh, null, false, null, null);
        }

        static PointFacts of(Point point) {
            LatencyHistogram latency = null;
            boolean unreadable = false;
            if (point.latencyHistogram() != null) {
                try {
                    latency = LatencyHistogram.decode(point.latencyHistogram());
                } catch (IllegalArgumentException e) {
                    unreadable = true;
                }
            }
            Map<Metric, Double> values = new EnumMap<>(Metric.class);
            for (Metric metric : Metric.values()) {
                Double value = metric.of(point, latency);
                if (value != null) {
                    values.put(metric, value);
                }
            }
            return new PointFacts(point.runId(), point.levelIndex(), point.level(), values, point.flags(),
                    point.steadiness(), point.steadinessDrift(), point.steadinessDriftLow(), point.steadinessDriftHigh(),
                    latency, unreadable, point.coreSpeed(), point.coreSpeedSpreadPercent());
        }

        /** Whether the window was found not steady (undetermined is not "not steady"). */
        boolean notSteady() {
            return steadiness == Steadiness.Verdict.NOT_STEADY;
        }
    }

    /**
     * A job with every run and every point, runs in execution order. {@code runs} are the job's own
     * (side JOB): everything about the job (statistics, findings, its cells) is theirs.
     * {@code baselineRuns} are the baseline's cells measured again inside this job as the other halves
     * of pairs (side BASELINE, docs/statistics.md "Paired baselines"): only the comparison with the
     * baseline reads them. Points of either are in {@code points}; a point counts only through a
     * listed run.
     */
    record JobResults(JobFacts job, List<RunFacts> runs, List<PointFacts> points, List<RunFacts> baselineRuns) {

        JobResults(JobFacts job, List<RunFacts> runs, List<PointFacts> points) {
            this(job, runs, points, List.of());
        }

        /** The same job with only some of its runs, on both sides (their points follow). */
        JobResults withRuns(java.util.function.Predicate<RunFacts> kept) {
            return new JobResults(job, runs.stream().filter(kept).toList(), points,
                    baselineRuns.stream().filter(kept).toList());
        }

        /** Whether the baseline was measured again beside this job's runs, as pairs. */
        boolean paired() {
            return !baselineRuns.isEmpty();
        }

        /**
         * The fresh baseline runs as results of their own: the baseline job's facts (its app, spec and
         * build), this job's baseline-side runs and their points.
         */
        JobResults freshBaseline(JobFacts baselineJob) {
            return new JobResults(baselineJob, baselineRuns, points);
        }
    }

    JobFacts job(long id) {
        return findJob(id).orElseThrow(() -> ApiException.notFound("job", id));
    }

    Optional<JobFacts> findJob(long id) {
        return jobs.find(id).map(JobFacts::of);
    }

    JobResults results(long jobId) {
        return results(job(jobId));
    }

    JobResults results(JobFacts job) {
        return resultsOf(List.of(job)).getFirst();
    }

    /**
     * Jobs of one app (its name: every build; or one build's reference) and scenario that ended,
     * optionally narrowed by labels, the newest {@code limit}, oldest first.
     */
    List<JobFacts> jobsOf(String app, String scenario, Map<String, String> labels, int limit) {
        if (!StorableText.storable(labels, app, scenario)) {
            return List.of();
        }
        List<JobFacts> oldestFirst = new ArrayList<>(jobs.ended(app, scenario, labels, limit).stream()
                .map(JobFacts::of).toList());
        Collections.reverse(oldestFirst);
        return oldestFirst;
    }

    List<JobResults> resultsOf(List<JobFacts> jobFacts) {
        if (jobFacts.isEmpty()) {
            return List.of();
        }
        List<Long> ids = jobFacts.stream().map(JobFacts::id).toList();
        Map<Long, List<RunFacts>> runsByJob = new LinkedHashMap<>();
        Map<Long, Long> jobOfRun = new HashMap<>();
        Map<Long, List<RunFacts>> baselineRunsByJob = new LinkedHashMap<>();
        for (RunRow run : runs.ofJobs(ids)) {
            (run.side() == RunSide.BASELINE ? baselineRunsByJob : runsByJob)
                    .computeIfAbsent(run.jobId(), j -> new ArrayList<>()).add(RunFacts.of(run));
            jobOfRun.put(run.id(), run.jobId());
        }
        Map<Long, List<PointFacts>> pointsByJob = new LinkedHashMap<>();
        for (StoredPoint stored : points.ofJobs(ids)) {
            Point point = stored.point();
            pointsByJob.computeIfAbsent(jobOfRun.get(point.runId()), j -> new ArrayList<>()).add(PointFacts.of(point));
        }
        return jobFacts.stream().map(j -> new JobResults(j, runsByJob.getOrDefault(j.id(), List.of()),
                pointsByJob.getOrDefault(j.id(), List.of()), baselineRunsByJob.getOrDefault(j.id(), List.of()))).toList();
    }
}
