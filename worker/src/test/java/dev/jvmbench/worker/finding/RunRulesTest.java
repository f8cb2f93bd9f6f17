package dev.jvmbench.worker.finding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.common.series.SeriesMetric;
import dev.jvmbench.common.job.ThreadModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The run-wide rules on hand-made observations of the recording and the log. */
class RunRulesTest {

    private static final RunObservations.JvmView JVM_25 = new RunObservations.JvmView("Debian", "25.0.1+8", 1, 512L,
            128, true, "G1");

    private static RunObservations seen(RunObservations.JvmView jvm, List<RunObservations.OutOfMemory> errors,
                                        Map<Integer, RunObservations.LevelJvm> levels,
                                        Map<String, List<RunObservations.LogHit>> hits) {
        return new RunObservations(jvm, jvm == null ? "lost" : "complete", errors, levels, hits);
    }

    private static List<FindingCode> codes(List<Finding> findings) {
        return findings.stream().map(Finding::code).toList();
    }

    @Test
    void aCleanRecordingGivesNothing() {
        var levels = List.of(Facts.level(80).build());
        var clean = seen(JVM_25, List.of(), Map.of(0, new RunObservations.LevelJvm(3.0, 60.0, List.of())), Map.of());

        assertThat(Diagnosis.ofRun(Facts.ioHttp(ThreadModel.VIRTUAL), levels, clean)).isEmpty();
    }

    @Test
    void anOutOfMemoryErrorIsPlacedAtItsLevelAndTheSmallDefaultHeapNamed() {
        var level = Facts.level(2000).build();
        var oom = new RunObservations.OutOfMemory(Facts.START.plusSeconds(7), "Java heap space",
                "http-nio-8080-Acceptor", "log", "Exception in thread \"http-nio-8080-Acceptor\" java.lang.OutOfMemoryError: Java heap space", 1, false);

        List<Finding> findings = Diagnosis.ofRun(Facts.ioHttp(ThreadModel.VIRTUAL), List.of(level),
                seen(JVM_25, List.of(oom), Map.of(), Map.of()));

        Finding javaOom = findings.getFirst();
        assertThat(javaOom.code()).isEqualTo(FindingCode.JAVA_OOM);
        assertThat(javaOom.levelIndex()).isZero();
        assertThat(javaOom.at()).isEqualTo(Facts.START.plusSeconds(7));
        assertThat(javaOom.summary()).contains("Java heap space", "http-nio-8080-Acceptor");
        assertThat(codes(findings)).contains(FindingCode.SMALL_DEFAULT_HEAP);
        assertThat(findings.stream().filter(f -> f.code() == FindingCode.SMALL_DEFAULT_HEAP).findFirst().orElseThrow()
                .advice()).contains("MaxRAMPercentage=75", "384 MB");
    }

    /**
     * The heap it advises fits beside what the JVM used besides its heap: at 75 % of 1 GB the shop
     * sample app was OOMKilled in every run (2026-11-28), its Hibernate, Thymeleaf and 200 threads
     * needing more than the quarter that leaves.
     */
    @Test
    void theSmallDefaultHeapsAdviceLeavesRoomForWhatIsNotHeap() {
        var jvm = new RunObservations.JvmView("Debian", "25.0.1+8", 1, 1024L, 256, true, "Serial");
        var pressure = seen(jvm, List.of(), Map.of(0, new RunObservations.LevelJvm(120.0, 200.0, List.of())), Map.of());
        var peakedAt600 = Facts.level(50).series(Facts.series(20, Map.of(SeriesMetric.MEMORY_MB, i -> 500.0 + 5 * i))).build();

        Finding heap = Diagnosis.ofRun(Facts.ioHttp(ThreadModel.PLATFORM), List.of(peakedAt600), pressure).stream()
                .filter(f -> f.code() == FindingCode.SMALL_DEFAULT_HEAP).findFirst().orElseThrow();

        // 595 MB peak less the 256 MB heap: 339 MB besides it; 90 % of 1024 less that is 582.6, down to 576
        assertThat(heap.advice()).contains("-Xmx576m", "595 MB", "339 MB", "MaxRAMPercentage=75 (768 MB)", "OOMKilled");
        assertThat(heap.evidence()).containsEntry("containerPeakMb", 595L).containsEntry("besidesHeapMb", 339L)
                .containsEntry("suggestedHeapMb", 576L);

        var peakedNearTheLimit = Facts.level(50).series(Facts.series(20, Map.of(SeriesMetric.MEMORY_MB, i -> 900.0))).build();
        Finding full = Diagnosis.ofRun(Facts.ioHttp(ThreadModel.PLATFORM), List.of(peakedNearTheLimit), pressure).stream()
                .filter(f -> f.code() == FindingCode.SMALL_DEFAULT_HEAP).findFirst().orElseThrow();
        assertThat(full.advice()).startsWith("Raise the container's memory limit").contains("644 MB").doesNotContain("-Xmx");
        assertThat(full.evidence()).doesNotContainKey("suggestedHeapMb");
    }

