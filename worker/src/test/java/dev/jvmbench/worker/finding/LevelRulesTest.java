package dev.jvmbench.worker.finding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.common.finding.Severity;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.series.SeriesMetric;
import dev.jvmbench.common.stats.Steadiness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each level rule on hand-made facts: it fires on its evidence, names it, and stays quiet on a healthy level. */
class LevelRulesTest {

    private static List<FindingCode> codes(List<Finding> findings) {
        return findings.stream().map(Finding::code).toList();
    }

    private static Finding only(FindingCode code, List<Finding> findings) {
        return findings.stream().filter(f -> f.code() == code).findFirst()
                .orElseThrow(() -> new AssertionError("no " + code.code() + " in " + codes(findings)));
    }

    @Test
    void aHealthyLevelHasNoFinding() {
        assertThat(Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.VIRTUAL), Facts.level(80).build())).isEmpty();
        assertThat(Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.PLATFORM),
                Facts.level(20).set("ceiling", 100.0).set("throughput", 98.0).build())).isEmpty();
    }

    @Test
    void aCoreThatMovedUnderABusyAppIsNamedWithTheThroughputThatFollowedIt() {
        // the ledger's run 3: 99 % of its core, throughput 380 -> 215 req/s for 10 s while the core slowed 14.2 -> 9.8
        java.util.function.IntPredicate slow = t -> t >= 5 && t < 15;
        LevelFacts level = Facts.level(32).set("cpu", 99.0).set("coreSpeed", window(slow, 20))
                .series(Facts.series(20, Map.of(SeriesMetric.THROUGHPUT, t -> slow.test(t) ? 215.0 : 380.0,
                        SeriesMetric.CORE_SPEED, t -> slow.test(t) ? 9.8 : 14.2)))
                .build();

        Finding varied = only(FindingCode.CORE_SPEED_VARIED, Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.PLATFORM), level));

        assertThat(varied.severity()).isEqualTo(Severity.WARNING);
        assertThat(varied.summary()).contains("9.8 to 14.2 steps per CPU-µs", "99% of its CPU limit",
                "the throughput followed the core's speed (correlation 1.00)");
        assertThat(varied.evidence()).containsEntry("coreSpeedMedian", 12.0).containsEntry("blockSeconds", 5)
                .containsEntry("series", "throughput").containsEntry("notSteady", false);
        assertThat(varied.advice()).contains("paired baseline", "bench.worker.shield-cores");
    }

    @Test
    void aCoreThatHeldItsSpeedOrAnAppThatMostlyWaitedIsNoFinding() {
        java.util.function.IntPredicate slow = t -> t >= 6 && t < 14;
        LevelFacts waiting = Facts.level(20).set("cpu", 30.0).set("coreSpeed", window(slow, 20)).build();
        LevelFacts steadyCore = Facts.level(20).set("cpu", 99.0).set("coreSpeed", window(t -> false, 20)).build();
        LevelFacts unmeasured = Facts.level(20).set("cpu", 99.0)
                .set("coreSpeed", dev.jvmbench.worker.probe.CoreSpeed.Window.unmeasured("no cores of its own")).build();

        for (LevelFacts level : List.of(waiting, steadyCore, unmeasured)) {
            assertThat(codes(Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.PLATFORM), level)))
                    .doesNotContain(FindingCode.CORE_SPEED_VARIED);
        }
    }

    @Test
    void aTrendOnACoreThatHeldItsSpeedIsTheAppsOwn() {
        // the ledger's run 2 of 2026-12-01: throughput fell 6.6 % while its core stayed within 0.5 %
        Steadiness.Result falling = new Steadiness.Result(Steadiness.Verdict.NOT_STEADY, 30, -0.066, -0.124, -0.022, 0.05);
        LevelFacts held = Facts.level(32).set("cpu", 98.6).set("steadiness", falling)
                .set("coreSpeed", window(t -> false, 30)).build();
        LevelFacts unmeasured = Facts.level(32).set("cpu", 98.6).set("steadiness", falling).build();

        assertThat(only(FindingCode.NOT_STEADY, Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.PLATFORM), held)).summary())
                .contains("The app's core held its speed meanwhile", "the trend is the app's, not the host's");
        assertThat(only(FindingCode.NOT_STEADY, Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.PLATFORM), unmeasured))
                .summary()).doesNotContain("core");
    }

    /** A window of {@code seconds} at 14.2 steps per CPU-µs, 9.8 in the slow seconds. */
    private static dev.jvmbench.worker.probe.CoreSpeed.Window window(java.util.function.IntPredicate slow, int seconds) {
        List<dev.jvmbench.worker.probe.CoreSpeed.Second> speeds = new java.util.ArrayList<>();
        for (int t = 0; t < seconds; t++) {
            speeds.add(new dev.jvmbench.worker.probe.CoreSpeed.Second(Facts.START.plusSeconds(t), slow.test(t) ? 9.8 : 14.2, 10));
        }
        return dev.jvmbench.worker.probe.CoreSpeed.Window.of(speeds, null);
    }

    @Test
    void timeoutsBeyondLittlesLawAreQueueingAndReplaceThePlainErrors() {
        // the field case: a pool of 20, 200 ms upstream -> 100 req/s; 1000 users wait 10 s each
        LevelFacts level = Facts.level(1000).set("throughput", 0.1).set("ceiling", 100.0)
                .errors("timeout", 999).build();

        List<Finding> findings = Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.PLATFORM), level);

        Finding queueing = only(FindingCode.QUEUEING_TIMEOUTS, findings);
        assertThat(queueing.evidence()).containsEntry("predictedResponseSeconds", 10.0)
                .containsEntry("capacityRps", 100.0).containsEntry("timeouts", 999L).containsEntry("capacityFrom", "model");
        assertThat(queueing.summary()).contains("1000 users", "100 req/s", "10 s per request", "999 timeouts");
        assertThat(queueing.advice()).contains("server.tomcat.threads.max", "virtual threads", "800 users");
        assertThat(codes(findings)).doesNotContain(FindingCode.REQUEST_ERRORS);
    }

    @Test
    void timeoutsThatQueueingCannotExplainStayPlainErrors() {
        LevelFacts level = Facts.level(20).set("throughput", 90.0).set("ceiling", 100.0).errors("timeout", 3).build();

        List<Finding> findings = Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.PLATFORM), level);

        assertThat(codes(findings)).containsExactly(FindingCode.REQUEST_ERRORS);
        assertThat(findings.getFirst().summary()).contains("3 of", "3 timeout");
    }

    @Test
    void secondsWithoutAnswerWhileRequestsWaitAreStoppedAnswering() {
        var series = Facts.series(10, Map.of(
                SeriesMetric.THROUGHPUT, i -> i < 4 ? 400.0 : 0.0,
                SeriesMetric.ERRORS, i -> 0.0,
                SeriesMetric.IN_FLIGHT, i -> 80.0));

        Finding stopped = only(FindingCode.STOPPED_ANSWERING,
                Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.VIRTUAL), Facts.level(80).series(series).build()));

        assertThat(stopped.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(stopped.at()).isEqualTo(Facts.START.plusSeconds(4));
        assertThat(stopped.evidence()).containsEntry("silentSeconds", 6);
    }

    @Test
    void twoQuietSecondsAreNotStoppedAnswering() {
        var series = Facts.series(10, Map.of(
                SeriesMetric.THROUGHPUT, i -> i == 3 || i == 4 ? 0.0 : 400.0,
                SeriesMetric.IN_FLIGHT, i -> 80.0));

        assertThat(Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.VIRTUAL), Facts.level(80).series(series).build())).isEmpty();
    }

    @Test
    void thePoolIsTheBottleneckMeasuredOrInferred() {
        LevelFacts measured = Facts.level(100).set("throughput", 50.0).set("poolPending", 90.0)
                .set("poolAcquireMs", 1500.0).set("p50", 1700.0).set("poolMax", 10.0).build();
        Finding fromMetrics = only(FindingCode.POOL_EXHAUSTED, Diagnosis.ofLevel(
                Facts.run("io-db", ThreadModel.VIRTUAL, Map.of("poolSize", 10.0, "sleepMs", 200.0)), measured));
        assertThat(fromMetrics.evidence()).containsEntry("source", "HikariCP metrics").containsEntry("poolMax", 10.0);

        LevelFacts inferred = Facts.level(100).set("throughput", 49.0).build();
        Finding fromCeiling = only(FindingCode.POOL_EXHAUSTED, Diagnosis.ofLevel(
                Facts.run("io-db", ThreadModel.VIRTUAL, Map.of("poolSize", 10.0, "sleepMs", 200.0)), inferred));
        assertThat(fromCeiling.evidence()).containsEntry("poolCeilingRps", 50.0);
        assertThat(fromCeiling.summary()).contains("10 pooled connections", "the pool, not the threads");

        // a platform pool smaller than the connection pool: the threads are the limit, not the pool
        assertThat(codes(Diagnosis.ofLevel(Facts.run("io-db", ThreadModel.PLATFORM, Map.of("poolSize", 40.0, "sleepMs", 200.0)),
                Facts.level(100).set("throughput", 99.0).build()))).doesNotContain(FindingCode.POOL_EXHAUSTED);
    }

    @Test
    void throttlingStarvedMonitoringAndABusyEventLoop() {
        LevelFacts level = Facts.level(64).set("throughput", 5.0).set("cpu", 99.0).set("throttledPeriods", 150L)
                .set("throttledMs", 9000.0).set("scrape", 0.2).build();

        List<Finding> findings = Diagnosis.ofLevel(Facts.run("cpu", ThreadModel.WEBFLUX, Map.of()), level);

        assertThat(codes(findings)).contains(FindingCode.CPU_THROTTLED, FindingCode.MONITORING_STARVED,
                FindingCode.EVENT_LOOP_BLOCKED);
        assertThat(only(FindingCode.CPU_THROTTLED, findings).evidence()).containsEntry("throttledShare", 0.75);
        // the same starvation on virtual threads is not an event loop
        assertThat(codes(Diagnosis.ofLevel(Facts.run("cpu", ThreadModel.VIRTUAL, Map.of()), level)))
                .doesNotContain(FindingCode.EVENT_LOOP_BLOCKED).contains(FindingCode.MONITORING_STARVED);
    }

    @Test
    void platformThreadsGrowingInAVirtualRunAreHidden() {
        LevelFacts level = Facts.level(200).set("threadsReady", 40).set("threadsPeak", 230).build();

        Finding hidden = only(FindingCode.HIDDEN_PLATFORM_THREADS, Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.VIRTUAL), level));

        assertThat(hidden.evidence()).containsEntry("grown", 190);
        assertThat(Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.PLATFORM), level)).isEmpty();
    }

    @Test
    void hiddenThreadsThatAreTheSchedulersCarriersAreNamedAsSuch() {
        // JDK 21, virtual threads, 80 users: 28 more OS threads, nearly all ForkJoinPool-1-worker-N
        LevelFacts carriers = Facts.level(80).set("threadsReady", 40).set("threadsPeak", 68)
                .threadsGrown(Map.of("ForkJoinPool-#-", 26, "Attach Listener", 1, "C# CompilerThre", 1)).build();
        Finding compensation = only(FindingCode.HIDDEN_PLATFORM_THREADS,
                Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.VIRTUAL), carriers));
        assertThat(compensation.summary()).contains("26 of them are ForkJoinPool-#- threads", "carriers the virtual-thread scheduler");
        assertThat(compensation.evidence().get("grownByName")).isEqualTo(Map.of("ForkJoinPool-#-", 26, "Attach Listener", 1,
                "C# CompilerThre", 1));

        LevelFacts pool = Facts.level(80).set("threadsReady", 40).set("threadsPeak", 68)
                .threadsGrown(Map.of("jdk-httpclient-", 25, "ForkJoinPool-#-", 3)).build();
        Finding hidden = only(FindingCode.HIDDEN_PLATFORM_THREADS, Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.VIRTUAL), pool));
        assertThat(hidden.summary()).contains("something starts platform threads per concurrent call",
                "jdk-httpclient- +25, ForkJoinPool-#- +3").doesNotContain("carriers the virtual-thread scheduler");
    }

    @Test
    void descriptorsNearTheLimitAndSocketsLeftInCloseWait() {
        RunFacts run = new RunFacts("io-http", true, Map.of(), ThreadModel.PLATFORM, 25, 1, 512, 200,
                dev.jvmbench.loadgen.protocol.LoadModel.CLOSED, 10_000, 1024, 10);
        LevelFacts level = Facts.level(20).set("fds", 900).set("closeWait", 850).set("closeWaitGrowth", 600).build();

        List<Finding> findings = Diagnosis.ofLevel(run, level);

        assertThat(codes(findings)).containsExactlyInAnyOrder(FindingCode.FD_PRESSURE, FindingCode.CLOSE_WAIT_GROWTH);
        assertThat(only(FindingCode.FD_PRESSURE, findings).summary()).contains("900", "1024");
    }

    @Test
    void closeWaitBehindTimeoutsIsTheirEchoNotALeak() {
        // The pool job on real containers: 40 users timed out behind a pool of two, 22 more sockets in CLOSE_WAIT.
        LevelFacts level = Facts.level(40).set("closeWait", 40).set("closeWaitGrowth", 22).errors("timeout", 40).build();

        assertThat(codes(Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.VIRTUAL), level)))
                .doesNotContain(FindingCode.CLOSE_WAIT_GROWTH);
    }

    @Test
    void aLeakThatFilledTheDescriptorsBeforeTheWindowIsNotExcusedByAFewTimeouts() {
        // The leak job of a CI run: the descriptors ran out in the warm-up, so CLOSE_WAIT no longer grew in
        // the window, and 17 of its requests timed out; 17 timeouts cannot account for 4000 held sockets.
        LevelFacts level = Facts.level(20).set("closeWait", 4000).set("closeWaitGrowth", 0).errors("timeout", 17).build();

        assertThat(codes(Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.PLATFORM), level)))
                .contains(FindingCode.CLOSE_WAIT_GROWTH);
    }

    @Test
    void aLeakThatStoppedTheAppIsStillALeak() {
        // The leak job of a CI run: the descriptors ran out in the window's fifth second, the app stopped
        // answering, 19 requests timed out and 20 were in flight; 2,231 more sockets in CLOSE_WAIT.
        LevelFacts level = Facts.level(20).series(stoppedAnswering(12, 5, 600.0, 20.0))
                .set("closeWait", 4013).set("closeWaitGrowth", 2231)
                .errors("timeout", 19).build();

        assertThat(codes(Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.PLATFORM), level)))
                .contains(FindingCode.STOPPED_ANSWERING, FindingCode.CLOSE_WAIT_GROWTH);
    }

    @Test
    void behindAnAppThatStoppedAnsweringTheRequestsGivenUpOnAreTheEcho() {
        // A frozen app: 25 users, each timed out once in the window and was given up on again at its end.
        LevelFacts level = Facts.level(25).series(stoppedAnswering(10, 2, 250.0, 25.0))
                .set("closeWait", 50).set("closeWaitGrowth", 50)
                .errors("timeout", 25).build();

        assertThat(codes(Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.VIRTUAL), level)))
                .contains(FindingCode.STOPPED_ANSWERING).doesNotContain(FindingCode.CLOSE_WAIT_GROWTH);
    }

    /** A window of {@code seconds} that answered {@code rps} for its first {@code answering} seconds, then none. */
    private static dev.jvmbench.common.series.PointSeries stoppedAnswering(int seconds, int answering, double rps,
                                                                          double inFlight) {
        return Facts.series(seconds, Map.of(
                SeriesMetric.THROUGHPUT, i -> i < answering ? rps : 0.0,
                SeriesMetric.ERRORS, i -> 0.0,
                SeriesMetric.IN_FLIGHT, i -> inFlight));
    }

    @Test
    void heldSocketsTheTimeoutsCouldAllHaveLeftAreNoLeak() {
        LevelFacts level = Facts.level(400).set("closeWait", 300).set("closeWaitGrowth", 5).errors("timeout", 300).build();

        assertThat(codes(Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.PLATFORM), level)))
                .doesNotContain(FindingCode.CLOSE_WAIT_GROWTH);
    }

    @Test
    void theSchedulersQueuedGaugeAloneIsNoCarrierStarvation() {
        // Two healthy io-http runs (20 users, one carrier) measured on real containers: 3.5 and 15.2 queued.
        for (double queued : new double[] {3.5, 15.2}) {
            LevelFacts level = Facts.level(20).set("vtQueued", queued).set("vtParallelism", 1.0).set("cpu", 42.0).build();

            assertThat(codes(Diagnosis.ofLevel(Facts.run("io-http", ThreadModel.VIRTUAL, Map.of("delayMs", 50.0)), level)))
                    .doesNotContain(FindingCode.CARRIER_STARVATION);
        }
    }

    @Test
    void aMeasurementAboveTheModelSaysTheModelIsWrong() {
        Finding above = only(FindingCode.CEILING_EXCEEDED, Diagnosis.ofLevel(
                Facts.run("pinning", ThreadModel.VIRTUAL, Map.of("holdMs", 50.0)),
                Facts.level(100).set("throughput", 35.9).set("ceiling", 20.0).build()));

        assertThat(above.severity()).isEqualTo(Severity.INFO);
        assertThat(above.evidence()).containsEntry("ceilingShare", 35.9 / 20.0);
    }

    @Test
    void aWarmingUpWindowIsNotSteadyAndAsksForALongerWarmUp() {
        LevelFacts level = Facts.level(50).set("steadiness",
                new Steadiness.Result(Steadiness.Verdict.NOT_STEADY, 20, 0.35, 0.25, 0.45, 0.05)).build();

        Finding notSteady = only(FindingCode.NOT_STEADY, Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.VIRTUAL), level));

        assertThat(notSteady.summary()).contains("throughput rose by 35%", "25% to 45%");
        assertThat(notSteady.advice()).contains("10 s warm-up was not enough", "adaptive warm-up");
        assertThat(notSteady.evidence()).containsEntry("warmingUp", true);
    }

    @Test
    void aWindowStillRisingAfterAnAdaptiveWarmUpAsksForALongerWarmUpWindowNotForAdaptiveWarmUp() {
        // the ledger's first run: the adaptive warm-up judged its last 15 s steady, the 30 s window then rose 6 %
        RunFacts run = new RunFacts("ledger", false, Map.of(), ThreadModel.PLATFORM, 25, 1.0, 1024, 200,
                dev.jvmbench.loadgen.protocol.LoadModel.CLOSED, 10_000, 16_384, 30,
                dev.jvmbench.common.job.WarmupPolicy.ADAPTIVE);
        LevelFacts level = Facts.level(32).set("steadiness",
                new Steadiness.Result(Steadiness.Verdict.NOT_STEADY, 30, 0.06, 0.017, 0.101, 0.05)).build();

        String advice = only(FindingCode.NOT_STEADY, Diagnosis.ofLevel(run, level)).advice();

        assertThat(advice).contains("after the adaptive warm-up ended", "its last 15 s steady within 5%",
                "maximum of 300 s", "load.warmup.windowSeconds towards the 30 s measured here", "load.warmup.maxSeconds");
        assertThat(advice).doesNotContain("use adaptive warm-up", "30 s warm-up was not enough");
    }

    @Test
    void aJitStillCompilingInTheWindowIsFoundWithItsShareOfTheLimitAndTheBusiestSecond() {
        // 2 CPUs; the compiler threads at 80 ms/s, 400 ms in second 7: a mean of 96 ms/s, 4.8 % of 2,000
        RunFacts run = new RunFacts("shop", false, Map.of(), ThreadModel.PLATFORM, 25, 2.0, 1024, 200,
                dev.jvmbench.loadgen.protocol.LoadModel.CLOSED, 10_000, 16_384, 10);
        // a CPU-bound app at its limit: the compiler takes its CPU from the app
        LevelFacts level = Facts.level(50).set("cpu", 95.0).series(Facts.series(20,
                Map.of(SeriesMetric.JIT_CPU_MS, i -> i == 7 ? 400.0 : 80.0))).build();

        Finding jit = only(FindingCode.JIT_COMPILING, Diagnosis.ofLevel(run, level));

        assertThat(jit.severity()).isEqualTo(Severity.WARNING);
        assertThat((double) jit.evidence().get("jitCpuMsPerSecond")).isCloseTo(96.0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat((double) jit.evidence().get("jitCpuPercentOfLimit")).isCloseTo(4.8, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(jit.evidence()).containsEntry("jitCpuMsMax", 400.0).containsEntry("secondsMeasured", 20L);
        assertThat(jit.at()).isEqualTo(Facts.START.plusSeconds(7));
        assertThat(jit.summary()).contains("96 ms of CPU per second", "4.80% of the 2-CPU limit", "up to 400 ms");
        assertThat(jit.advice()).contains("Lengthen the 10 s warm-up (e.g. 30 s)", "adaptive");
    }

    @Test
    void aJitUnderTheBoundOrMostlyUnmeasuredIsNoFinding() {
        // 29 ms/s at 1 CPU: under 3 %
        assertThat(Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.VIRTUAL), Facts.level(50)
                .series(Facts.series(20, Map.of(SeriesMetric.JIT_CPU_MS, i -> 29.0))).build())).isEmpty();
        // busy, but only 9 of 20 seconds measured: too little to say
        assertThat(Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.VIRTUAL), Facts.level(50)
                .series(Facts.series(20, Map.of(SeriesMetric.JIT_CPU_MS, i -> i < 9 ? 500.0 : null))).build())).isEmpty();
        // no column at all (a probe that does not walk the threads)
        assertThat(Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.VIRTUAL), Facts.level(50)
                .series(Facts.series(20, Map.of(SeriesMetric.THROUGHPUT, i -> 250.0))).build())).isEmpty();
    }

    @Test
    void aCompilerWithRoomBesideTheAppIsNamedForWhatItCostsCpuPerRequest() {
        // io-http at 250 req/s using 40 % of 1 CPU (1.6 CPU-ms a request), the compiler at 60 ms/s
        RunFacts run = new RunFacts("io-http", false, Map.of(), ThreadModel.PLATFORM, 25, 1.0, 1024, 200,
                dev.jvmbench.loadgen.protocol.LoadModel.CLOSED, 10_000, 16_384, 10);
        LevelFacts level = Facts.level(50).series(Facts.series(20, Map.of(SeriesMetric.JIT_CPU_MS, i -> 60.0))).build();

        Finding jit = only(FindingCode.JIT_COMPILING, Diagnosis.ofLevel(run, level));

        // not a warning: throughput and latency are the app's own
        assertThat(jit.severity()).isEqualTo(Severity.INFO);
        assertThat(jit.advice()).contains("used 40% of its CPU limit", "room beside the app",
                "throughput and latency are the app's own", "compiler's 60 ms/s (0.24 of each request's 1.60 CPU-ms)",
                "load.warmupSeconds");
    }

    @Test
    void theJitAdviceFollowsHowTheLevelWarmedUp() {
        dev.jvmbench.common.job.WarmupPolicy adaptive = dev.jvmbench.common.job.WarmupPolicy.ADAPTIVE;
        RunFacts run = new RunFacts("shop", false, Map.of(), ThreadModel.PLATFORM, 25, 1.0, 1024, 200,
                dev.jvmbench.loadgen.protocol.LoadModel.CLOSED, 10_000, 16_384, 10, adaptive);
        var busy = Facts.series(20, Map.of(SeriesMetric.JIT_CPU_MS, i -> 100.0));
        LevelFacts first = Facts.level(50).set("cpu", 95.0).series(busy).build();
        LevelFacts second = new LevelFacts(1, 100, first.start(), first.end(), first.measuredSeconds(), first.requests(),
                first.successes(), first.errors(), first.errorsByCause(), first.throughputRps(), first.latencyP50Ms(),
                first.latencyP95Ms(), first.latencyP99Ms(), first.cpuPercentOfLimit(), first.throttledPeriods(),
                first.throttledMs(), first.scrapeSuccessShare(), first.loadgenCpuPercent(), first.loadgenCpuCores(),
                first.loadgenSaturated(), first.offeredRateReached(), first.ceilingRps(), first.ceilingShare(), busy,
                first.steadiness(), first.osThreadsAtReady(), first.osThreadsPeak(), first.openFdsPeak(),
                first.closeWaitEnd(), first.closeWaitGrowth(), null, null, null, null, null, Map.of(), null, null);

        assertThat(only(FindingCode.JIT_COMPILING, Diagnosis.ofLevel(run, first)).advice())
                .contains("adaptive warm-up ended with the JIT still at work", "maximum of 300 s", "maxSeconds");
        assertThat(only(FindingCode.JIT_COMPILING, Diagnosis.ofLevel(run, second)).advice())
                .contains("Only the first level warms up adaptively", "everyLevel");
    }

    @Test
    void aSaturatedGeneratorComesFirst() {
        LevelFacts level = Facts.level(500).set("saturated", true).set("loadgenCpu", 190.0)
                .set("steadiness", new Steadiness.Result(Steadiness.Verdict.NOT_STEADY, 20, -0.2, -0.3, -0.1, 0.05))
                .build();

        List<Finding> findings = Diagnosis.ofLevel(Facts.ioHttp(ThreadModel.VIRTUAL), level);

        assertThat(findings.getFirst().code()).isEqualTo(FindingCode.LOADGEN_SATURATED);
        assertThat(findings.getFirst().severity()).isEqualTo(Severity.CRITICAL);
        assertThat(only(FindingCode.NOT_STEADY, findings).advice()).contains("Degrading");
    }
}
