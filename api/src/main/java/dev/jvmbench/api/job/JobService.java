package dev.jvmbench.api.job;

import dev.jvmbench.api.analysis.BaselineVerdicts;
import dev.jvmbench.api.analysis.JobChangePoints;
import dev.jvmbench.api.artifact.ArtifactService;
import dev.jvmbench.api.finding.FindingCounts;
import dev.jvmbench.api.finding.Findings;
import dev.jvmbench.api.query.StorableText;
import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.Hashing;
import dev.jvmbench.common.job.BaselineMode;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.store.JobRow;
import dev.jvmbench.common.store.Jobs;
import dev.jvmbench.common.store.RunRow;
import dev.jvmbench.common.store.Runs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

@Service
class JobService {

    private final Jobs jobs;
    private final Runs runs;
    private final IdempotencyKeys idempotencyKeys;
    private final JobSpecChecker checker;
    private final ArtifactService artifacts;
    private final ProgressEstimator progress;
    private final JsonMapper json;
    private final BaselineVerdicts verdicts;
    private final Findings findings;
    private final JobChangePoints changePoints;

    JobService(Jobs jobs, Runs runs, IdempotencyKeys idempotencyKeys, JobSpecChecker checker,
               ArtifactService artifacts, ProgressEstimator progress, JsonMapper json, BaselineVerdicts verdicts,
               Findings findings, JobChangePoints changePoints) {
        this.verdicts = verdicts;
        this.findings = findings;
        this.changePoints = changePoints;
        this.jobs = jobs;
        this.runs = runs;
        this.idempotencyKeys = idempotencyKeys;
        this.checker = checker;
        this.artifacts = artifacts;
        this.progress = progress;
        this.json = json;
    }

    record Submission(JobView job, boolean replayed) {
    }

    /**
     * Stores the job and its runs in one transaction with the idempotency key, so a crash leaves
     * either all of them or none, and a retry with the same key finds the job.
     */
    @Transactional
    Submission submit(JobSpec submitted, String idempotencyKey, Long tokenId) {
        JobSpec spec = checker.check(submitted, new JobSpecChecker.References(artifacts::exists,
                artifacts::notExecutableReason, jobs::exists));
        String specJson = json.writeValueAsString(spec);
        String requestHash = Hashing.sha256Hex(specJson);
        if (idempotencyKey != null && !idempotencyKeys.claim(idempotencyKey, requestHash)) {
            var used = idempotencyKeys.find(idempotencyKey).orElseThrow();
            if (!used.requestSha256().equals(requestHash)) {
                throw ApiException.conflict("Idempotency-Key '" + idempotencyKey
                        + "' was already used with a different request body");
            }
            return new Submission(get(used.jobId()), true);
        }
        var baseline = resolveBaseline(spec);
        JobSpec baselineSpec = null;
        if (baseline.jobId() != null) {
            JobRow baselineJob = jobs.find(baseline.jobId()).orElseThrow();
            BaselineMode mode = mode(spec.baseline().mode(), baselineJob);
            if (mode == BaselineMode.STORED && spec.gate().maxPairs() != null) {
                throw new ApiException(HttpStatus.CONFLICT, "Conflict", "gate.maxPairs adds pairs of the baseline and "
                        + "the job, but baseline job " + baselineJob.id() + " is compared stored (its image may be gone): "
                        + "give baseline.mode paired if it can be run again, or leave maxPairs out",
                        List.of(new ApiException.FieldViolation("gate.maxPairs", "needs a paired baseline")));
            }
            spec = spec.withBaseline(spec.baseline().withMode(mode));
            baselineSpec = mode == BaselineMode.PAIRED ? baselineJob.spec() : null;
        }
        List<RunRow> planned = expand(0L, spec, baselineSpec);
        long jobId = jobs.insert(JobRow.queued(spec.usesStockApps() ? null : spec.app().artifactId(), spec,
                planned.size(), tokenId, progress.now(), baseline.jobId(), baseline.note()));
        runs.insert(expand(jobId, spec, baselineSpec));
        if (idempotencyKey != null) {
            idempotencyKeys.bind(idempotencyKey, jobId);
        }
        return new Submission(get(jobId), false);
    }

    private record ResolvedBaseline(Long jobId, String note) {
    }

