package dev.jvmbench.worker.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.RecordingMode;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.worker.container.ContainerEngineException;
import dev.jvmbench.worker.container.ContainerEngineUnavailableException;
import dev.jvmbench.worker.container.ContainerLabels;
import dev.jvmbench.worker.container.ContainerOutcome;
import dev.jvmbench.worker.load.LevelRequest;
import dev.jvmbench.worker.load.LoadGeneratorException;
import dev.jvmbench.worker.probe.JfrAnalyzer;
import dev.jvmbench.worker.probe.OutOfMemory;
import dev.jvmbench.common.store.Point;
import dev.jvmbench.worker.testing.fakes.FakeContainerEngine;
import dev.jvmbench.worker.testing.fakes.FakeLoadGenerators;
import dev.jvmbench.worker.testing.fakes.InMemoryResults;
import dev.jvmbench.worker.testing.fakes.InMemoryRunControl;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.stream.Stream;
import jdk.jfr.Recording;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The run flow's logic, in milliseconds: the real Batch job, phases and executor over in-memory
 * fakes of the engine, the load generator, the probes and the stores (RunFlowHarness). What the
 * real engine and Gatling do is proven by the end-to-end tests; here, what the flow decides.
 */
class RunFlowTest {

    @TempDir
    Path work;
    private RunFlowHarness flow;

    @BeforeEach
    void setUp() throws Exception {
        flow = new RunFlowHarness(work);
    }

    @AfterEach
    void closeEngine() {
        flow.engine.close();
    }

    @Test
    void aHealthyRunStoresOnePointPerLevelAndLeavesNothingBehind() throws IOException {
        JobSpec spec = RunFlowHarness.ioHttp(ThreadModel.VIRTUAL, 10, 20);

        flow.execute(RunFlowHarness.claimed(spec));

        assertThat(flow.control.onlyEnd()).isEqualTo(new InMemoryRunControl.Ended(7, RunStatus.SUCCEEDED, null, false));
        assertThat(flow.results.points()).extracting(Point::level).containsExactly(10, 20);
        // 100 requests per user over the 5 s window
        assertThat(flow.results.points().getFirst().throughputRps()).isEqualTo(200.0);
        assertThat(flow.control.steps()).containsExactly("resolve-image", "start-upstreams", "start-app", "verify",
                "warm-up", "load@10", "load@20", "collect");
        // the app ran the thread model asked, against an nginx upstream, and was verified before any load
        assertThat(flow.engine.containers()).extracting(FakeContainerEngine.Container::role)
                .containsExactly(ContainerLabels.ROLE_NGINX, ContainerLabels.ROLE_APP);
        assertThat(flow.engine.app().orElseThrow().spec().env()).containsEntry("SPRING_THREADS_VIRTUAL_ENABLED", "true")
                .containsKey("BENCH_UPSTREAM_HTTP_URL");
        assertThat(flow.generators.started().getFirst().warmUps()).hasSize(1);
        assertThat(flow.results.artifacts()).containsKeys("app.log", "load-levels.json");
        // no recording in the fake container: said on every point, not silently empty
        assertThat(flow.results.runFlags()).containsExactly(CollectPhase.JFR_MISSING);
        // each level's measured window is kept second by second, judged steady, and explains nothing
        assertThat(flow.results.series()).containsKeys("0/measured", "1/measured");
        assertThat(flow.results.series().get("0/measured").column("throughputRps")).hasSize(5).containsOnly(200.0);
        assertThat(flow.results.points()).allSatisfy(point -> assertThat(point.steadiness())
                .isEqualTo(dev.jvmbench.common.stats.Steadiness.Verdict.UNDETERMINED));
        assertThat(flow.results.findings()).noneMatch(f -> f.severity() != dev.jvmbench.common.finding.Severity.INFO);
        assertEverythingStopped(true);
    }

