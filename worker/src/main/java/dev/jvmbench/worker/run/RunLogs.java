package dev.jvmbench.worker.run;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.LogLine;
import dev.jvmbench.worker.probe.LogScan;
import dev.jvmbench.worker.result.ResultSink;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** Keeps a run's logs as its raw artifacts: the app's, the upstreams', the generator's and its answers. */
@Component
class RunLogs {

    private static final Logger log = LoggerFactory.getLogger(RunLogs.class);
    private static final int UPSTREAM_LOG_LINES = 2000;
    private final ContainerEngine engine;
    private final ResultSink results;
    private final JsonMapper json;

    RunLogs(ContainerEngine engine, ResultSink results, JsonMapper json) {
        this.engine = engine;
        this.results = results;
        this.json = json;
    }

    /** The app's log, line by line with the engine's time stamps; empty when there is none to read. */
    private List<LogLine> appLines(RunContext ctx) {
        try {
            return engine.logLines(ctx.appContainer().get());
        } catch (RuntimeException e) {
            log.warn("{}: cannot read the app's log lines: {}", ctx.run.label(), e.getMessage());
            return List.of();
        }
    }

    /**
     * The app's log as it wrote it, without the engine's stamps; a log too long to keep whole keeps
     * its head and tail with a line in place of the rest (the engine's bound, StampedLogLines).
     */
    private String appLog(RunContext ctx, List<LogLine> lines) {
        StringBuilder text = new StringBuilder();
        for (LogLine line : lines) {
            if (line.isLeftOut()) {
                log.warn("{}: the app's log is kept in part: {}", ctx.run.label(), line.text());
            }
            text.append(line.text()).append('\n');
        }
        return text.toString();
    }

    /**
     * Keeps the run's logs and returns the app's lines with their time stamps, for the findings
     * that read it: the log is read once (it can hold megabytes). Never throws: a log that cannot
     * be kept is logged and skipped; the lines are empty when there is no app or no log to read.
     */
    List<LogScan.Line> store(RunContext ctx) {
        long runId = ctx.run.runId();
        List<LogLine> appLines = ctx.appContainer().isPresent() ? appLines(ctx) : List.of();
        try {
            var levels = ctx.measured().stream().map(MeasuredLevel::load).toList();
            if (!levels.isEmpty()) {
                results.storeArtifact(runId, "load-levels.json", "application/json",
                        json.writerWithDefaultPrettyPrinter().writeValueAsBytes(levels));
            }
            Path loadgenLog = ctx.workDir.resolve("loadgen").resolve("loadgen.log");
            if (Files.exists(loadgenLog)) {
                results.storeArtifact(runId, "loadgen.log", "text/plain", Files.readAllBytes(loadgenLog));
            }
            if (ctx.appContainer().isPresent()) {
                results.storeArtifact(runId, "app.log", "text/plain", appLog(ctx, appLines).getBytes(StandardCharsets.UTF_8));
            }
            for (var upstream : ctx.upstreams().started().entrySet()) {
                results.storeArtifact(runId, upstream.getKey().wireName() + "-upstream.log", "text/plain",
                        engine.logs(upstream.getValue().container(), UPSTREAM_LOG_LINES).getBytes(StandardCharsets.UTF_8));
            }
        } catch (RuntimeException | IOException e) {
            log.warn("{}: cannot keep the run's logs: {}", ctx.run.label(), e.getMessage());
        }
        return appLines.stream().map(line -> new LogScan.Line(line.at(), line.text())).toList();
    }
}
