package dev.jvmbench.api.job;

import dev.jvmbench.api.analysis.BaselineVerdicts;
import dev.jvmbench.api.artifact.ArtifactService;
import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.Hashing;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.ThreadModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

@Service
class JobService {

    private final JobRepository jobs;
    private final RunRepository runs;
    private final IdempotencyKeys idempotencyKeys;
    private final JobQueries queries;
    private final JobSpecChecker checker;
    private final ArtifactService artifacts;
    private final ProgressEstimator progress;
    private final JsonMapper json;
    private final BaselineVerdicts verdicts;

    JobService(JobRepository jobs, RunRepository runs, IdempotencyKeys idempotencyKeys, JobQueries queries,
               JobSpecChecker checker, ArtifactService artifacts, ProgressEstimator progress, JsonMapper json,
               BaselineVerdicts verdicts) {
        this.verdicts = verdicts;
        this.jobs = jobs;
        this.runs = runs;
        this.idempotencyKeys = idempotencyKeys;
        this.queries = queries;
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
                artifacts::notExecutableReason, jobs::existsById));
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
        JobEntity job = jobs.save(new JobEntity(appRef(spec), spec.usesStockApps() ? null : spec.app().artifactId(),
                spec.scenario().name(), spec.load().model(), spec.jdks().toArray(Integer[]::new),
                spec.threadModels().stream().map(Enum::name).toArray(String[]::new),
                json.writeValueAsString(spec.labels()), specJson, spec.runCount(), tokenId, progress.now(),
                baseline.jobId(), baseline.note()));
        runs.saveAll(expand(job.id(), spec));
        if (idempotencyKey != null) {
            idempotencyKeys.bind(idempotencyKey, job.id());
        }
        return new Submission(get(job.id()), false);
    }

    private record ResolvedBaseline(Long jobId, String note) {
    }

    /**
     * Fixed at submission, so the verdict does not move when newer jobs land: the given job, or the
     * latest successful job with the selector's labels and the same app and scenario.
     */
    private ResolvedBaseline resolveBaseline(JobSpec spec) {
        if (spec.baseline() == null) {
            return new ResolvedBaseline(null, null);
        }
        if (!spec.baseline().bySelector()) {
            return new ResolvedBaseline(spec.baseline().jobId(), null);
        }
        return queries.latestSucceeded(appRef(spec), spec.scenario().name(), spec.baseline().labels())
                .map(id -> new ResolvedBaseline(id, null))
                .orElseGet(() -> new ResolvedBaseline(null, "no successful job with labels " + spec.baseline().labels()
                        + ", app " + appRef(spec) + " and scenario " + spec.scenario().name()));
    }

    /**
     * One run per cell, interleaved: every cell's first repetition, then every cell's second, and
     * inside a repetition the JDKs and thread models alternate (A B A B), so drift of the host over
     * the job spreads evenly over the cells being compared.
     */
    static List<RunEntity> expand(long jobId, JobSpec spec) {
        List<RunEntity> cells = new ArrayList<>();
        int seq = 0;
        for (int repetition = 1; repetition <= spec.repetitions(); repetition++) {
            for (int jdk : spec.jdks()) {
                for (ThreadModel model : spec.threadModels()) {
                    cells.add(new RunEntity(jobId, ++seq, jdk, model, repetition));
                }
            }
        }
        return cells;
    }

    @Transactional(readOnly = true)
    JobView get(long id) {
        JobEntity job = jobs.findById(id).orElseThrow(() -> ApiException.notFound("job", id));
        return view(job, runs.findByJobIdOrderBySeq(id), true);
    }

    @Transactional(readOnly = true)
    List<RunView> runsOf(long jobId) {
        if (!jobs.existsById(jobId)) {
            throw ApiException.notFound("job", jobId);
        }
        return runs.findByJobIdOrderBySeq(jobId).stream().map(RunView::of).toList();
    }

    @Transactional(readOnly = true)
    JobPage list(JobFilter filter, int page, int size) {
        JobQueries.Page found = queries.find(filter, page, size);
        Map<Long, JobEntity> byId = jobs.findAllById(found.ids()).stream()
                .collect(Collectors.toMap(JobEntity::id, j -> j));
        Map<Long, List<RunEntity>> runsByJob = found.ids().isEmpty() ? Map.of()
                : runs.findByJobIdInOrderBySeq(found.ids()).stream().collect(Collectors.groupingBy(RunEntity::jobId));
        List<JobView> items = found.ids().stream().map(byId::get).filter(java.util.Objects::nonNull)
                .map(j -> view(j, runsByJob.getOrDefault(j.id(), List.of()), false)).toList();
        int totalPages = (int) ((found.total() + size - 1) / size);
        return new JobPage(items, page, size, found.total(), totalPages);
    }

    /**
     * Cancel: a queued job is cancelled at once; a running one is asked to stop (the worker stops
     * at the next step boundary and tears down). Repeating the call changes nothing.
     */
    @Transactional
    CancelOutcome cancel(long id) {
        JobEntity job = jobs.findById(id).orElseThrow(() -> ApiException.notFound("job", id));
        JobStatus status = job.status();
        if (status == JobStatus.CANCELLED || status == JobStatus.CANCEL_REQUESTED) {
            return new CancelOutcome(get(id), status == JobStatus.CANCEL_REQUESTED);
        }
        if (status.isFinal()) {
            throw ApiException.conflict("job " + id + " already ended with status " + status + "; it cannot be cancelled");
        }
        jobs.lockRuns(id);
        JobStatus next = status == JobStatus.QUEUED ? JobStatus.CANCELLED : JobStatus.CANCEL_REQUESTED;
        int changed = jobs.transition(id, next.name(), List.of(status.name()), "cancelled by request",
                next.isFinal());
        if (changed == 0) {
            // The worker moved the job meanwhile (e.g. QUEUED -> RUNNING): decide again on the new state.
            return cancel(id);
        }
        jobs.cancelQueuedRuns(id);
        return new CancelOutcome(get(id), next == JobStatus.CANCEL_REQUESTED);
    }

    record CancelOutcome(JobView job, boolean pending) {
    }

    private JobView view(JobEntity job, List<RunEntity> jobRuns, boolean withVerdict) {
        JobSpec spec = json.readValue(job.spec(), JobSpec.class);
        return new JobView(job.id(), job.status(), job.statusReason(), spec, job.createdAt(), job.startedAt(),
                job.finishedAt(), progress.progress(spec, job.runsTotal(), jobRuns), baseline(job, withVerdict),
                JobView.Links.of(job.id()));
    }

    private JobView.Baseline baseline(JobEntity job, boolean withVerdict) {
        if (job.baselineJobId() == null) {
            return job.baselineNote() == null ? null
                    : new JobView.Baseline(null, job.baselineNote(), null, null, null, null);
        }
        var outcome = withVerdict ? verdicts.judge(job.id(), job.baselineJobId()) : null;
        return new JobView.Baseline(job.baselineJobId(), outcome == null ? null : outcome.note(),
                outcome == null ? null : outcome.verdict(), outcome == null ? null : outcome.regressions(),
                outcome == null ? null : outcome.improvements(),
                "/api/v1/jobs/" + job.id() + "/comparisons/jobs/" + job.baselineJobId());
    }

    /** What the list filter "app" matches: the image reference, artifact:<id>, or stock. */
    static String appRef(JobSpec spec) {
        if (spec.usesStockApps()) {
            return "stock";
        }
        return spec.app().image() != null ? spec.app().image() : "artifact:" + spec.app().artifactId();
    }

    static ApiException badKey(String detail) {
        return new ApiException(HttpStatus.BAD_REQUEST, "Bad Request", detail,
                List.of(new ApiException.FieldViolation("Idempotency-Key", detail)));
    }
}