    @Test
    void adaptiveWarmUpLoadsUntilTheThroughputIsSteadyAndRecordsWhatItTook() {
        // the app warms up over 30 s: throughput climbs from 100 to 1000 req/s, then holds
        Instant start = Instant.now();
        java.util.concurrent.atomic.AtomicLong elapsed = new java.util.concurrent.atomic.AtomicLong();
        flow.generators.levels(request -> {
            long from = elapsed.getAndAdd(request.measured().toSeconds());
            java.util.List<dev.jvmbench.loadgen.protocol.SecondStats> rows = new java.util.ArrayList<>();
            long total = 0;
            for (int i = 0; i < request.measured().toSeconds(); i++) {
                long t = from + i;
                long ok = t < 30 ? 100 + t * 30 : 1000 + (t % 2) * 5;
                total += ok;
                rows.add(new dev.jvmbench.loadgen.protocol.SecondStats(start.toEpochMilli() + t * 1000, ok, ok, 0, 10,
                        12, 15, 20, 50, 50.0, 50, java.util.Map.of()));
            }
            Instant end = start.plusSeconds(from + request.measured().toSeconds());
            return new dev.jvmbench.worker.load.LevelResult(request.model(), request.level(),
                    start.plusSeconds(from), end, request.measured().toSeconds(), total, total, 0, java.util.Map.of(),
                    10, 12, 15, 20, total / (double) request.measured().toSeconds(), null, null, 0, 50, 20.0, 2, rows,
                    java.util.List.of(), null);
        });
        JobSpec spec = RunFlowHarness.ioHttp(ThreadModel.VIRTUAL, 50);
        JobSpec adaptive = new JobSpec(null, spec.threadModels(), spec.jdks(), spec.scenario(),
                new dev.jvmbench.common.job.LoadProfile(null, java.util.List.of(50), 10, 5, null,
                        new dev.jvmbench.common.job.WarmupPolicy(dev.jvmbench.common.job.WarmupPolicy.Mode.ADAPTIVE, 120,
                                10, null, null, null), null),
                null, 1, null, java.util.List.of(), java.util.Map.of(), null, null, null, null, null).normalized();

        flow.execute(RunFlowHarness.claimed(adaptive));

        Point point = flow.results.points().getFirst();
        // steady from 30 s on; the window of 10 s must then hold twice, slice by slice
        assertThat(point.warmupSecondsUsed()).isBetween(40, 55);
        assertThat(point.warmupSteady()).isTrue();
        assertThat(point.throughputRps()).isGreaterThan(990);
        assertThat(flow.results.series()).containsKey("0/warmup");
        assertThat(flow.generators.started().getFirst().levels()).allMatch(r -> r.warmup().isZero());
    }

    @Test
    void adaptiveWarmUpWaitsForTheJitThroughAPlateauItsThroughputAloneWouldEndOn() {
        // the shop app under 1 CPU: a climb, a flat plateau from 20 to 60 s while the compiler threads
        // take 30 % of the CPU, then the JIT's next step lifts it to 1000 req/s and the compiler goes quiet
        Instant start = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        flow.generators.levels(timeline(start, t -> t < 20 ? 100 + t * 20 : t < 60 ? 500 + (t % 2) * 5
                : t < 65 ? 500 + (t - 60) * 100 : 1000 + (t % 2) * 5));
        flow.probes.jitCpuMs(second -> Duration.between(start, second).toSeconds() < 65 ? 300.0 : 2.0);

        flow.execute(RunFlowHarness.claimed(adaptive(null)));

        Point point = flow.results.points().getFirst();
        // not on the plateau (two flat checks by 35-40 s) but after the step and two quiet checks
        assertThat(point.warmupSecondsUsed()).isBetween(75, 100);
        assertThat(point.warmupSteady()).isTrue();
        assertThat(point.throughputRps()).isGreaterThan(990);
        // the warm-up's series carries the compiler's CPU, so the report shows why it went on
        assertThat(flow.results.series().get("0/warmup").column("jitCpuMs")).contains(300.0, 2.0);
        assertThat(flow.results.findings()).extracting(f -> f.code().code()).doesNotContain("jit-compiling");
    }

    @Test
    void aCoreThatSlowsInTheWindowOfABusyAppIsNamedWithTheThroughputThatFollowedIt() {
        // 20 s at 95 % of the CPU limit: the core runs at 14 steps per CPU-µs, at 9.8 in seconds 8-15, and the
        // throughput follows it (1000 req/s, 700 on the slow core)
        Instant start = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).plusSeconds(1);
        java.util.function.LongPredicate slow = t -> t >= 8 && t < 16;
        flow.generators.levels(timeline(start, t -> slow.test(t) ? 700 : 1000));
        flow.probes.cpuPercentOfLimit(95.0);
        flow.coreSpeeds.speed(second -> slow.test(Duration.between(start, second).toSeconds()) ? 9.8 : 14.0);
        JobSpec io = RunFlowHarness.ioHttp(ThreadModel.PLATFORM, 50);
        JobSpec spec = new JobSpec(null, io.threadModels(), io.jdks(), io.scenario(),
                new dev.jvmbench.common.job.LoadProfile(null, java.util.List.of(50), 20, 0, null, null, null), null, 1,
                null, java.util.List.of(), java.util.Map.of(), null, null, null, null, null).normalized();

        flow.execute(RunFlowHarness.claimed(spec));

        Point point = flow.results.points().getFirst();
        assertThat(point.coreSpeed()).isEqualTo(14.0);
        assertThat(point.coreSpeedSpreadPercent()).isEqualTo(30.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(flow.results.series().get("0/measured").column("coreSpeed")).hasSize(20).contains(9.8, 14.0);
        dev.jvmbench.common.finding.Finding varied = flow.results.findings().stream()
                .filter(f -> f.code().code().equals("core-speed-varied")).findFirst().orElseThrow();
        assertThat(varied.summary()).contains("9.8 to 14.0 steps per CPU-µs", "moved 30", "throughput followed");
        assertThat((Double) varied.evidence().get("correlation")).isGreaterThan(0.99);
        assertThat(flow.coreSpeeds.started()).singleElement().satisfies(probe -> assertThat(probe.closed()).isTrue());
    }

