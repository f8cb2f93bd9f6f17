package dev.jvmbench.worker.run;

import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.LoadProfile;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.job.Upstream;
import dev.jvmbench.worker.WorkerProperties;
import dev.jvmbench.worker.queue.RunQueue;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngineException;
import dev.jvmbench.worker.container.ContainerOutcome;
import dev.jvmbench.worker.container.ContainerSpec;
import dev.jvmbench.worker.container.ContainerLabels;
import dev.jvmbench.worker.container.ReadinessStrategy;
import dev.jvmbench.worker.container.RunContainers;
import dev.jvmbench.worker.container.RunningContainer;
import dev.jvmbench.worker.image.AppSource;
import dev.jvmbench.worker.image.ImageResolver;
import dev.jvmbench.worker.image.ResolvedImage;
import dev.jvmbench.worker.load.LevelRequest;
import dev.jvmbench.worker.load.LevelResult;
import dev.jvmbench.worker.load.GatlingProcessLoadGenerator;
import dev.jvmbench.worker.load.LoadGeneratorProperties;
import dev.jvmbench.worker.load.LoadModel;
import dev.jvmbench.worker.metrics.WorkerMetrics;
import dev.jvmbench.worker.probe.ContainerSampler;
import dev.jvmbench.worker.probe.ContainerWindow;
import dev.jvmbench.worker.probe.JfrAnalyzer;
import dev.jvmbench.worker.probe.JfrWindow;
import dev.jvmbench.worker.probe.PrometheusScraper;
import dev.jvmbench.worker.probe.ScrapeWindow;
import dev.jvmbench.worker.result.PointRecorder;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The work of each step of a run. Every step records a failure in the context rather than
 * throwing, so the flow always reaches teardown; teardown itself never fails.
 */
@Component
class RunSteps {

    private static final Logger log = LoggerFactory.getLogger(RunSteps.class);
    private static final Duration VERIFY_TIMEOUT = Duration.ofSeconds(30);
    private final ContainerEngine engine;
    private final ImageResolver images;
    private final LoadGeneratorProperties loadGeneratorProperties;
    private final WorkerMetrics metrics;
    private final PointRecorder points;
    private final PointAssembler assembler;
    private final RunQueue queue;
    private final ScenarioCatalog scenarios;
    private final JdkCatalog jdks;
    private final WorkerProperties properties;
    private final JsonMapper json;

    RunSteps(ContainerEngine engine, ImageResolver images, LoadGeneratorProperties loadGeneratorProperties, PointRecorder points,
             PointAssembler assembler, RunQueue queue, ScenarioCatalog scenarios, JdkCatalog jdks,
             WorkerProperties properties, JsonMapper json, WorkerMetrics metrics) {
        this.metrics = metrics;
        this.engine = engine;
        this.images = images;
        this.loadGeneratorProperties = loadGeneratorProperties;
        this.points = points;
        this.assembler = assembler;
        this.queue = queue;
        this.scenarios = scenarios;
        this.jdks = jdks;
        this.properties = properties;
        this.json = json;
    }

    void resolveImage(RunContext ctx) {
        JobSpec spec = ctx.run.spec();
        ctx.plan = ScenarioPlan.of(spec, scenarios);
        if (jdks.find(ctx.run.jdk()).filter(j -> j.available()).isEmpty()) {
            throw new RunFailure("JDK " + ctx.run.jdk() + " is not available in this worker's catalogue");
        }
        AppSource source;
        if (spec.usesStockApps()) {
            source = new AppSource.Stock();
        } else if (spec.app().image() != null) {
            source = new AppSource.Image(spec.app().image());
        } else {
            var jar = ctx.run.jar();
            source = new AppSource.Artifact(Path.of(jar.storagePath()), jar.sha256(), jar.mainClass());
        }
        ResolvedImage resolved;
        try {
            resolved = images.resolve(source, ctx.run.jdk(), ctx.run.threadModel());
        } catch (dev.jvmbench.worker.image.ImageResolutionException e) {
            // Its message is written as a failure reason (e.g. artifact-corrupt: ... does not match its sha256).
            throw new RunFailure(e.getMessage(), e);
        }
        ctx.image = resolved.reference();
        log.info("{}: image {} ({})", ctx.run.label(), resolved.reference(), resolved.origin());
    }