    /**
     * Fixed at submission, so the verdict does not move when newer jobs land: the given job, or the
     * latest successful job with the selector's labels and the same app and scenario. "The same app"
     * is the same app name, whatever build it ran: the next build of an app is what a gate compares
     * with the last one.
     */
    private ResolvedBaseline resolveBaseline(JobSpec spec) {
        if (spec.baseline() == null) {
            return new ResolvedBaseline(null, null);
        }
        if (!spec.baseline().bySelector()) {
            return new ResolvedBaseline(spec.baseline().jobId(), null);
        }
        return jobs.latestSucceeded(spec.appName(), spec.scenario().name(), spec.baseline().labels())
                .map(id -> new ResolvedBaseline(id, null))
                .orElseGet(() -> new ResolvedBaseline(null, "no successful job with labels " + spec.baseline().labels()
                        + ", app " + spec.appName() + " and scenario " + spec.scenario().name()
                        + (spec.usesStockApps() || spec.app().name() != null ? ""
                        : " (the job names no app.name, so only this build, " + spec.appReference()
                        + ", matches: give every build of the app one name)")));
    }

    /**
     * How the verdict against the baseline job is measured: as asked, else paired when the baseline
     * can be run again. The api knows it can for the stock apps and for an uploaded JAR it still stores
     * as executable; an image it cannot see (the worker's engine or registry has it, or not), so an
     * image's baseline is stored unless the job asks for paired.
     */
    private BaselineMode mode(BaselineMode asked, JobRow baseline) {
        String cannot = null;
        if (baseline.artifactId() != null && (!artifacts.exists(baseline.artifactId())
                || artifacts.notExecutableReason(baseline.artifactId()).isPresent())) {
            cannot = "its uploaded JAR (artifact " + baseline.artifactId() + ") is no longer stored as executable";
        }
        if (asked == BaselineMode.PAIRED && cannot != null) {
            throw new ApiException(HttpStatus.CONFLICT, "Conflict", "baseline job " + baseline.id()
                    + " cannot be measured again: " + cannot + "; use baseline.mode stored",
                    List.of(new ApiException.FieldViolation("baseline.mode", "the baseline cannot be run again")));
        }
        if (asked != null) {
            return asked;
        }
        boolean rerunnable = cannot == null && (baseline.spec().usesStockApps() || baseline.artifactId() != null);
        return rerunnable ? BaselineMode.PAIRED : BaselineMode.STORED;
    }

    /** The job's runs without a paired baseline. */
    static List<RunRow> expand(long jobId, JobSpec spec) {
        return expand(jobId, spec, null);
    }

    /**
     * One run per cell, interleaved: every cell's first repetition, then every cell's second, and
     * inside a repetition the JDKs and thread models alternate (A B A B), so drift of the host over
     * the job spreads evenly over the cells being compared.
     *
     * <p>With a paired baseline ({@code baselineSpec} not null), each repetition of a cell the baseline
     * job also ran is a pair: the job's run and a run of the baseline's spec, back to back, in an order
     * drawn at random per pair (A B or B A, seeded by the job id so a resubmission queues the same
     * order), numbered with the repetition. Time and its drift then fall on both sides of every pair
     * alike (randomized multiple interleaved trials: Abedi and Brecht, ICPE 2017).
     */
    static List<RunRow> expand(long jobId, JobSpec spec, JobSpec baselineSpec) {
        List<RunRow> cells = new ArrayList<>();
        java.util.SplittableRandom order = new java.util.SplittableRandom(0x5EED_BA5EL ^ jobId);
        int seq = 0;
        for (int repetition = 1; repetition <= spec.repetitions(); repetition++) {
            for (int jdk : spec.jdks()) {
                for (ThreadModel model : spec.threadModels()) {
                    boolean paired = baselineSpec != null && baselineSpec.jdks().contains(jdk)
                            && baselineSpec.threadModels().contains(model);
                    if (!paired) {
                        cells.add(RunRow.queued(jobId, ++seq, jdk, model, repetition));
                        continue;
                    }
                    boolean baselineFirst = order.nextBoolean();
                    for (RunSide side : baselineFirst ? List.of(RunSide.BASELINE, RunSide.JOB)
                            : List.of(RunSide.JOB, RunSide.BASELINE)) {
                        cells.add(RunRow.queued(jobId, ++seq, jdk, model, repetition, side, repetition));
                    }
                }
            }
        }
        return cells;
    }

    /**
     * The job with its progress. Three statements and no transaction: the job row, then its runs
     * tallied in the database, then its findings counted there; each statement reads committed
     * data, as a READ COMMITTED transaction around them would.
     */
    JobView get(long id) {
        JobRow job = jobs.find(id).orElseThrow(() -> ApiException.notFound("job", id));
        return view(job, runs.tallies(List.of(id)).get(id), findings.countsOfJob(id), true);
    }

    /** A job's runs in execution order: one statement (a job has at least one run, so none means no job). */
    List<RunView> runsOf(long jobId) {
        List<RunRow> found = runs.ofJob(jobId);
        if (found.isEmpty()) {
            throw ApiException.notFound("job", jobId);
        }
        return found.stream().map(RunView::of).toList();
    }