    @Test
    void withoutCoresOfItsOwnTheCoreSpeedIsNotMeasuredAndNotGuessed() {
        flow.execute(RunFlowHarness.claimed(RunFlowHarness.ioHttp(ThreadModel.VIRTUAL, 10)));

        assertThat(flow.results.points().getFirst().coreSpeed()).isNull();
        assertThat(flow.results.series().get("0/measured").has("coreSpeed")).as("no column, not a column of nulls").isFalse();
        assertThat(flow.coreSpeeds.started()).singleElement().satisfies(probe -> assertThat(probe.closed()).isTrue());
    }

    @Test
    void aCompilerWithRoomBesideTheAppDoesNotHoldUpAFlatWarmUp() {
        // a stock app at a fifth of its CPU limit, flat from the start, its JIT trickling at 6 % of a CPU
        Instant start = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        flow.generators.levels(timeline(start, t -> 500 + (t % 2) * 5));
        flow.probes.jitCpuMs(second -> 60.0).cpuPercentOfLimit(20.0);

        flow.execute(RunFlowHarness.claimed(adaptive(null)));

        Point point = flow.results.points().getFirst();
        // two flat checks as soon as the 10 s window is full: the compiler runs on the container's spare quota
        assertThat(point.warmupSecondsUsed()).isBetween(15, 25);
        assertThat(point.warmupSteady()).isTrue();
        // and the measured window still says the compiler was at work (LevelRulesTest: what it costs)
        assertThat(flow.results.findings()).extracting(f -> f.code().code()).contains("jit-compiling");
    }

    @Test
    void aBusyContainersCompilerHoldsTheWarmUpAsLongAsItWorks() {
        Instant start = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        flow.generators.levels(timeline(start, t -> 500 + (t % 2) * 5));
        flow.probes.jitCpuMs(second -> Duration.between(start, second).toSeconds() < 50 ? 60.0 : 2.0).cpuPercentOfLimit(95.0);

        flow.execute(RunFlowHarness.claimed(adaptive(null)));

        Point point = flow.results.points().getFirst();
        assertThat(point.warmupSecondsUsed()).isBetween(55, 80);
        assertThat(point.warmupSteady()).isTrue();
    }

    @Test
    void aStarvedCompilerGetsTwoUsersPerCpuUntilItRestsAndTheLevelThenWarmsUpOnItsOwnSeconds() {
        // the ledger's compiler: 6 % of the busy container's CPU (its share beside 50 request threads) until 40 s
        Instant start = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        flow.generators.levels(timeline(start, t -> 500 + (t % 2) * 5));
        flow.probes.jitCpuMs(second -> Duration.between(start, second).toSeconds() < 40 ? 60.0 : 2.0).cpuPercentOfLimit(95.0);

        flow.execute(RunFlowHarness.claimed(adaptive(null)));

        java.util.List<Integer> levels = flow.generators.started().getFirst().levels().stream()
                .map(LevelRequest::level).toList();
        // the level until the first check found the compiler holding it up, then 2 users (1 CPU) until
        // the compiler rested over a window, then the level again: checked twice on its own seconds, then measured
        int firstLow = levels.indexOf(2);
        int lastLow = levels.lastIndexOf(2);
        assertThat(firstLow).as("slices at 50 users before the compiler was found starved: %s", levels).isPositive();
        assertThat(levels.subList(0, firstLow)).containsOnly(50);
        assertThat(levels.subList(firstLow, lastLow + 1)).containsOnly(2);
        assertThat(levels.subList(lastLow + 1, levels.size())).containsOnly(50).hasSizeGreaterThanOrEqualTo(4);
        Point point = flow.results.points().getFirst();
        assertThat(point.level()).isEqualTo(50);
        assertThat(point.warmupSteady()).isTrue();
        assertThat(point.warmupSecondsUsed()).isBetween(55, 90);
    }