    void startUpstreams(RunContext ctx) {
        if (ctx.plan.needs(Upstream.HTTP)) {
            int port = freePort();
            RunningContainer nginx = engine.start(AppContainers.nginx(ctx, port, properties));
            metrics.containerStarted(WorkerMetrics.UPSTREAM);
            ctx.upstreams.put(Upstream.HTTP, nginx);
            ctx.upstreamPorts.put(Upstream.HTTP, port);
            expectReady("the nginx upstream", nginx, ReadinessStrategy.http(port, "/health", Duration.ofSeconds(30)));
        }
        if (ctx.plan.needs(Upstream.DB)) {
            int port = freePort();
            RunningContainer postgres = engine.start(AppContainers.postgres(ctx, port, properties));
            metrics.containerStarted(WorkerMetrics.UPSTREAM);
            ctx.upstreams.put(Upstream.DB, postgres);
            ctx.upstreamPorts.put(Upstream.DB, port);
            expectReady("the PostgreSQL upstream", postgres, ReadinessStrategy.tcp(port, Duration.ofSeconds(60)));
        }
    }

    void startApp(RunContext ctx) {
        JobSpec spec = ctx.run.spec();
        ctx.appPort = spec.usesStockApps() || spec.app().port() == null ? freePort() : spec.app().port();
        ctx.app = engine.start(AppContainers.app(ctx, properties));
        metrics.containerStarted(WorkerMetrics.APP);
        ctx.sampler = ContainerSampler.start(ctx.app.id(), ctx.app.hostPid(), spec.limits().cpus());
        // Probing the benchmarked request itself is only safe for a GET: then its status is the answer.
        boolean probesTheRequest = ctx.plan.readinessPath().equals(ctx.plan.pathAndQuery()) && ctx.plan.method().equals("GET");
        int expected = probesTheRequest ? ctx.plan.expectedStatus() : 200;
        ContainerOutcome outcome = engine.awaitReady(ctx.app, ReadinessStrategy.http(ctx.appPort,
                ctx.plan.readinessPath(), expected, properties.readinessTimeout()));
        switch (outcome) {
            case ContainerOutcome.Ready ready -> log.info("{}: app ready after {} ms", ctx.run.label(), ready.after().toMillis());
            case ContainerOutcome.OomKilled oom -> throw new RunFailure("app OOMKilled before it was ready (memory limit "
                    + spec.limits().memoryMb() + " MB)" + tail(oom.logTail()));
            case ContainerOutcome.Exited exited -> throw new RunFailure("app exited " + exited.exitCode()
                    + " before it was ready" + tail(exited.logTail()));
            case ContainerOutcome.TimedOut timedOut -> throw new RunFailure("readiness timeout: the app did not answer "
                    + ctx.plan.readinessPath() + " within " + timedOut.after().toSeconds() + " s");
        }
        URI prometheus = URI.create("http://127.0.0.1:" + ctx.appPort + "/actuator/prometheus");
        if (answers(prometheus)) {
            ctx.scraper = PrometheusScraper.start(prometheus);
        }
    }

    /** One request before any load: the scenario must answer as expected (TechEmpower's verify). */
    void verify(RunContext ctx) {
        URI uri = appUri(ctx);
        HttpResponse<String> response;
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(VERIFY_TIMEOUT)
                    .method(ctx.plan.method(), ctx.plan.body() == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofString(ctx.plan.body()));
            ctx.plan.headers().forEach(request::header);
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new RunFailure("verify failed: " + ctx.plan.method() + " " + uri.getPath() + " did not answer: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailure("verify interrupted");
        }
        if (response.statusCode() != ctx.plan.expectedStatus()) {
            throw new RunFailure("verify failed: " + ctx.plan.method() + " " + uri.getPath() + " answered "
                    + response.statusCode() + ", expected " + ctx.plan.expectedStatus() + tail(response.body()));
        }
        if (ctx.plan.stock()) {
            JsonNode body = json.readTree(response.body());
            String model = body.path("threadModel").asString("");
            boolean virtual = body.path("virtualThread").asBoolean(false);
            if (!model.equals(ctx.run.threadModel().wireName()) || virtual != (ctx.run.threadModel() == ThreadModel.VIRTUAL)) {
                throw new RunFailure("verify failed: the app runs " + model + " (virtualThread=" + virtual
                        + "), the run asked for " + ctx.run.threadModel().wireName());
            }
        }
    }

    void warmUp(RunContext ctx) {
        ctx.loadGenerator = GatlingProcessLoadGenerator.start(loadGeneratorProperties, ctx.workDir.resolve("loadgen"));
        metrics.containerStarted(WorkerMetrics.LOADGEN);
        ctx.loadGenerator.warmUp(appUri(ctx), properties.generatorWarmup());
    }

