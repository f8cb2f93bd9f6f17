package dev.jvmbench.worker.run;

import dev.jvmbench.worker.container.ContainerEngine;
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
    List<LogScan.Line> lines(RunContext ctx) {
        if (ctx.appContainer().isEmpty()) {
            return List.of();
        }
        try {
            return engine.logLines(ctx.appContainer().get()).stream()
                    .map(line -> new LogScan.Line(line.at(), line.text())).toList();
        } catch (RuntimeException e) {
            log.warn("{}: cannot read the app's log lines: {}", ctx.run.label(), e.getMessage());
            return List.of();
        }
    }

    /** Never throws: a log that cannot be kept is logged and skipped. */
    void store(RunContext ctx) {
        long runId = ctx.run.runId();
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
                results.storeArtifact(runId, "app.log", "text/plain",
                        engine.logs(ctx.appContainer().get()).getBytes(StandardCharsets.UTF_8));
            }
            for (var upstream : ctx.upstreams().started().entrySet()) {
                results.storeArtifact(runId, upstream.getKey().wireName() + "-upstream.log", "text/plain",
                        engine.logs(upstream.getValue().container(), UPSTREAM_LOG_LINES).getBytes(StandardCharsets.UTF_8));
            }
        } catch (RuntimeException | IOException e) {
            log.warn("{}: cannot keep the run's logs: {}", ctx.run.label(), e.getMessage());
        }
    }
}