    /**
     * Over its bound at 70 % of the CPU the compiler has time beside the app, it is only still working;
     * 6 users on one busy CPU leave its two threads a quarter of it. Fewer users would only profile less.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0} users at {1} % of the CPU")
    @org.junit.jupiter.params.provider.CsvSource({"50, 70.0", "6, 95.0"})
    void aCompilerWithCpuToSpareOrBesideAFewUsersIsNotStarvedAndTheLevelKeepsItsUsers(int users, double cpuPercent) {
        Instant start = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        flow.generators.levels(timeline(start, t -> 500 + (t % 2) * 5));
        flow.probes.jitCpuMs(second -> Duration.between(start, second).toSeconds() < 40 ? 60.0 : 2.0)
                .cpuPercentOfLimit(cpuPercent);

        flow.execute(RunFlowHarness.claimed(adaptive(null, users)));

        assertThat(flow.generators.started().getFirst().levels()).extracting(LevelRequest::level).containsOnly(users);
        assertThat(flow.results.points().getFirst().warmupSteady()).isTrue();
    }

    @Test
    void theCompilersLevelIsTwoUsersPerCpuUnderTheClosedModelAndTheRateItselfUnderTheOpenOne() {
        assertThat(AdaptiveWarmup.compileLevel(dev.jvmbench.loadgen.protocol.LoadModel.CLOSED, 32, 1.0)).isEqualTo(2);
        assertThat(AdaptiveWarmup.compileLevel(dev.jvmbench.loadgen.protocol.LoadModel.CLOSED, 32, 1.5)).isEqualTo(4);
        assertThat(AdaptiveWarmup.compileLevel(dev.jvmbench.loadgen.protocol.LoadModel.CLOSED, 3, 2.0)).isEqualTo(3);
        assertThat(AdaptiveWarmup.compileLevel(dev.jvmbench.loadgen.protocol.LoadModel.CLOSED, 8, 0.5)).isEqualTo(2);
        assertThat(AdaptiveWarmup.compileLevel(dev.jvmbench.loadgen.protocol.LoadModel.OPEN, 300, 1.0)).isEqualTo(300);
    }

    /** 600 req/s wandering by +-6 % in a 24 s wave: no trend, but steep within any 15 s. */
    private static final java.util.function.LongUnaryOperator WANDERING =
            t -> Math.round(600 * (1 + 0.06 * Math.sin(2 * Math.PI * t / 24.0)));

    /** One run on the wave, the compiler at {@code jitCpuMs} per second of a container busy at 95 %. */
    private Point warmUpOnTheWave(double jitCpuMs) {
        Instant start = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        flow.generators.levels(timeline(start, WANDERING));
        flow.probes.jitCpuMs(second -> jitCpuMs).cpuPercentOfLimit(95.0);
        flow.execute(RunFlowHarness.claimed(adaptiveOverTheDefaultWindow()));
        return flow.results.points().getFirst();
    }

    @Test
    void aThroughputThatWandersWithinTheWindowEndsItsWarmUpOnFiveSecondMeansOnceTheJitRests() {
        // the ledger app after its JIT: +-6 % within seconds (a 24 s wave), no trend; the per-second
        // test over 15 s never finds two flat windows in a row (it ran to the maximum before)
        Point point = warmUpOnTheWave(2.0);
        assertThat(point.warmupSteady()).isTrue();
        assertThat(point.warmupSecondsUsed()).isBetween(30, 60);
    }

    @Test
    void whileTheJitCompilesAWanderingThroughputIsJudgedSecondBySecondOnly() {
        // the same wave with the compiler at 6 % of the busy container's CPU: no coarser look, so the
        // warm-up goes on to its maximum and says it did not end steady
        Point point = warmUpOnTheWave(60.0);
        assertThat(point.warmupSteady()).isFalse();
        assertThat(point.warmupSecondsUsed()).isEqualTo(120);
    }

    @Test
    void withTheJitUnknownAdaptiveWarmUpEndsOnTheFlatSeriesAlone() {
        Instant start = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        flow.generators.levels(timeline(start, t -> t < 20 ? 100 + t * 20 : t < 60 ? 500 + (t % 2) * 5
                : t < 65 ? 500 + (t - 60) * 100 : 1000 + (t % 2) * 5));
        flow.probes.jitCpuMs(second -> null);

        flow.execute(RunFlowHarness.claimed(adaptive(null)));

        // the plateau passes the trend test twice: what the JIT's figure is there to prevent
        assertThat(flow.results.points().getFirst().warmupSecondsUsed()).isBetween(30, 55);
    }

    @Test
    void aJitBoundOfTheJobsOwnLetsTheWarmUpEndWithTheCompilerAtWork() {
        Instant start = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        flow.generators.levels(timeline(start, t -> t < 20 ? 100 + t * 20 : 500 + (t % 2) * 5));
        flow.probes.jitCpuMs(second -> 300.0);

        flow.execute(RunFlowHarness.claimed(adaptive(50.0)));

        assertThat(flow.results.points().getFirst().warmupSecondsUsed()).isBetween(30, 55);
        // the measured window then shows the JIT at work
        assertThat(flow.results.findings()).extracting(f -> f.code().code()).contains("jit-compiling");
    }

    @Test
    void aFixedWarmUpThatLeftTheJitCompilingIsFoundWithTheCompilersShareAndAdvice() {
        flow.probes.jitCpuMs(second -> 250.0);

        flow.execute(RunFlowHarness.claimed(RunFlowHarness.ioHttp(ThreadModel.VIRTUAL, 10)));

        dev.jvmbench.common.finding.Finding jit = flow.results.findings().stream()
                .filter(f -> f.code().code().equals("jit-compiling")).findFirst().orElseThrow();
        assertThat(jit.severity()).isEqualTo(dev.jvmbench.common.finding.Severity.WARNING);
        assertThat(jit.evidence()).containsEntry("jitCpuMsPerSecond", 250.0).containsEntry("jitCpuPercentOfLimit", 25.0);
        assertThat(jit.summary()).contains("250 ms of CPU per second", "25%");
        assertThat(jit.advice()).contains("Lengthen the 1 s warm-up", "adaptive");
        assertThat(flow.results.series().get("0/measured").column("jitCpuMs")).containsOnly(250.0);
    }