    @Test
    void anOutOfMemoryErrorOnlyTheJvmReportedSaysTheLogDoesNotShowIt() {
        var oom = new RunObservations.OutOfMemory(Facts.START.plusSeconds(3), "Java heap space", null, "log:jvm-report",
                "java.lang.OutOfMemoryError: Java heap space", 1, true);

        Finding javaOom = Diagnosis.ofRun(Facts.ioHttp(ThreadModel.VIRTUAL), List.of(Facts.level(2000).build()),
                seen(JVM_25, List.of(oom), Map.of(), Map.of())).getFirst();

        assertThat(javaOom.code()).isEqualTo(FindingCode.JAVA_OOM);
        assertThat(javaOom.summary()).contains("Java heap space", "reported by the JVM itself", "log does not show it")
                .doesNotContain("in thread");
    }

    @Test
    void pinningNamesTheFrameAndTheAdviceFollowsTheJdk() {
        var level = Facts.level(100).build();
        var pins = List.of(
                new RunObservations.PinGroup("dev.jvmbench.targetapp.scenario.Pinning.sleepHoldingMonitor(Pinning.java:31)",
                        370, 18_500, List.of("java.lang.Thread.sleep", "Pinning.sleepHoldingMonitor"), Facts.START.plusSeconds(1)),
                new RunObservations.PinGroup("com.example.Other.call", 7, 200, List.of(), Facts.START.plusSeconds(3)));
        var observed = seen(JVM_25, List.of(), Map.of(0, new RunObservations.LevelJvm(1.0, 50.0, pins)), Map.of());

        RunFacts jdk21 = new RunFacts("pinning", true, Map.of("holdMs", 50.0), ThreadModel.VIRTUAL, 21, 1, 512, null,
                dev.jvmbench.loadgen.protocol.LoadModel.CLOSED, 10_000, 16_384, 10);
        Finding pinning = Diagnosis.ofRun(jdk21, List.of(level), observed).stream()
                .filter(f -> f.code() == FindingCode.PINNING).findFirst().orElseThrow();

        assertThat(pinning.summary()).contains("377 pinned", "Pinning.sleepHoldingMonitor", "1 other frames");
        assertThat(pinning.advice()).contains("ReentrantLock", "JEP 491");
        assertThat(pinning.evidence()).containsEntry("events", 377L);
        // 18.7 s pinned of a 20 s window on one carrier, the CPU nearly idle: the carrier was starved
        assertThat(codes(Diagnosis.ofRun(jdk21, List.of(Facts.level(100).set("cpu", 15.0).build()), observed)))
                .contains(FindingCode.CARRIER_STARVATION);
    }

    /**
     * JDK 21 may keep a carrier thread beyond its parallelism (a spare it started for a carrier
     * blocked in file I/O), and may or may not hand it work: the pinned share is of the
     * parallelism, and the threads alive are shown beside it.
     */
    @Test
    void carrierStarvationIsAShareOfTheParallelismWithTheCarrierThreadsBesideIt() {
        RunFacts jdk21 = new RunFacts("pinning", true, Map.of("holdMs", 50.0), ThreadModel.VIRTUAL, 21, 1, 512, null,
                dev.jvmbench.loadgen.protocol.LoadModel.CLOSED, 10_000, 16_384, 10);
        var onePinned = List.of(new RunObservations.PinGroup("Pinning.sleepHoldingMonitor", 370, 18_700, List.of(),
                Facts.START.plusSeconds(1)));
        var bothPinned = List.of(new RunObservations.PinGroup("Pinning.sleepHoldingMonitor", 760, 38_000, List.of(),
                Facts.START.plusSeconds(1)));
        var twoThreads = List.of(Facts.level(100).set("cpu", 15.0).set("carriers", 2).build());

        // 19 req/s for a 50 ms hold with two carrier threads alive: the spare got no work, the users still queued
        Finding spareIdle = Diagnosis.ofRun(jdk21, twoThreads,
                        seen(JVM_25, List.of(), Map.of(0, new RunObservations.LevelJvm(1.0, 50.0, onePinned)), Map.of()))
                .stream().filter(f -> f.code() == FindingCode.CARRIER_STARVATION).findFirst().orElseThrow();
        assertThat(spareIdle.evidence()).containsEntry("carriers", 1).containsEntry("carrierThreadsAtEnd", 2);
        assertThat((Double) spareIdle.evidence().get("pinnedShareOfCarriers")).isEqualTo(0.935);
        // both pinned at once: more than the parallelism's whole time, said as 100 %
        Finding bothHeld = Diagnosis.ofRun(jdk21, twoThreads,
                        seen(JVM_25, List.of(), Map.of(0, new RunObservations.LevelJvm(1.0, 50.0, bothPinned)), Map.of()))
                .stream().filter(f -> f.code() == FindingCode.CARRIER_STARVATION).findFirst().orElseThrow();
        assertThat((Double) bothHeld.evidence().get("pinnedShareOfCarriers")).isEqualTo(1.9);
        assertThat(bothHeld.summary()).contains("their 1 carrier pinned 100%");
        // not read (the Kubernetes engine): nothing shown
        assertThat(Diagnosis.ofRun(jdk21, List.of(Facts.level(100).set("cpu", 15.0).build()),
                        seen(JVM_25, List.of(), Map.of(0, new RunObservations.LevelJvm(1.0, 50.0, onePinned)), Map.of()))
                .stream().filter(f -> f.code() == FindingCode.CARRIER_STARVATION).findFirst().orElseThrow()
                .evidence()).doesNotContainKey("carrierThreadsAtEnd");
    }