    void loadLevel(RunContext ctx, int levelIndex) {
        LoadProfile load = ctx.run.spec().load();
        int level = load.levels().get(levelIndex);
        queue.progress(ctx.run.runId(), ctx.workerId, "load", level);
        LevelResult result = ctx.loadGenerator.runLevel(new LevelRequest(LoadModel.valueOf(load.model().name()), level,
                Duration.ofSeconds(load.warmupSeconds()), Duration.ofSeconds(load.stepSeconds()),
                Duration.ofMillis(load.requestTimeoutMs()), ctx.plan.method(), appUri(ctx), ctx.plan.headers(),
                ctx.plan.body(), ctx.plan.expectedStatus()));
        ctx.loadResults.add(result);
        ContainerWindow container = ctx.sampler.window(result.measuredStart(), result.measuredEnd());
        ScrapeWindow scrape = ctx.scraper == null ? null : ctx.scraper.window(result.measuredStart(), result.measuredEnd());
        var point = assembler.assemble(ctx, levelIndex, level, result, container, scrape);
        points.insert(point);
        ctx.measured.add(new RunContext.MeasuredLevel(levelIndex, level, result.measuredStart(), result.measuredEnd()));
        log.info("{}: level {} -> {} req/s, p95 {} ms, errors {}, CPU {} ms/req{}", ctx.run.label(), level,
                round(point.throughputRps()), point.latencyP95Ms() == null ? "-" : round(point.latencyP95Ms()),
                point.errors(), point.cpuMsPerRequest() == null ? "-" : round(point.cpuMsPerRequest()),
                point.flags().isEmpty() ? "" : " " + point.flags());
        engine.exitOutcome(ctx.app).ifPresent(ended -> {
            throw new RunFailure(switch (ended) {
                case ContainerOutcome.OomKilled oom -> "app OOMKilled during level " + level + " (memory limit "
                        + ctx.run.spec().limits().memoryMb() + " MB)";
                case ContainerOutcome.Exited exited -> "app exited " + exited.exitCode() + " during level " + level;
                default -> "app stopped during level " + level + ": " + ended.reason();
            });
        });
    }

    /**
     * Stops the app gracefully so the JVM writes its recording, then reads GC, heap and pinning
     * per measured window, and keeps the raw artifacts.
     */
    void collect(RunContext ctx) {
        if (ctx.app == null) {
            return;
        }
        storeLogs(ctx);
        try {
            engine.stop(ctx.app, Duration.ofSeconds(20));
        } catch (ContainerEngineException e) {
            log.warn("{}: stopping the app failed: {}", ctx.run.label(), e.getMessage());
        }
        Path jfr = ctx.workDir.resolve("app.jfr");
        try {
            engine.copyFile(ctx.app, JfrAnalyzer.RECORDING_PATH, jfr);
        } catch (RuntimeException e) {
            log.warn("{}: no JFR recording ({}); GC, heap and pinning stay empty", ctx.run.label(), e.getMessage());
            points.flagAll(ctx.run.runId(), "jfr-missing");
            return;
        }
        JfrAnalyzer recording;
        try {
            recording = JfrAnalyzer.read(jfr);
        } catch (IOException | RuntimeException e) {
            log.warn("{}: the JFR recording cannot be read ({})", ctx.run.label(), e.getMessage());
            points.flagAll(ctx.run.runId(), "jfr-unreadable");
            return;
        }
        for (RunContext.MeasuredLevel level : ctx.measured) {
            JfrWindow window = recording.window(level.start(), level.end());
            boolean pinned = window.virtualThreadPinnedEvents() > 0;
            points.updateJvm(ctx.run.runId(), level.levelIndex(), window.gcPauseMsPerSecond(), window.heapMeanMb(),
                    window.virtualThreadPinnedEvents(), pinned ? "pinning-seen" : null);
        }
        try {
            points.storeArtifact(ctx.run.runId(), "app.jfr", "application/octet-stream", Files.readAllBytes(jfr));
        } catch (IOException e) {
            log.warn("{}: cannot keep the JFR file: {}", ctx.run.label(), e.getMessage());
        }
    }