    /** The io-http job at 50 users, warming up adaptively (window 10 s, at most 120 s) with the given JIT bound. */
    /** Adaptive warm-up with the default 15 s window and a 120 s maximum. */
    private static JobSpec adaptiveOverTheDefaultWindow() {
        JobSpec spec = RunFlowHarness.ioHttp(ThreadModel.VIRTUAL, 50);
        return new JobSpec(null, spec.threadModels(), spec.jdks(), spec.scenario(),
                new dev.jvmbench.common.job.LoadProfile(null, java.util.List.of(50), 10, 5, null,
                        new dev.jvmbench.common.job.WarmupPolicy(dev.jvmbench.common.job.WarmupPolicy.Mode.ADAPTIVE, 120,
                                null, null, null, null), null),
                null, 1, null, java.util.List.of(), java.util.Map.of(), null, null, null, null, null).normalized();
    }

    private static JobSpec adaptive(Double jitCpuPercent) {
        return adaptive(jitCpuPercent, 50);
    }

    private static JobSpec adaptive(Double jitCpuPercent, int users) {
        JobSpec spec = RunFlowHarness.ioHttp(ThreadModel.VIRTUAL, users);
        return new JobSpec(null, spec.threadModels(), spec.jdks(), spec.scenario(),
                new dev.jvmbench.common.job.LoadProfile(null, java.util.List.of(users), 10, 5, null,
                        new dev.jvmbench.common.job.WarmupPolicy(dev.jvmbench.common.job.WarmupPolicy.Mode.ADAPTIVE, 120,
                                10, null, null, jitCpuPercent), null),
                null, 1, null, java.util.List.of(), java.util.Map.of(), null, null, null, null, null).normalized();
    }

    /**
     * A generator on a scripted timeline from {@code start}: each request goes on where the last
     * one ended, one row per second with {@code okAt(t)} successes in second t.
     */
    private static java.util.function.Function<LevelRequest, dev.jvmbench.worker.load.LevelResult> timeline(
            Instant start, java.util.function.LongUnaryOperator okAt) {
        java.util.concurrent.atomic.AtomicLong elapsed = new java.util.concurrent.atomic.AtomicLong();
        return request -> {
            long seconds = request.measured().toSeconds();
            long from = elapsed.getAndAdd(seconds);
            java.util.List<dev.jvmbench.loadgen.protocol.SecondStats> rows = new java.util.ArrayList<>();
            long total = 0;
            for (long t = from; t < from + seconds; t++) {
                long ok = okAt.applyAsLong(t);
                total += ok;
                rows.add(new dev.jvmbench.loadgen.protocol.SecondStats(start.toEpochMilli() + t * 1000, ok, ok, 0, 10,
                        12, 15, 20, 50, 50.0, 50, java.util.Map.of()));
            }
            return new dev.jvmbench.worker.load.LevelResult(request.model(), request.level(), start.plusSeconds(from),
                    start.plusSeconds(from + seconds), seconds, total, total, 0, java.util.Map.of(), 10, 12, 15, 20,
                    total / (double) seconds, null, null, 0, 50, 20.0, 2, rows, java.util.List.of(), null);
        };
    }

    @Test
    void aCapacitySearchTriesLevelsUntilTheSloBoundIsFound() {
        // an app that keeps its p95 under 250 ms up to 100 users and blows it above
        flow.generators.levels(request -> {
            var healthy = FakeLoadGenerators.healthy(request);
            int p95 = request.level() <= 100 ? 210 : 900;
            return new dev.jvmbench.worker.load.LevelResult(healthy.model(), healthy.level(), healthy.measuredStart(),
                    healthy.measuredEnd(), healthy.measuredSeconds(), healthy.requests(), healthy.successes(), 0,
                    java.util.Map.of(), 200, p95, p95, p95, healthy.throughputRps(), null, null, healthy.startedRps(),
                    request.level(), 20.0, 2, healthy.series(), java.util.List.of(), null);
        });
        JobSpec spec = RunFlowHarness.ioHttp(ThreadModel.VIRTUAL, 10);
        JobSpec search = new JobSpec(null, spec.threadModels(), spec.jdks(), spec.scenario(),
                new dev.jvmbench.common.job.LoadProfile(null, null, 5, 1, null, null,
                        new dev.jvmbench.common.job.CapacitySearch(10, 1000, 10, 10.0)),
                null, 1, null, java.util.List.of(), java.util.Map.of(), null,
                new dev.jvmbench.common.job.Slo(250.0, null), null, null, null).normalized();

        flow.execute(RunFlowHarness.claimed(search));

        assertThat(flow.control.onlyEnd().status()).isEqualTo(RunStatus.SUCCEEDED);
        java.util.List<Integer> levels = flow.results.points().stream().map(Point::level).toList();
        assertThat(levels).startsWith(10, 20, 40, 80, 160);
        assertThat(levels.stream().filter(l -> l <= 100).max(Integer::compare).orElseThrow()).isBetween(91, 100);
        assertThat(flow.results.points()).extracting(Point::levelIndex)
                .containsExactlyElementsOf(java.util.stream.IntStream.range(0, levels.size()).boxed().toList());
    }

