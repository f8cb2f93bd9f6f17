package dev.jvmbench.worker.run;

import dev.jvmbench.common.jvm.Recording;
import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.series.SeriesPhase;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngineException;
import dev.jvmbench.worker.container.RunningContainer;
import dev.jvmbench.worker.finding.RunObservations;
import dev.jvmbench.worker.probe.JfrAnalyzer;
import dev.jvmbench.worker.probe.JfrWindow;
import dev.jvmbench.worker.probe.JvmSecond;
import dev.jvmbench.worker.probe.LogScan;
import dev.jvmbench.worker.probe.PinnedSite;
import dev.jvmbench.worker.result.ResultSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Collect: keeps the logs, stops the app gracefully so the JVM writes its recording, reads the
 * recording (the final file, or the chunks its repository kept when the JVM ran out of memory or
 * was killed), fills in GC, heap and pinning per level and the JVM's per-second columns, keeps
 * what the JVM saw and each level's profiles (CPU, allocation, lock, pinned stacks), and settles
 * the run's findings.
 */
@Component
class CollectPhase {

    static final String JFR_MISSING = "jfr-missing";
    static final String JFR_PARTIAL = "jfr-partial";
    static final String JFR_OFF = "jfr-off";
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

    void collect(RunContext ctx) {
        if (ctx.appContainer().isEmpty()) {
            return;
        }
        RunningContainer app = ctx.appContainer().get();
        ctx.appStoppedByWorker();
        try {
            engine.stop(app, GRACEFUL_STOP);
        } catch (ContainerEngineException e) {
            log.warn("{}: stopping the app failed: {}", ctx.run.label(), e.getMessage());
        }
        // read once the app has stopped: app.log then ends with its shutdown, and the findings read the same lines
        List<LogScan.Line> appLog = logs.store(ctx);
        long runId = ctx.run.runId();
        if (!ctx.run.spec().records()) {
            // the job chose to run without the recording: nothing is missing, and nothing is read
            results.flagAll(runId, JFR_OFF);
            results.storeJvm(runId, Recording.OFF, null);
            diagnosis.settle(ctx, Observations.fromLog(appLog, Recording.OFF, Observations.RECORDING_OFF));
            return;
        }
        JfrAnalyzer recording = read(ctx, app);
        if (recording == null) {
            results.flagAll(runId, JFR_MISSING);
            results.storeJvm(runId, Recording.LOST, null);
            diagnosis.settle(ctx, Observations.fromLog(appLog, Recording.LOST, Observations.RECORDING_LOST));
            return;
        }
        Recording read = Observations.recording(recording);
        if (read == Recording.PARTIAL) {
            results.flagAll(runId, JFR_PARTIAL);
        }
        for (MeasuredLevel level : ctx.measured()) {
            fillLevel(ctx, recording, level, read);
        }
        results.storeJvm(runId, read, recording.facts().orElse(null));
        RunObservations.Profiles profiles = storeProfiles(ctx, recording);
        diagnosis.settle(ctx, Observations.of(recording, ctx.measured(), appLog, profiles));
    }

    /**
     * Each measured level's profiles, stored, and the same stacks for the findings; a failure here
     * costs the profiles only (the findings then say so), never the run.
     */
    private RunObservations.Profiles storeProfiles(RunContext ctx, JfrAnalyzer recording) {
        LevelProfiles.Cut cut;
        try {
            cut = LevelProfiles.cut(ctx.run.runId(), recording, ctx.measured());
        } catch (RuntimeException e) {
            log.warn("{}: the profiles could not be cut from the recording: {}", ctx.run.label(), e.getMessage());
            return RunObservations.Profiles.none("the profiles could not be cut from the recording (" + e.getMessage() + ")");
        }
        try {
            results.replaceProfiles(ctx.run.runId(), cut.rows());
        } catch (RuntimeException e) {
            log.warn("{}: the profiles could not be stored: {}", ctx.run.label(), e.getMessage());
        }
        return cut.profiles();
    }

    /**
     * The final recording when it reads whole, else the repository's chunks (a JVM killed or out
     * of memory leaves an empty or cut final file). Null when nothing can be read; the copies are
     * kept as artifacts either way.
     */
    private JfrAnalyzer read(RunContext ctx, RunningContainer app) {
        Path file = ctx.workDir.resolve("app.jfr");
        Path repository = ctx.workDir.resolve("jfr-repository");
        try {
            engine.copyFile(app, JfrAnalyzer.RECORDING_PATH, file);
        } catch (RuntimeException e) {
            log.info("{}: no final JFR recording ({})", ctx.run.label(), e.getMessage());
        }
        try {
            engine.copyDirectory(app, JfrAnalyzer.REPOSITORY_PATH, repository);
        } catch (RuntimeException e) {
            log.info("{}: no JFR repository ({})", ctx.run.label(), e.getMessage());
        }
        try {
            JfrAnalyzer recording = JfrAnalyzer.readBest(file, repository);
            keep(ctx, recording.source().complete() ? file : null);
            return recording;
        } catch (IOException | RuntimeException e) {
            log.warn("{}: no readable JFR recording ({}); GC, heap and pinning stay empty", ctx.run.label(), e.getMessage());
            return null;
        }
    }

    private void keep(RunContext ctx, Path file) {
        if (file == null || !Files.isRegularFile(file)) {
            return;
        }
        try {
            results.storeArtifact(ctx.run.runId(), "app.jfr", "application/octet-stream", Files.readAllBytes(file));
        } catch (IOException e) {
            log.warn("{}: cannot keep the JFR file: {}", ctx.run.label(), e.getMessage());
        }
    }

    /**
     * A level's JVM figures: from its window when the recording is complete; from the seconds it
     * covers when it is partial (a window past the recording's end has no answer), and the JVM's
     * per-second columns into the level's series.
     */
    private void fillLevel(RunContext ctx, JfrAnalyzer recording, MeasuredLevel level, Recording read) {
        long runId = ctx.run.runId();
        List<JvmSecond> seconds = recording.seconds(level.start(), level.end());
        Double gcPause;
        Double heapMean;
        long pinned;
        if (read == Recording.COMPLETE) {
            JfrWindow window = recording.window(level.start(), level.end());
            gcPause = window.gcPauseMsPerSecond();
            heapMean = window.heapMeanMb();
            pinned = window.virtualThreadPinnedEvents();
        } else {
            gcPause = Observations.gcPauseMsPerSecond(seconds);
            heapMean = Observations.heapMeanMb(seconds);
            pinned = recording.pinnedSites(level.start(), level.end()).stream().mapToLong(PinnedSite::count).sum();
        }
        results.updateJvm(runId, level.levelIndex(), gcPause, heapMean, pinned, pinned > 0 ? PINNING_SEEN : null);
        PointSeries measured = level.facts().series();
        if (measured != null) {
            results.storeSeries(runId, level.levelIndex(), SeriesPhase.MEASURED, Evidence.jvmSeries(measured, seconds));
        }
    }
}