    @Test
    void gcPressureFromPausesOrAFullHeap() {
        var level = Facts.level(200).build();
        var pauses = seen(JVM_25, List.of(), Map.of(0, new RunObservations.LevelJvm(120.0, 40.0, List.of())), Map.of());
        var full = seen(JVM_25, List.of(), Map.of(0, new RunObservations.LevelJvm(10.0, 120.0, List.of())), Map.of());

        assertThat(codes(Diagnosis.ofRun(Facts.ioHttp(ThreadModel.VIRTUAL), List.of(level), pauses)))
                .contains(FindingCode.GC_PRESSURE, FindingCode.SMALL_DEFAULT_HEAP);
        assertThat(codes(Diagnosis.ofRun(Facts.ioHttp(ThreadModel.VIRTUAL), List.of(level), full)))
                .contains(FindingCode.GC_PRESSURE);
    }

    @Test
    void clientPoolRefusalsInTheLogBelongToTheirLevel() {
        var level = Facts.level(200).build();
        var hit = new RunObservations.LogHit(Facts.START.plusSeconds(2),
                "io-http upstream failed: Pending acquire queue has reached its maximum size of 8 (12 failures in the last second)");

        List<Finding> findings = Diagnosis.ofRun(Facts.ioHttp(ThreadModel.WEBFLUX), List.of(level),
                seen(JVM_25, List.of(), Map.of(), Map.of(RunRules.CLIENT_POOL_REFUSED, List.of(hit))));

        assertThat(codes(findings)).containsExactly(FindingCode.CLIENT_POOL_EXHAUSTED);
        assertThat(findings.getFirst().summary()).contains("Pending acquire queue");
    }

    @Test
    void theSerialCollectorChosenByErgonomicsIsSaidButNotOneTheOptionsChose() {
        var ergonomic = new RunObservations.JvmView("Eclipse Adoptium", "25.0.1+8", 1, 512L, 128, true, "Serial", true);
        List<Finding> findings = Diagnosis.ofRun(Facts.ioHttp(ThreadModel.VIRTUAL), List.of(Facts.level(20).build()),
                seen(ergonomic, List.of(), Map.of(), Map.of()));

        assertThat(codes(findings)).containsExactly(FindingCode.ERGONOMIC_SERIAL_GC);
        Finding serial = findings.getFirst();
        assertThat(serial.severity()).isEqualTo(dev.jvmbench.common.finding.Severity.INFO);
        assertThat(serial.levelIndex()).isNull();
        assertThat(serial.summary()).contains("Serial collector for the 1 CPU and 512 MB it counted", "G1 only from 2 CPUs and 1792 MB");
        assertThat(serial.evidence()).containsEntry("jvmProcessors", 1).containsEntry("containerMemoryMb", 512L)
                .containsEntry("origin", "Ergonomic");
        assertThat(serial.advice()).contains("-XX:+UseG1GC", "-XX:+UseSerialGC");

        var byOptions = new RunObservations.JvmView("Eclipse Adoptium", "25.0.1+8", 1, 512L, 128, true, "Serial", false);
        var g1 = new RunObservations.JvmView("Eclipse Adoptium", "25.0.1+8", 2, 2048L, 512, true, "G1", true);
        for (var jvm : List.of(byOptions, g1)) {
            assertThat(codes(Diagnosis.ofRun(Facts.ioHttp(ThreadModel.VIRTUAL), List.of(Facts.level(20).build()),
                    seen(jvm, List.of(), Map.of(), Map.of())))).doesNotContain(FindingCode.ERGONOMIC_SERIAL_GC);
        }
    }

    @Test
    void aJvmThatSeesMoreCpusThanItsLimitAndALostRecording() {
        var moreCpus = new RunObservations.JvmView("Debian", "21.0.5", 2, 512L, 128, true, "Serial");
        assertThat(codes(Diagnosis.ofRun(Facts.ioHttp(ThreadModel.PLATFORM), List.of(Facts.level(20).build()),
                seen(moreCpus, List.of(), Map.of(), Map.of())))).containsExactly(FindingCode.JVM_CPU_MISMATCH);

        assertThat(codes(Diagnosis.ofRun(Facts.ioHttp(ThreadModel.PLATFORM), List.of(Facts.level(20).build()),
                seen(null, List.of(), Map.of(), Map.of())))).containsExactly(FindingCode.JFR_LOST);
    }
}