    @Test
    void aLevelsFindingsAreStoredAsItEnds() {
        // a pool of 20 and a 200 ms upstream serve 100 req/s: 1000 users mostly time out, queued for a thread
        flow.generators.levels(request -> {
            Instant end = Instant.now();
            Instant start = end.minusSeconds(10);
            return new dev.jvmbench.worker.load.LevelResult(request.model(), request.level(), start, end, 10, 1000, 1,
                    999, java.util.Map.of("timeout", 999L), 10000, 10000, 10000, 10000, 0.1, null, null, 100, 1000,
                    20.0, 2, FakeLoadGenerators.rows(start, 10, 1, 1000), java.util.List.of(), null);
        });

        JobSpec ioHttp = RunFlowHarness.ioHttp(ThreadModel.PLATFORM, 1000);
        JobSpec poolOf20 = new JobSpec(null, ioHttp.threadModels(), ioHttp.jdks(), ioHttp.scenario(), ioHttp.load(), null,
                1, new dev.jvmbench.common.job.PlatformThreads(20, null), java.util.List.of(), java.util.Map.of(), null,
                null, null, null, null).normalized();

        flow.execute(RunFlowHarness.claimed(poolOf20));

        assertThat(flow.results.findings()).extracting(f -> f.code().code()).contains("queueing-timeouts")
                .doesNotContain("request-errors");
    }

