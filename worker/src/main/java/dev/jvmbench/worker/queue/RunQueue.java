package dev.jvmbench.worker.queue;

import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.store.JobRow;
import dev.jvmbench.common.store.Jobs;
import dev.jvmbench.common.store.PlatformDatabase;
import dev.jvmbench.common.store.PointSeriesStore;
import dev.jvmbench.common.store.ResultPoints;
import dev.jvmbench.common.store.RunArtifacts;
import dev.jvmbench.common.store.RunFindings;
import dev.jvmbench.common.store.RunJvm;
import dev.jvmbench.common.store.RunProfiles;
import dev.jvmbench.common.store.RunRow;
import dev.jvmbench.common.store.Runs;
import dev.jvmbench.worker.database.DatabaseWrites;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The worker's side of the run queue, whose rows and statements are owned by the store
 * ({@link Runs}, {@link Jobs}; docs/architecture.md): this class decides what is one transaction
 * and what is retried. Every change of a run or job status is a compare-and-set on the expected
 * status (and, for a run, on its owner), so two workers, the sweeper and the api never overwrite
 * each other. Each method is its own short transaction: nothing is held open while a container or
 * the load generator works. The writes of a run's life (progress, outcome, release) are retried
 * while the database is unreachable: being compare-and-sets, a repeat changes nothing.
 */
@Component
public class RunQueue implements RunControl {

    private static final Logger log = LoggerFactory.getLogger(RunQueue.class);
    private final Runs runs;
    private final Jobs jobs;
    private final ResultPoints points;
    private final RunArtifacts artifacts;
    private final PointSeriesStore series;
    private final RunFindings findings;
    private final RunJvm jvm;
    private final RunProfiles profiles;
    private final PlatformDatabase database;
    private final TransactionTemplate tx;
    private final DatabaseWrites writes;

    RunQueue(Runs runs, Jobs jobs, ResultPoints points, RunArtifacts artifacts, PointSeriesStore series,
             RunFindings findings, RunJvm jvm, RunProfiles profiles, PlatformDatabase database,
             TransactionTemplate tx, DatabaseWrites writes) {
        this.runs = runs;
        this.jobs = jobs;
        this.points = points;
        this.artifacts = artifacts;
        this.series = series;
        this.findings = findings;
        this.jvm = jvm;
        this.profiles = profiles;
        this.database = database;
        this.tx = tx;
        this.writes = writes;
    }

    /**
     * Takes the next queued run (oldest job first, then the job's order) with FOR UPDATE SKIP
     * LOCKED, so concurrent workers never take the same run and never wait for each other; starts
     * its job when it is the job's first.
     */
    public Optional<ClaimedRun> claim(String workerId) {
        return tx.execute(status -> runs.claim(workerId).map(run -> {
            jobs.transition(run.jobId(), JobStatus.RUNNING, null);
            // The baseline side of a pair executes the baseline job's build and spec (docs/statistics.md,
            // "Paired baselines"); the run and what it measures stay this job's.
            long specJob = run.side() == RunSide.BASELINE ? jobs.find(run.jobId()).orElseThrow().baselineJobId()
                    : run.jobId();
            Jobs.Work work = jobs.work(specJob);
            Jobs.UploadedJar jar = work.jar();
            return new ClaimedRun(run.id(), run.jobId(), run.seq(), run.jdk(), run.threadModel(), run.repetition(),
                    run.attempt(), work.spec(), jar == null ? null
                    : new ClaimedRun.UploadedJar(jar.artifactId(), jar.sha256(), jar.mainClass(), jar.storagePath()),
                    run.side());
        }));
    }

    /**
     * Identifies this platform's database (cluster system identifier and database name): the
     * label that tells this platform's containers from another platform's on a shared host.
     */
    @Override
    public String platformId() {
        return database.id();
    }

    /** False when this worker no longer owns the run (the sweeper recovered it): stop working on it. */
    public boolean heartbeat(long runId, String workerId) {
        return runs.heartbeat(runId, workerId);
    }

    @Override
    public void placed(long runId, String workerId, String placement) {
        writes.retrying("placement of run " + runId, () -> runs.placed(runId, workerId, placement));
    }

    @Override
    public void progress(long runId, String workerId, String step, Integer level) {
        writes.retrying("progress of run " + runId, () -> runs.step(runId, workerId, step, level));
    }

    /** Whether the run's job was cancelled (or is being cancelled). */
    @Override
    public boolean cancelRequested(long runId) {
        JobStatus status = jobs.statusOfRun(runId);
        return status == JobStatus.CANCEL_REQUESTED || status == JobStatus.CANCELLED;
    }

    /** Ends a run this worker owns, then settles its job when no run is left to execute. */
    @Override
    public void finish(ClaimedRun run, String workerId, RunStatus outcome, String reason) {
        writes.retrying("outcome of " + run.label(), () -> {
            if (!runs.finish(run.runId(), workerId, outcome, reason)) {
                log.warn("{} was taken from this worker before it finished; its outcome {} is dropped", run.label(), outcome);
                return;
            }
            settleJob(run.jobId());
        });
    }

    /**
     * Gives back a run this worker cannot finish (it is shutting down): the run is queued again
     * for any worker, and the points of this attempt are deleted so no attempt mixes with another.
     * A graceful stop (a deployment, a drained host) is not the run's failure, so it does not use up
     * one of the run's {@code maxAttempts}: a crash does (see {@link #recoverStale}).
     */
    @Override
    public void release(ClaimedRun run, String workerId, String reason) {
        writes.retrying("release of " + run.label(), () -> {
            if (runs.release(run.runId(), workerId, reason)) {
                deleteAttemptData(run.runId());
            }
        });
    }

