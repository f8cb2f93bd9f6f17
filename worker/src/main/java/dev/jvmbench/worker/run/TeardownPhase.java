package dev.jvmbench.worker.run;

import dev.jvmbench.common.jvm.Recording;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerLabels;
import dev.jvmbench.worker.container.RunContainers;
import dev.jvmbench.worker.metrics.WorkerMetrics;
import dev.jvmbench.worker.probe.LogScan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Teardown: stops everything the run started, whatever happened before, and never throws. A run
 * that failed or was stopped keeps its logs first (collect did it for a run that got there).
 */
@Component
class TeardownPhase {

    private static final Logger log = LoggerFactory.getLogger(TeardownPhase.class);
    private final ContainerEngine engine;
    private final RunLogs logs;
    private final WorkerMetrics metrics;
    private final RunDiagnosis diagnosis;

    TeardownPhase(ContainerEngine engine, RunLogs logs, WorkerMetrics metrics, RunDiagnosis diagnosis) {
        this.engine = engine;
        this.logs = logs;
        this.metrics = metrics;
        this.diagnosis = diagnosis;
    }

    void teardown(RunContext ctx) {
        List<LogScan.Line> appLog = ctx.appContainer().isPresent() && ctx.decided() ? logs.store(ctx) : List.of();
        if (ctx.decided() && ctx.appContainer().isPresent() && !ctx.isAppStoppedByWorker()) {
            // collect never ran: the levels' findings are settled with what the log shows
            diagnosis.settle(ctx, ctx.run.spec().records()
                    ? Observations.fromLog(appLog, Recording.LOST, Observations.NOT_COLLECTED)
                    : Observations.fromLog(appLog, Recording.OFF, Observations.RECORDING_OFF));
        }
        for (RunContext.Started started : ctx.toClose()) {
            try {
                started.resource().close();
            } catch (Exception e) {
                log.warn("{}: closing the {} failed: {}", ctx.run.label(), started.what(), e.getMessage());
            }
        }
        try {
            // Run ids restart at 1 in every database: the platform label keeps one platform's
            // teardown from removing another platform's containers on a shared engine.
            RunContainers.Removed removed = new RunContainers(engine).removeRun(ctx.platformId, ctx.run.runId());
            metrics.containersRemoved(WorkerMetrics.APP, (int) removed.of(ContainerLabels.ROLE_APP));
            metrics.containersRemoved(WorkerMetrics.UPSTREAM,
                    (int) removed.of(ContainerLabels.ROLE_NGINX, ContainerLabels.ROLE_POSTGRES));
            log.info("{}: teardown removed {} containers", ctx.run.label(), removed.total());
        } catch (RuntimeException e) {
            log.error("{}: teardown could not remove the run's containers ({}); the next worker start removes them",
                    ctx.run.label(), e.getMessage());
        }
        deleteRecursively(ctx.workDir);
    }

    private static void deleteRecursively(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            log.warn("cannot delete {}: {}", dir, e.getMessage());
        }
    }
}
