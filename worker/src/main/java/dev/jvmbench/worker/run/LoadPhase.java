package dev.jvmbench.worker.run;

import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.job.Slo;
import dev.jvmbench.common.job.WarmupPolicy;
import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.series.SeriesPhase;
import dev.jvmbench.common.stats.Steadiness;
import dev.jvmbench.worker.WorkerProperties;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerOutcome;
import dev.jvmbench.worker.finding.Diagnosis;
import dev.jvmbench.worker.finding.LevelFacts;
import dev.jvmbench.worker.load.LevelResult;
import dev.jvmbench.worker.load.LoadGenerator;
import dev.jvmbench.worker.load.LoadGeneratorFactory;
import dev.jvmbench.worker.metrics.WorkerMetrics;
import dev.jvmbench.worker.probe.ContainerWindow;
import dev.jvmbench.worker.probe.CoreSpeed;
import dev.jvmbench.worker.probe.ScrapeWindow;
import dev.jvmbench.worker.probe.ThreadNames;
import dev.jvmbench.worker.queue.RunControl;
import dev.jvmbench.common.store.Point;
import dev.jvmbench.worker.result.ResultSink;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Load: the generator warms itself and the app up, then each level's step runs its warm-up
 * and measured window, and its point is stored at once, so a failure later keeps it. A level
 * after which the app has ended fails the run with the container's own reason.
 */
@Component
class LoadPhase {

    private static final Logger log = LoggerFactory.getLogger(LoadPhase.class);
    private final LoadGeneratorFactory generators;
    private final ContainerEngine engine;
    private final PointAssembler assembler;
    private final ResultSink results;
    private final RunControl control;
    private final WorkerProperties properties;
    private final WorkerMetrics metrics;
    private final Clock clock;

    LoadPhase(LoadGeneratorFactory generators, ContainerEngine engine, PointAssembler assembler, ResultSink results,
              RunControl control, WorkerProperties properties, WorkerMetrics metrics, Clock clock) {
        this.generators = generators;
        this.engine = engine;
        this.assembler = assembler;
        this.results = results;
        this.control = control;
        this.properties = properties;
        this.metrics = metrics;
        this.clock = clock;
    }

    void warmUp(RunContext ctx) {
        LoadGenerator generator = generators.start(ctx.workDir.resolve("loadgen"), ctx.placement().others());
        metrics.containerStarted(WorkerMetrics.LOADGEN);
        ctx.closeAtTeardown("load generator", () -> {
            generator.close();
            metrics.containersRemoved(WorkerMetrics.LOADGEN, 1);
        });
        ctx.load(new LoadSession(generator));
        ctx.osThreadsAtReady(threadsNow(ctx.app()));
        ctx.threadNamesAtReady(ctx.app().probe().threadNames());
        generator.warmUp(ctx.app().uri(ctx.plan().pathAndQuery()), properties.generatorWarmup());
    }