    /**
     * Recovers runs whose worker stopped heartbeating: re-queued (its partial points deleted)
     * while it has had fewer than {@code maxAttempts} attempts, failed otherwise (points kept).
     */
    public int recoverStale(Duration staleAfter, int maxAttempts) {
        return recover(() -> runs.lockStale(staleAfter), maxAttempts,
                run -> "worker " + run.workerId() + " stopped heartbeating during attempt " + run.attempt());
    }

    /**
     * Recovers, like {@link #recoverStale}, the runs still RUNNING under this worker's id when it
     * starts: its previous process died with them (ids are stable per host and never shared by two
     * live workers), so there is no need to wait until their heartbeat is stale.
     */
    public int recoverOwn(String workerId, int maxAttempts) {
        return recover(() -> runs.lockOwnedBy(workerId), maxAttempts,
                run -> "worker " + run.workerId() + " restarted during attempt " + run.attempt());
    }

    private int recover(Supplier<List<RunRow>> orphans, int maxAttempts, Function<RunRow, String> cause) {
        return tx.execute(status -> {
            List<RunRow> locked = orphans.get();
            for (RunRow run : locked) {
                String why = cause.apply(run);
                if (run.attempt() < maxAttempts) {
                    runs.requeue(run.id(), why + "; re-queued");
                    deleteAttemptData(run.id());
                    log.warn("Re-queued run {}: {}", run.id(), why);
                } else {
                    runs.fail(run.id(), why + " (last of " + maxAttempts + " attempts)");
                    log.warn("Failed run {}: {}", run.id(), why);
                    settleJob(run.jobId());
                }
            }
            return locked.size();
        });
    }

    /** Runs that are RUNNING on another worker whose heartbeat is fresh: their containers must live. */
    public boolean ownedElsewhere(long runId, String workerId, Duration staleAfter) {
        return runs.ownedElsewhere(runId, workerId, staleAfter);
    }

    private void deleteAttemptData(long runId) {
        points.deleteOfRun(runId);
        series.deleteOfRun(runId);
        findings.deleteOfRun(runId);
        jvm.deleteOfRun(runId);
        profiles.deleteOfRun(runId);
        artifacts.deleteOfRun(runId);
    }

    /**
     * Whether the job's gate verdict awaits the api: it has a baseline and its gate asks for extra runs
     * to confirm a flag, or, with a paired baseline, for pairs to be added while the verdict is undecided.
     */
    private static boolean awaitsJudgement(JobRow job) {
        var gate = job.spec().gate();
        if (job.baselineJobId() == null || gate == null) {
            return false;
        }
        boolean paired = job.spec().baseline() != null && job.spec().baseline().paired();
        return gate.confirmRepetitions() > 0 || paired && gate.pairsUpTo(job.spec().repetitions()) > job.spec().repetitions();
    }

    /** Whether runs past the ones the verdict rests on (confirmation runs) are among the job's runs. */
    private boolean confirmationRan(long jobId, List<RunRow> all) {
        int deciding = jobs.find(jobId).map(JobRow::decidingRepetitions).orElse(Integer.MAX_VALUE);
        return all.stream().anyMatch(r -> r.repetition() > deciding);
    }

    /**
     * Ends the job once none of its runs is queued or running: CANCELLED when it was being
     * cancelled, FAILED when a run failed, CONFIRMING when its verdict against a baseline is to be
     * judged by the api (its gate's confirm.extraRepetitions or maxPairs), else SUCCEEDED. A CONFIRMING job
     * whose added decision pairs have ended stays CONFIRMING: the api judges it again.
     *
     * <p>The job row is locked before the runs are counted. Two workers ending a job's last two
     * runs at once would otherwise each count (READ COMMITTED) the other's run as still RUNNING,
     * neither would settle, and the job would stay RUNNING for good. With the lock the second
     * waits for the first to commit, and its count then sees both runs ended.
     */
    void settleJob(long jobId) {
        JobStatus jobStatus = jobs.lockStatus(jobId);
        List<RunRow> all = runs.ofJob(jobId);
        if (all.stream().anyMatch(r -> !r.status().isFinal())) {
            return;
        }
        List<RunRow> failed = all.stream().filter(r -> r.status() == RunStatus.FAILED).toList();
        boolean cancelled = all.stream().anyMatch(r -> r.status() == RunStatus.CANCELLED);
        JobStatus next;
        String reason;
        if (jobStatus == JobStatus.CANCEL_REQUESTED || (cancelled && failed.isEmpty())) {
            next = JobStatus.CANCELLED;
            reason = "cancelled by request";
        } else if (!failed.isEmpty()) {
            next = JobStatus.FAILED;
            reason = failed.size() + " of " + all.size() + " runs failed; first: run " + failed.getFirst().id() + ": "
                    + failed.getFirst().failureReason();
        } else if (jobStatus == JobStatus.RUNNING && jobs.find(jobId).map(RunQueue::awaitsJudgement).orElse(false)) {
            // The api judges the verdict and settles the job, or queues pairs to decide it or extra runs
            // of the flagged cells; the worker ending the last of those comes back here with the job CONFIRMING.
            next = JobStatus.CONFIRMING;
            reason = "confirming the verdict against the baseline";
        } else if (jobStatus == JobStatus.CONFIRMING && !confirmationRan(jobId, all)) {
            // pairs added to decide the verdict have ended: the api judges it again (more pairs,
            // confirmation runs, or the end), not the worker
            return;
        } else {
            next = JobStatus.SUCCEEDED;
            reason = jobStatus == JobStatus.CONFIRMING ? "confirmation runs ended" : null;
        }
        jobs.transition(jobId, next, reason);
        log.info("Job {} ended {}{}", jobId, next, reason == null ? "" : ": " + reason);
    }
}
