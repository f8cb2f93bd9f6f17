package dev.jvmbench.worker.run;

import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.worker.WorkerProperties;
import dev.jvmbench.worker.cores.CorePinning;
import dev.jvmbench.worker.cores.CoreShield;
import dev.jvmbench.worker.queue.ClaimedRun;
import dev.jvmbench.worker.queue.RunControl;
import dev.jvmbench.worker.metrics.WorkerMetrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.stereotype.Service;

/** Executes one claimed run as its Batch job and records how it ended. */
@Service
public class RunExecutor {

    private static final Logger log = LoggerFactory.getLogger(RunExecutor.class);
    private final BenchmarkJobFactory jobs;
    private final TeardownPhase teardown;
    private final JobOperator operator;
    private final RunControl control;
    private final Clock clock;
    private final WorkerProperties properties;
    private final WorkerMetrics metrics;
    private final CorePinning pinning;
    private final AtomicReference<RunContext> current = new AtomicReference<>();

    RunExecutor(BenchmarkJobFactory jobs, TeardownPhase teardown, JobOperator operator, RunControl control,
                WorkerProperties properties, WorkerMetrics metrics, Clock clock, CorePinning pinning) {
        this.pinning = pinning;
        this.jobs = jobs;
        this.teardown = teardown;
        this.operator = operator;
        this.control = control;
        this.properties = properties;
        this.metrics = metrics;
        this.clock = clock;
    }

    public void execute(ClaimedRun run) {
        // One instant for the claim: the job parameter and the work directory both name it.
        long claimedAt = clock.millis();
        RunContext ctx = new RunContext(run, properties.id(), control.platformId(), workDir(run, claimedAt));
        ctx.placement(pinning.placementFor(run.spec().limits().cpus()));
        control.placed(run.runId(), properties.id(), ctx.placement().describe());
        CoreShield shield = pinning.shield(ctx.placement(), shieldLedger());
        current.set(ctx);
        long started = System.nanoTime();
        log.info("{}: started (attempt {})", run.label(), run.attempt());
        try {
            JobParameters parameters = new JobParametersBuilder()
                    .addLong("runId", run.runId())
                    .addLong("attempt", (long) run.attempt())
                    // A graceful stop gives the attempt back, so (run, attempt) can repeat: the claim tells.
                    .addLong("claimedAt", claimedAt)
                    .toJobParameters();
            var execution = operator.start(jobs.create(ctx), parameters);
            log.debug("{}: batch execution {} ended {}", run.label(), execution.getId(), execution.getStatus());
        } catch (Exception e) {
            log.error("{}: the batch job could not run", run.label(), e);
            ctx.fail("the worker could not execute the run: " + e.getMessage(), null);
            teardown.teardown(ctx);
        } finally {
            current.set(null);
            if (shield != null) {
                shield.close();
                control.placed(run.runId(), properties.id(), ctx.placement().describe() + "; " + shield.describe());
            }
        }
        RunOutcome outcome = ctx.outcome();
        String outcomeTag = switch (outcome) {
            case RunOutcome.Succeeded s -> {
                control.finish(run, properties.id(), RunStatus.SUCCEEDED, null);
                yield "succeeded";
            }
            case RunOutcome.Failed f -> {
                control.finish(run, properties.id(), RunStatus.FAILED, f.reason());
                yield "failed";
            }
            case RunOutcome.Cancelled c -> {
                control.finish(run, properties.id(), RunStatus.CANCELLED, "cancelled by request");
                yield "cancelled";
            }
            case RunOutcome.Released r -> {
                control.release(run, properties.id(), r.reason());
                yield "released";
            }
        };
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        metrics.runEnded(outcomeTag, took);
        if (outcome instanceof RunOutcome.Failed failed) {
            metrics.runFailed(WorkerMetrics.reasonClass(failed.reason(), ctx.failedStep()));
        }
        log.info("{}: ended {} after {} s", run.label(), outcome, took.toSeconds());
    }

    /** Where this worker's core shield notes what it moved, for a successor when the worker is killed. */
    private Path shieldLedger() {
        return properties.workDir().resolve("core-shield-" + properties.id() + ".ledger");
    }

    /** Gives back the cores a killed predecessor's shield left other processes without (at the worker's start). */
    public void lowerShieldLeftByAPredecessor() {
        pinning.lowerLeftoverShield(shieldLedger());
    }

    /** Asks the run in progress to stop at its next step boundary (worker shutdown). */
    public void releaseCurrent(String reason) {
        RunContext ctx = current.get();
        if (ctx != null) {
            ctx.requestRelease(reason);
        }
    }

    private Path workDir(ClaimedRun run, long claimedAt) {
        try {
            return Files.createDirectories(properties.workDir().resolve("run-" + run.runId() + "-" + run.attempt() + "-" + claimedAt));
        } catch (IOException e) {
            throw new IllegalStateException("cannot create the work directory under " + properties.workDir(), e);
        }
    }
}