    void level(RunContext ctx, int levelIndex) {
        LoadSettings load = ctx.loadSettings();
        ScenarioPlan plan = ctx.plan();
        StartedApp app = ctx.app();
        long runId = ctx.run.runId();
        int level;
        if (load.searches()) {
            OptionalInt next = ctx.search().next();
            if (next.isEmpty()) {
                return;
            }
            level = next.getAsInt();
        } else {
            level = load.levels().get(levelIndex);
        }
        control.progress(runId, ctx.workerId, "load", level);
        LoadGenerator generator = ctx.load().generator();
        URI url = app.uri(plan.pathAndQuery());
        WarmupPolicy policy = load.warmupPolicy();
        AdaptiveWarmup.Outcome warmed = null;
        if (policy.adaptiveAt(levelIndex)) {
            double cpus = ctx.run.spec().limits().cpus();
            int compileLevel = AdaptiveWarmup.compileLevel(load.model(), level, cpus);
            warmed = AdaptiveWarmup.run(generator,
                    (users, slice) -> load.request(plan, url, users, Duration.ZERO, slice), level,
                    compileLevel, policy, load.warmupSeconds(), load.model(),
                    AdaptiveWarmup.JitActivity.of(app.probe(), cpus),
                    // an app that died (OOMKilled during the warm-up) ends it too: slices against a dead
                    // app would only run to the maximum and hold the worker
                    () -> ctx.releaseRequested() || control.cancelRequested(runId)
                            || engine.exitOutcome(app.container()).isPresent());
            log.info("{}: adaptive warm-up at level {}: {} s{}, {} (over the last window: JIT {} %, container {} % of the "
                            + "CPU limit)", ctx.run.label(), level, warmed.seconds(),
                    warmed.compileSeconds() == 0 ? "" : " (" + warmed.compileSeconds() + " s of it at "
                            + compileLevel + " users, for the starved compiler)",
                    warmed.steady() ? "steady" : "not steady at its end", round(warmed.jitCpuPercent()),
                    round(warmed.jit() == null ? null : warmed.jit().containerCpuPercent()));
            failIfTheAppEnded(ctx, app, "the warm-up of level " + level);
        }
        Duration fixedWarmup = warmed == null ? load.warmup() : Duration.ZERO;
        LevelResult result = generator.runLevel(load.request(plan, url, level, fixedWarmup, load.step()));
        // read at the window's end: threads a pool started for the level are still there (idle ones time out
        // later), and so are the carriers the virtual-thread scheduler added to its parallelism
        Map<String, Integer> threadsAtEnd = app.probe().threadNames();
        Integer carriers = ThreadNames.carriers(threadsAtEnd);
        ContainerWindow container = app.probe().window(result.measuredStart(), result.measuredEnd());
        ScrapeWindow scrape = app.scraper() == null ? null : app.scraper().window(result.measuredStart(), result.measuredEnd());
        PointSeries measured = withProbes(Evidence.loadSeries(result.series()), app, result.measuredStart(), level);
        Steadiness.Result steadiness = Evidence.steadiness(measured, load.model(), result.measuredSeconds());
        CoreSpeed.Window coreSpeed = app.coreSpeed().window(result.measuredStart(), result.measuredEnd());
        Point point = assembler.assemble(ctx, levelIndex, level, result, container, scrape, coreSpeed, carriers)
                .withSteadiness(steadiness)
                .withWarmup(warmed == null ? load.warmupSeconds() : warmed.seconds(), warmed == null ? null : warmed.steady());
        results.insert(point);
        if (measured != null) {
            results.storeSeries(runId, levelIndex, SeriesPhase.MEASURED, measured);
        }
        PointSeries warmup = withProbes(warmed != null ? warmed.series() : Evidence.loadSeries(result.warmupSeries()),
                app, null, level);
        if (warmup != null) {
            results.storeSeries(runId, levelIndex, SeriesPhase.WARMUP, warmup);
        }
        Map<String, Integer> threadsGrown = ThreadNames.grown(ctx.threadNamesAtReady(), threadsAtEnd);
        LevelFacts facts = Evidence.level(point, result, container, scrape, measured, steadiness, ctx.osThreadsAtReady(),
                threadsGrown, coreSpeed, carriers);
        List<Finding> findings = Diagnosis.ofLevel(Evidence.run(ctx, properties.nofileLimit()), facts);
        results.replaceLevelFindings(runId, levelIndex, findings);
        ctx.measured(new MeasuredLevel(levelIndex, level, result.measuredStart(), result.measuredEnd(), result, facts,
                findings));
        if (load.searches()) {
            Slo slo = ctx.run.spec().slo();
            ctx.search().record(level, slo != null && slo.isMetBy(point.latencyP95Ms(), point.errorRate()));
        }
        log.info("{}: level {} -> {} req/s, p95 {} ms, errors {}, CPU {} ms/req{}{}{}", ctx.run.label(), level,
                round(point.throughputRps()), round(point.latencyP95Ms()), point.errors(),
                round(point.cpuMsPerRequest()),
                ctx.run.threadModel() == ThreadModel.VIRTUAL && carriers != null ? ", carrier threads " + carriers : "",
                point.flags().isEmpty() ? "" : " " + point.flags(),
                findings.isEmpty() ? "" : " findings " + findings.stream().map(f -> f.code().code()).toList());
        failIfTheAppEnded(ctx, app, "level " + level);
    }

    private void failIfTheAppEnded(RunContext ctx, StartedApp app, String during) {
        engine.exitOutcome(app.container()).ifPresent(ended -> {
            throw new RunFailure(switch (ended) {
                case ContainerOutcome.OomKilled oom -> "app OOMKilled during " + during + " (memory limit "
                        + ctx.run.spec().limits().memoryMb() + " MB)";
                case ContainerOutcome.Exited exited -> "app exited " + exited.exitCode() + " during " + during;
                default -> "app stopped during " + during + ": " + ended.reason();
            });
        });
    }

    /**
     * The generator's rows joined by the probes' columns over the same seconds.
     *
     * @param scrapesFrom where the scrapes' answers count from (the measured window's start);
     *                    null for none (a warm-up: the container's columns, the JIT's among them,
     *                    show where measuring started)
     */
    private PointSeries withProbes(PointSeries load, StartedApp app, Instant scrapesFrom, int level) {
        if (load == null) {
            return null;
        }
        try {
            Instant end = Instant.ofEpochMilli(load.startMs() + load.seconds() * 1000L);
            Instant start = Instant.ofEpochMilli(load.startMs());
            return load.with(Evidence.probeSeries(load, app.probe().seconds(start, end),
                    app.scraper() == null || scrapesFrom == null ? null : app.scraper().answers(scrapesFrom, end),
                    app.coreSpeed().unmeasured().isPresent() ? null : app.coreSpeed().seconds(start, end)));
        } catch (RuntimeException e) {
            log.warn("the probes' per-second figures are missing for level {}: {}", level, e.getMessage());
            return load;
        }
    }

    /** The JVM's OS threads now, before any load: the baseline hidden platform threads are measured against. */
    private Integer threadsNow(StartedApp app) {
        Instant now = clock.instant();
        try {
            return app.probe().window(now.minusSeconds(1), now).threadsPeak();
        } catch (RuntimeException e) {
            log.debug("no thread count at readiness: {}", e.getMessage());
            return null;
        }
    }

    private static String round(Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%.1f", value);
    }
}