    private void storeLogs(RunContext ctx) {
        try {
            if (!ctx.loadResults.isEmpty()) {
                points.storeArtifact(ctx.run.runId(), "load-levels.json", "application/json",
                        json.writerWithDefaultPrettyPrinter().writeValueAsBytes(ctx.loadResults));
            }
            Path loadgenLog = ctx.workDir.resolve("loadgen").resolve("loadgen.log");
            if (Files.exists(loadgenLog)) {
                points.storeArtifact(ctx.run.runId(), "loadgen.log", "text/plain", Files.readAllBytes(loadgenLog));
            }
            points.storeArtifact(ctx.run.runId(), "app.log", "text/plain",
                    engine.logs(ctx.app).getBytes(StandardCharsets.UTF_8));
            for (var upstream : ctx.upstreams.entrySet()) {
                points.storeArtifact(ctx.run.runId(), upstream.getKey().wireName() + "-upstream.log", "text/plain",
                        engine.logs(upstream.getValue(), 2000).getBytes(StandardCharsets.UTF_8));
            }
        } catch (RuntimeException | IOException e) {
            log.warn("{}: cannot keep the run's logs: {}", ctx.run.label(), e.getMessage());
        }
    }

    /**
     * A step's failure often has a deeper cause: an app killed for its memory shows up as a
     * refused connection. The container's own end, when it has ended, is the precise reason.
     */
    String explain(RunContext ctx, String step, String reason) {
        if (ctx.app == null || reason.contains("OOMKilled") || reason.startsWith("app exited")) {
            return reason;
        }
        try {
            return engine.exitOutcome(ctx.app).map(ended -> switch (ended) {
                case ContainerOutcome.OomKilled oom -> "app OOMKilled during " + step + " (memory limit "
                        + ctx.run.spec().limits().memoryMb() + " MB)";
                case ContainerOutcome.Exited exited -> "app exited " + exited.exitCode() + " during " + step
                        + tail(exited.logTail());
                default -> reason;
            }).orElse(reason);
        } catch (RuntimeException e) {
            return reason;
        }
    }

    /** Stops everything the run started, whatever happened before; never throws. */
    void teardown(RunContext ctx) {
        if (ctx.app != null && ctx.decided()) {
            storeLogs(ctx);
        }
        if (ctx.loadGenerator != null) {
            closeQuietly(ctx.loadGenerator, "load generator", ctx);
            metrics.containersRemoved(WorkerMetrics.LOADGEN, 1);
        }
        closeQuietly(ctx.scraper, "Prometheus scraper", ctx);
        closeQuietly(ctx.sampler, "container sampler", ctx);
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

    private void expectReady(String what, RunningContainer container, ReadinessStrategy readiness) {
        ContainerOutcome outcome = engine.awaitReady(container, readiness);
        if (!(outcome instanceof ContainerOutcome.Ready)) {
            throw new RunFailure(what + " failed to start: " + outcome.reason()
                    + (outcome instanceof ContainerOutcome.Exited e ? tail(e.logTail()) : ""));
        }
    }

    private static URI appUri(RunContext ctx) {
        return URI.create("http://127.0.0.1:" + ctx.appPort + ctx.plan.pathAndQuery());
    }

    private static boolean answers(URI uri) {
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()) {
            return client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new RunFailure("no free port on 127.0.0.1: " + e.getMessage());
        }
    }

    /**
     * The JVM's own start-up lines (the options we pass, JFR's banner): they say nothing about
     * why the app failed and would push its last words out of the 400 characters kept.
     */
    private static final java.util.regex.Pattern JVM_NOISE = java.util.regex.Pattern.compile(
            "(?m)^(?:Picked up (?:JAVA_TOOL_OPTIONS|JDK_JAVA_OPTIONS|_JAVA_OPTIONS):.*|\\[[^\\]]*]\\[info\\s*]\\[jfr,startup\\s*].*)(?:\\R|$)");

    static String tail(String text) {
        if (text == null || text.isBlank()) {
            return "";
        }
        String trimmed = JVM_NOISE.matcher(text).replaceAll("").strip();
        if (trimmed.isEmpty()) {
            return "";
        }
        return "; output: " + (trimmed.length() > 400 ? "..." + trimmed.substring(trimmed.length() - 400) : trimmed);
    }

    private static String round(double value) {
        return String.format(java.util.Locale.ROOT, "%.1f", value);
    }

    private static void closeQuietly(AutoCloseable closeable, String what, RunContext ctx) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            log.warn("{}: closing the {} failed: {}", ctx.run.label(), what, e.getMessage());
        }
    }

    private static void deleteRecursively(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            log.warn("cannot delete {}: {}", dir, e.getMessage());
        }
    }
}
