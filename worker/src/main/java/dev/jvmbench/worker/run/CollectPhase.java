package dev.jvmbench.worker.run;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngineException;
import dev.jvmbench.worker.container.RunningContainer;
import dev.jvmbench.worker.finding.RunObservations;
import dev.jvmbench.worker.probe.JfrAnalyzer;
import dev.jvmbench.worker.probe.JfrWindow;
import dev.jvmbench.worker.result.ResultSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Collect: keeps the logs, stops the app gracefully so the JVM writes its recording, then reads
 * GC, heap and pinning per measured window and keeps the recording as an artifact.
 */
@Component
class CollectPhase {

    static final String JFR_MISSING = "jfr-missing";
    static final String JFR_UNREADABLE = "jfr-unreadable";
    static final String PINNING_SEEN = "pinning-seen";
    private static final Logger log = LoggerFactory.getLogger(CollectPhase.class);
    private static final Duration GRACEFUL_STOP = Duration.ofSeconds(20);
    private final ContainerEngine engine;
    private final ResultSink results;
    private final RunLogs logs;
    private final RunDiagnosis diagnosis;

    CollectPhase(ContainerEngine engine, ResultSink results, RunLogs logs, RunDiagnosis diagnosis) {
        this.engine = engine;
        this.results = results;
        this.logs = logs;
        this.diagnosis = diagnosis;
    }

    /** What the run shows without a recording. */
    static RunObservations lost() {
        return new RunObservations(null, "lost", List.of(), Map.of(), Map.of());
    }

    void collect(RunContext ctx) {
        if (ctx.appContainer().isEmpty()) {
            return;
        }
        RunningContainer app = ctx.appContainer().get();
        logs.store(ctx);
        ctx.appStoppedByWorker();
        try {
            engine.stop(app, GRACEFUL_STOP);
        } catch (ContainerEngineException e) {
            log.warn("{}: stopping the app failed: {}", ctx.run.label(), e.getMessage());
        }
        long runId = ctx.run.runId();
        Path jfr = ctx.workDir.resolve("app.jfr");
        try {
            engine.copyFile(app, JfrAnalyzer.RECORDING_PATH, jfr);
        } catch (RuntimeException e) {
            log.warn("{}: no JFR recording ({}); GC, heap and pinning stay empty", ctx.run.label(), e.getMessage());
            results.flagAll(runId, JFR_MISSING);
            diagnosis.settle(ctx, lost());
            return;
        }
        JfrAnalyzer recording;
        try {
            recording = JfrAnalyzer.read(jfr);
        } catch (IOException | RuntimeException e) {
            log.warn("{}: the JFR recording cannot be read ({})", ctx.run.label(), e.getMessage());
            results.flagAll(runId, JFR_UNREADABLE);
            diagnosis.settle(ctx, lost());
            return;
        }
        Map<Integer, RunObservations.LevelJvm> levels = new HashMap<>();
        for (MeasuredLevel level : ctx.measured()) {
            JfrWindow window = recording.window(level.start(), level.end());
            boolean pinned = window.virtualThreadPinnedEvents() > 0;
            results.updateJvm(runId, level.levelIndex(), window.gcPauseMsPerSecond(), window.heapMeanMb(),
                    window.virtualThreadPinnedEvents(), pinned ? PINNING_SEEN : null);
            levels.put(level.levelIndex(), new RunObservations.LevelJvm(window.gcPauseMsPerSecond(), null, List.of()));
        }
        diagnosis.settle(ctx, new RunObservations(null, "complete", List.of(), levels, Map.of()));
        try {
            results.storeArtifact(runId, "app.jfr", "application/octet-stream", Files.readAllBytes(jfr));
        } catch (IOException e) {
            log.warn("{}: cannot keep the JFR file: {}", ctx.run.label(), e.getMessage());
        }
    }
}
