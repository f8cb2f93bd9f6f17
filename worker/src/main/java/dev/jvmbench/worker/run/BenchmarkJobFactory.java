package dev.jvmbench.worker.run;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngineUnavailableException;
import dev.jvmbench.worker.metrics.WorkerMetrics;
import dev.jvmbench.worker.queue.RunControl;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.FlowBuilder;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.flow.Flow;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.batch.infrastructure.support.transaction.ResourcelessTransactionManager;
import org.springframework.stereotype.Component;

/**
 * The Spring Batch job of one run: resolve-image, start-upstreams, start-app, verify, warm-up,
 * one load step per level, collect, teardown. A step that fails or sees a cancel exits with
 * ABORT and the flow jumps to teardown, which always runs; the job then ends FAILED when the
 * run failed and COMPLETED otherwise.
 *
 * <p>Steps run under a resourceless transaction manager: a step waits for containers and load
 * for minutes, and must not hold a database transaction meanwhile (its own writes commit at once).
 */
@Component
class BenchmarkJobFactory {

    static final String JOB_NAME = "benchmarkRun";
    static final ExitStatus ABORT = new ExitStatus("ABORT");
    static final ExitStatus RUN_FAILED = new ExitStatus("RUN_FAILED");
    private static final Logger log = LoggerFactory.getLogger(BenchmarkJobFactory.class);
    private final JobRepository repository;
    private final ProvisionPhase provision;
    private final VerifyPhase verify;
    private final LoadPhase load;
    private final CollectPhase collect;
    private final TeardownPhase teardown;
    private final ContainerEngine engine;
    private final RunControl control;
    private final WorkerMetrics metrics;
    private final ResourcelessTransactionManager noTransaction = new ResourcelessTransactionManager();

    BenchmarkJobFactory(JobRepository repository, ProvisionPhase provision, VerifyPhase verify, LoadPhase load,
                        CollectPhase collect, TeardownPhase teardown, ContainerEngine engine, RunControl control,
                        WorkerMetrics metrics) {
        this.repository = repository;
        this.provision = provision;
        this.verify = verify;
        this.load = load;
        this.collect = collect;
        this.teardown = teardown;
        this.engine = engine;
        this.control = control;
        this.metrics = metrics;
    }

    Job create(RunContext ctx) {
        List<Step> work = new ArrayList<>();
        work.add(step("resolve-image", ctx, provision::resolveImage));
        work.add(step("start-upstreams", ctx, provision::startUpstreams));
        work.add(step("start-app", ctx, provision::startApp));
        work.add(step("verify", ctx, verify::verify));
        work.add(step("warm-up", ctx, load::warmUp));
        LoadSettings settings = ctx.loadSettings();
        for (int i = 0; i < settings.levelSteps(); i++) {
            int index = i;
            // a search's levels are decided as it goes: its steps are numbered, a step past its end does nothing
            String name = settings.searches() ? "load-" + (i + 1) + "-search"
                    : "load-" + (i + 1) + "-level-" + settings.levels().get(i);
            work.add(step(name, ctx, c -> load.level(c, index)));
        }
        work.add(step("collect", ctx, collect::collect));
        Step teardownStep = teardownStep(ctx);

        FlowBuilder<Flow> flow = new FlowBuilder<Flow>("run-" + ctx.run.runId()).start(work.getFirst());
        for (int i = 0; i < work.size(); i++) {
            Step current = work.get(i);
            flow.from(current).on(ABORT.getExitCode()).to(teardownStep);
            flow.from(current).on("*").to(i + 1 < work.size() ? work.get(i + 1) : teardownStep);
        }
        flow.from(teardownStep).on(RUN_FAILED.getExitCode()).fail();
        flow.from(teardownStep).on("*").end();
        return new JobBuilder(JOB_NAME, repository).start(flow.build()).end().build();
    }

    /**
     * A step that first checks for a cancel or a shutdown (the boundary where a run stops), then
     * does its work; a failure is recorded in the context, never thrown past the step.
     */
    private Step step(String name, RunContext ctx, Consumer<RunContext> work) {
        return new StepBuilder(name, repository).tasklet((contribution, chunk) -> {
            ctx.checkRelease();
            if (!ctx.decided() && control.cancelRequested(ctx.run.runId())) {
                ctx.cancel();
            }
            if (ctx.decided()) {
                contribution.setExitStatus(ABORT.addExitDescription(ctx.outcome().toString()));
                return RepeatStatus.FINISHED;
            }
            String step = WorkerMetrics.stepTag(name);
            if (!step.equals("load")) {
                control.progress(ctx.run.runId(), ctx.workerId, step, null);
            }
            long started = System.nanoTime();
            try {
                work.accept(ctx);
                log.info("{}: step {} done in {} ms", ctx.run.label(), name, (System.nanoTime() - started) / 1_000_000);
            } catch (RunFailure e) {
                fail(ctx, name, AppEnd.explain(engine, ctx, name, e.getMessage()), e);
                contribution.setExitStatus(ABORT.addExitDescription(e.getMessage()));
            } catch (ContainerEngineUnavailableException e) {
                fail(ctx, name, WorkerMetrics.ENGINE_UNAVAILABLE + ": " + e.getMessage(), e);
                contribution.setExitStatus(ABORT.addExitDescription(e.getMessage()));
            } catch (RuntimeException e) {
                fail(ctx, name, AppEnd.explain(engine, ctx, name, name + " failed: " + e.getMessage()), e);
                contribution.setExitStatus(ABORT.addExitDescription(e.toString()));
            } finally {
                stepEnded(name, started);
            }
            return RepeatStatus.FINISHED;
        }, noTransaction).build();
    }

    private static void fail(RunContext ctx, String step, String reason, Exception e) {
        log.warn("{}: step {} failed: {}", ctx.run.label(), step, reason, e instanceof RunFailure ? null : e);
        ctx.fail(reason, step);
    }

    private Step teardownStep(RunContext ctx) {
        return new StepBuilder("teardown", repository).tasklet((contribution, chunk) -> {
            long started = System.nanoTime();
            teardown.teardown(ctx);
            stepEnded("teardown", started);
            if (ctx.outcome() instanceof RunOutcome.Failed failed) {
                contribution.setExitStatus(RUN_FAILED.addExitDescription(failed.reason()));
            }
            return RepeatStatus.FINISHED;
        }, noTransaction).build();
    }

    private void stepEnded(String name, long startedNanos) {
        metrics.stepEnded(name, Duration.ofNanos(System.nanoTime() - startedNanos));
    }
}