    /**
     * One page: the jobs with their count in one statement, their runs tallied in one more, their
     * findings counted in a third (grouped by job: never one statement per job).
     */
    JobPage list(Jobs.Filter filter, int page, int size) {
        // a value no stored job can hold (a NUL) matches nothing; PostgreSQL would refuse to compare it
        if (!StorableText.storable(filter.labels() == null ? Map.of() : filter.labels(), filter.app(), filter.scenario())) {
            return new JobPage(List.of(), page, size, 0, 0);
        }
        Jobs.Page found = jobs.page(filter, page, size);
        List<Long> ids = found.rows().stream().map(JobRow::id).toList();
        Map<Long, Runs.Tally> tallies = runs.tallies(ids);
        Map<Long, FindingCounts> counts = findings.countsOfJobs(ids);
        List<JobView> items = found.rows().stream()
                .map(j -> view(j, tallies.get(j.id()), counts.getOrDefault(j.id(), FindingCounts.NONE), false)).toList();
        int totalPages = (int) ((found.total() + size - 1) / size);
        return new JobPage(items, page, size, found.total(), totalPages);
    }

    /**
     * Cancel: a queued job is cancelled at once; a running one is asked to stop (the worker stops
     * at the next step boundary and tears down). Repeating the call changes nothing.
     */
    @Transactional
    CancelOutcome cancel(long id) {
        JobRow job = jobs.find(id).orElseThrow(() -> ApiException.notFound("job", id));
        JobStatus status = job.status();
        if (status == JobStatus.CANCELLED || status == JobStatus.CANCEL_REQUESTED) {
            return new CancelOutcome(get(id), status == JobStatus.CANCEL_REQUESTED);
        }
        if (status.isFinal()) {
            throw ApiException.conflict("job " + id + " already ended with status " + status + "; it cannot be cancelled");
        }
        runs.lockOfJob(id);
        JobStatus next = status == JobStatus.QUEUED ? JobStatus.CANCELLED : JobStatus.CANCEL_REQUESTED;
        if (!jobs.transition(id, status, next, "cancelled by request")) {
            // The worker moved the job meanwhile (e.g. QUEUED -> RUNNING): decide again on the new state.
            return cancel(id);
        }
        runs.cancelQueued(id, "cancelled before it started");
        if (next == JobStatus.CANCEL_REQUESTED && runs.ofJob(id).stream().allMatch(r -> r.status().isFinal())) {
            // No run left for a worker to stop (a CONFIRMING job between its planned and extra runs): nobody
            // else would settle it.
            jobs.transition(id, JobStatus.CANCEL_REQUESTED, JobStatus.CANCELLED, "cancelled by request");
            next = JobStatus.CANCELLED;
        }
        return new CancelOutcome(get(id), next == JobStatus.CANCEL_REQUESTED);
    }

    record CancelOutcome(JobView job, boolean pending) {
    }

    private JobView view(JobRow job, Runs.Tally tally, FindingCounts findingCounts, boolean withVerdict) {
        return new JobView(job.id(), job.status(), job.statusReason(), new JobView.App(job.appName(), job.appRef()),
                job.spec(), job.createdAt(), job.startedAt(),
                job.finishedAt(), progress.progress(job.spec(), job.runsTotal(), tally), baseline(job, withVerdict),
                findingCounts, withVerdict && job.status().isFinal()
                ? changePoints.atJob(job, JobChangePoints.defaultLabels(job.spec())) : null,
                JobView.Links.of(job.id()));
    }

    private JobView.Baseline baseline(JobRow job, boolean withVerdict) {
        if (job.baselineJobId() == null) {
            return job.baselineNote() == null ? null
                    : new JobView.Baseline(null, job.baselineNote(), null, null, null, null, null, null, null, null, null,
                    null);
        }
        var outcome = withVerdict ? verdicts.judge(job.id(), job.baselineJobId()) : null;
        return new JobView.Baseline(job.baselineJobId(), outcome == null ? null : outcome.note(),
                outcome == null ? null : outcome.verdict(), outcome == null ? null : outcome.regressions(),
                outcome == null ? null : outcome.improvements(), outcome == null ? null : outcome.withinTolerance(),
                outcome == null ? null : outcome.notSteadyLeftOut(),
                "/api/v1/jobs/" + job.id() + "/comparisons/jobs/" + job.baselineJobId(),
                outcome == null ? null : outcome.initialVerdict(), outcome == null ? null : outcome.confirmation(),
                outcome == null ? null : outcome.checks(), outcome == null ? null : outcome.decisions());
    }

    static ApiException badKey(String detail) {
        return new ApiException(HttpStatus.BAD_REQUEST, "Bad Request", detail,
                List.of(new ApiException.FieldViolation("Idempotency-Key", detail)));
    }
}