    @Test
    void theJfrRecordingFillsEachLevelAndIsKept() {
        try (Recording recording = new Recording()) {
            recording.enable("jdk.JavaThreadStatistics").withPeriod(Duration.ofMillis(10));
            recording.enable("jdk.GCHeapSummary");
            recording.start();
            Instant recordingStarted = Instant.now();
            System.gc();
            flow.generators.levels(request -> FakeLoadGenerators.healthy(request, recordingStarted));
            flow.engine.file(JfrAnalyzer.RECORDING_PATH, () -> dump(recording));

            flow.execute(RunFlowHarness.claimed(RunFlowHarness.ioHttp(ThreadModel.PLATFORM, 5, 10)));
        }

        assertThat(flow.control.onlyEnd().status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(flow.results.jvmUpdates()).extracting(InMemoryResults.JvmUpdate::levelIndex).containsExactly(0, 1);
        assertThat(flow.results.jvmUpdates()).allSatisfy(update -> assertThat(update.pinnedEvents()).isZero());
        assertThat(flow.results.artifacts()).containsKey("app.jfr");
        assertThat(flow.results.runFlags()).isEmpty();
        assertEverythingStopped(true);
    }

    @Test
    void aJobWithoutTheRecordingRunsItsAppWithoutJfrAndSaysSoInsteadOfCallingItMissing() {
        JobSpec recorded = RunFlowHarness.ioHttp(ThreadModel.PLATFORM, 5, 10);
        JobSpec off = new JobSpec(null, recorded.threadModels(), recorded.jdks(), recorded.scenario(), recorded.load(),
                recorded.limits(), recorded.repetitions(), recorded.platform(), recorded.jvmOptions(), recorded.env(),
                recorded.labels(), null, null, recorded.gate(), RecordingMode.OFF);
        // a file at the recording's path would be read if the flow looked for one: it must not look
        flow.engine.file(JfrAnalyzer.RECORDING_PATH, () -> {
            throw new AssertionError("the flow copied a recording out of a job that ran without one");
        });

        flow.execute(RunFlowHarness.claimed(off));

        assertThat(flow.control.onlyEnd().status()).isEqualTo(RunStatus.SUCCEEDED);
        String toolOptions = flow.engine.containers().stream()
                .filter(c -> ContainerLabels.ROLE_APP.equals(c.spec().labels().get(ContainerLabels.ROLE)))
                .findFirst().orElseThrow().spec().env().get("JAVA_TOOL_OPTIONS");
        assertThat(toolOptions).doesNotContain("FlightRecorder").contains(OutOfMemory.REPORT_FLAG);
        assertThat(flow.results.recording()).isEqualTo(dev.jvmbench.common.jvm.Recording.OFF);
        assertThat(flow.results.runFlags()).containsExactly("jfr-off");
        assertThat(flow.results.artifacts()).doesNotContainKey("app.jfr");
        assertThat(flow.results.findings()).extracting(f -> f.code().code()).doesNotContain("jfr-lost");
        assertEverythingStopped(true);
    }

    static Stream<Arguments> aFailureInEachPhase() {
        return Stream.of(
                failure("resolve-image", "image jvmbench/target-mvc:jdk21 is not in the local engine", false,
                        flow -> { }, RunFlowHarness.spec("io-http", ThreadModel.PLATFORM, 10), 21),
                failure("start-upstreams", "the nginx upstream failed to start: exited 1", false,
                        flow -> flow.engine.readiness(ContainerLabels.ROLE_NGINX, new ContainerOutcome.Exited(1, "bind failed"))),
                failure("start-app", "readiness timeout: the app did not answer /actuator/health/readiness within 180 s", false,
                        flow -> flow.engine.readiness(ContainerLabels.ROLE_APP, new ContainerOutcome.TimedOut(Duration.ofSeconds(180)))),
                failure("start-app", "app OOMKilled before it was ready (memory limit 512 MB)", false,
                        flow -> flow.engine.readiness(ContainerLabels.ROLE_APP, new ContainerOutcome.OomKilled(""))),
                failure("verify", "verify failed: GET /scenarios/io-http answered 503, expected 200; output: busy", false,
                        flow -> flow.engine.appAnswers((path, env) -> path.startsWith("/actuator")
                                ? FakeContainerEngine.stockApp(path, env) : new FakeContainerEngine.Answer(503, "busy"))),
                failure("warm-up", "warm-up failed: the generator JVM did not start", false,
                        flow -> flow.generators.failToStart(new LoadGeneratorException("the generator JVM did not start"))),
                failure("load-2-level-20", "load-2-level-20 failed: the load generator exited with status 137", true,
                        flow -> flow.generators.levels(request -> {
                            if (request.level() == 20) {
                                throw new LoadGeneratorException("the load generator exited with status 137");
                            }
                            return FakeLoadGenerators.healthy(request);
                        })),
                failure("collect", "collect failed: the database stayed unreachable", true,
                        flow -> flow.results.failFlags(new IllegalStateException("the database stayed unreachable"))),
                failure("start-upstreams", "the Docker engine is unavailable: socket refused", false,
                        flow -> flow.engine.failOn("start:" + ContainerLabels.ROLE_NGINX,
                                new ContainerEngineUnavailableException("socket refused", null))));
    }

    private static Arguments failure(String step, String reason, boolean keepsAPoint, Consumer<RunFlowHarness> setUp) {
        return failure(step, reason, keepsAPoint, setUp, RunFlowHarness.ioHttp(ThreadModel.PLATFORM, 10, 20), 25);
    }

    private static Arguments failure(String step, String reason, boolean keepsAPoint, Consumer<RunFlowHarness> setUp,
                                     JobSpec spec, int jdk) {
        return Arguments.of(step, reason, keepsAPoint, setUp, spec, jdk);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource
    void aFailureInEachPhase(String step, String reason, boolean keepsAPoint, Consumer<RunFlowHarness> setUp,
                             JobSpec spec, int jdk) {
        setUp.accept(flow);
        JobSpec onJdk = jdk == 25 ? spec : new JobSpec(null, spec.threadModels(), java.util.List.of(jdk), spec.scenario(),
                spec.load(), null, 1, null, java.util.List.of(), java.util.Map.of(), null, null, null, null, null).normalized();

        flow.execute(RunFlowHarness.claimed(onJdk));

        InMemoryRunControl.Ended end = flow.control.onlyEnd();
        assertThat(end.status()).isEqualTo(RunStatus.FAILED);
        assertThat(end.reason()).startsWith(reason);
        assertThat(flow.registry.get("jvmbench.worker.run.failures").tags("reason",
                dev.jvmbench.worker.metrics.WorkerMetrics.reasonClass(end.reason(), step)).counter().count()).isEqualTo(1);
        if (keepsAPoint) {
            assertThat(flow.results.points()).extracting(Point::level).contains(10);
        } else {
            assertThat(flow.results.points()).isEmpty();
        }
        assertEverythingStopped(false);
    }

    @Test
    void teardownThatCannotReachTheEngineStillEndsTheRun() {
        flow.engine.failOn("findManaged", new ContainerEngineException("engine busy"));

        flow.execute(RunFlowHarness.claimed(RunFlowHarness.ioHttp(ThreadModel.PLATFORM, 10)));

        // the containers stay for the next worker start to remove; the run still ends, with its point
        assertThat(flow.control.onlyEnd().status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(flow.results.points()).hasSize(1);
        assertThat(flow.generators.started()).allMatch(FakeLoadGenerators.Generator::closed);
    }

    @Test
    void aCancelIsHonouredAtTheNextStepBoundary() {
        flow.generators.levels(request -> {
            flow.control.requestCancel();
            return FakeLoadGenerators.healthy(request);
        });

        flow.execute(RunFlowHarness.claimed(RunFlowHarness.ioHttp(ThreadModel.PLATFORM, 10, 20, 40)));

        assertThat(flow.control.onlyEnd()).isEqualTo(
                new InMemoryRunControl.Ended(7, RunStatus.CANCELLED, "cancelled by request", false));
        // the level in progress finished and kept its point; no later level started
        assertThat(flow.generators.started().getFirst().levels()).extracting(LevelRequest::level).containsExactly(10);
        assertThat(flow.results.points()).extracting(Point::level).containsExactly(10);
        assertEverythingStopped(false);
    }

    @Test
    void aShutdownGivesTheRunBackInsteadOfEndingIt() {
        flow.generators.levels(request -> {
            flow.executor().releaseCurrent("the worker is shutting down");
            return FakeLoadGenerators.healthy(request);
        });

        flow.execute(RunFlowHarness.claimed(RunFlowHarness.ioHttp(ThreadModel.PLATFORM, 10, 20)));

        // released, not finished: the queue re-queues it without counting the attempt (RunQueueTest)
        assertThat(flow.control.onlyEnd()).isEqualTo(
                new InMemoryRunControl.Ended(7, null, "the worker is shutting down", true));
        assertThat(flow.generators.started().getFirst().levels()).hasSize(1);
        assertEverythingStopped(false);
    }

    @Test
    void anAppKilledDuringAnAdaptiveWarmUpEndsItAtOnceWithTheNamedReason() {
        java.util.concurrent.atomic.AtomicInteger slices = new java.util.concurrent.atomic.AtomicInteger();
        flow.generators.levels(request -> {
            if (slices.incrementAndGet() == 2) {
                flow.engine.app().orElseThrow().end(new ContainerOutcome.OomKilled(""));
            }
            return FakeLoadGenerators.healthy(request);
        });
        JobSpec spec = RunFlowHarness.ioHttp(ThreadModel.VIRTUAL, 50);
        JobSpec adaptive = new JobSpec(null, spec.threadModels(), spec.jdks(), spec.scenario(),
                new dev.jvmbench.common.job.LoadProfile(null, java.util.List.of(50, 100), 10, 5, null,
                        new dev.jvmbench.common.job.WarmupPolicy(dev.jvmbench.common.job.WarmupPolicy.Mode.ADAPTIVE, 180,
                                10, null, null, null), null),
                null, 1, null, java.util.List.of(), java.util.Map.of(), null, null, null, null, null).normalized();

        flow.execute(RunFlowHarness.claimed(adaptive));

        assertThat(flow.control.onlyEnd().reason())
                .isEqualTo("app OOMKilled during the warm-up of level 50 (memory limit 512 MB)");
        // the slice that saw it die, not 180 s of slices against a dead app
        assertThat(slices.get()).isEqualTo(2);
        assertThat(flow.results.points()).isEmpty();
        assertEverythingStopped(false);
    }

    @Test
    void anAppKilledForItsMemoryFailsWithTheNamedReasonAndKeepsThePointsSoFar() {
        flow.generators.levels(request -> {
            if (request.level() == 20) {
                flow.engine.app().orElseThrow().end(new ContainerOutcome.OomKilled(""));
            }
            return FakeLoadGenerators.healthy(request);
        });

        flow.execute(RunFlowHarness.claimed(RunFlowHarness.ioHttp(ThreadModel.VIRTUAL, 10, 20, 40)));

        assertThat(flow.control.onlyEnd().reason()).isEqualTo("app OOMKilled during level 20 (memory limit 512 MB)");
        assertThat(flow.results.points()).extracting(Point::level).containsExactly(10, 20);
        assertThat(flow.generators.started().getFirst().levels()).hasSize(2);
        assertEverythingStopped(false);
    }

    @Test
    void aGeneratorThatDiesMidLevelIsExplainedByTheAppWhenTheAppDiedFirst() {
        flow.generators.levels(request -> {
            if (request.level() == 20) {
                flow.engine.app().orElseThrow().end(new ContainerOutcome.Exited(1, "Exception in thread main"));
                throw new LoadGeneratorException("connection refused by 127.0.0.1");
            }
            return FakeLoadGenerators.healthy(request);
        });

        flow.execute(RunFlowHarness.claimed(RunFlowHarness.ioHttp(ThreadModel.PLATFORM, 10, 20)));

        // the refused connections were a consequence: the app's own end is the reason
        assertThat(flow.control.onlyEnd().reason()).startsWith("app exited 1 during load-2-level-20")
                .contains("Exception in thread main");
        assertThat(flow.results.points()).extracting(Point::level).containsExactly(10);
        assertEverythingStopped(false);
    }

    /** Every container removed, the generator and probes closed, the run's scratch space gone. */
    private void assertEverythingStopped(boolean wholeRun) {
        assertThat(flow.engine.remaining()).isEmpty();
        assertThat(flow.generators.started()).allMatch(FakeLoadGenerators.Generator::closed);
        assertThat(flow.probes.started()).allMatch(dev.jvmbench.worker.testing.fakes.FakeContainerProbes.Probe::closed);
        try (Stream<Path> left = Files.list(work)) {
            assertThat(left.filter(p -> p.getFileName().toString().startsWith("run-"))).isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (wholeRun) {
            assertThat(flow.generators.started()).hasSize(1);
        }
    }

    private static byte[] dump(Recording recording) {
        try {
            recording.stop();
            Path file = Files.createTempFile("run-flow", ".jfr");
            recording.dump(file);
            byte[] bytes = Files.readAllBytes(file);
            Files.delete(file);
            return bytes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
