package dev.jvmbench.worker.finding;

import static dev.jvmbench.worker.finding.LevelRules.evidence;
import static dev.jvmbench.worker.finding.LevelRules.n;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.common.series.SeriesMetric;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The findings only the whole run shows: from its JFR recording (GC, heap, pinning, what the JVM
 * saw, the errors it threw) and its log, placed at the level whose window holds their moment.
 */
final class RunRules {

    /** GC pause time per second of the window: 5% of the time. */
    static final double GC_PAUSE_MS_PER_SECOND = 50;
    /** Heap after collections as a share of the max heap. */
    static final double HEAP_AFTER_GC_SHARE = 0.85;
    /** An ergonomic max heap at or below this share of the container's memory is the JVM's small default. */
    static final double SMALL_HEAP_SHARE = 0.30;
    /** The share of the memory limit a suggested heap leaves free beside what the JVM uses besides the heap. */
    static final double HEAP_ADVICE_HEADROOM = 0.10;
    /** Log patterns the rules know, by id (the app's own words; target-apps/README.md for the stock apps). */
    static final String CLIENT_POOL_REFUSED = "client-pool-refused"; // LogScan.CLIENT_POOL_REFUSED
    static final int PIN_FRAMES_SHOWN = 3;
    /** Pinned time as a share of the carriers' time (window x carriers) from which carriers were starved. */
    static final double PINNED_SHARE_OF_CARRIERS = 0.5;
    /** HotSpot's "server class machine", from which its ergonomics takes G1 rather than Serial: CPUs and memory. */
    static final int SERVER_CLASS_CPUS = 2;
    static final int SERVER_CLASS_MEMORY_MB = 1792;

    private RunRules() {
    }

    static List<Finding> evaluate(RunFacts run, List<LevelFacts> levels, RunObservations seen) {
        List<Finding> found = new ArrayList<>();
        javaOom(levels, seen, found);
        pinning(run, levels, seen, found);
        carrierStarvation(run, levels, seen, found);
        gcPressure(levels, seen, found);
        clientPoolExhausted(levels, seen, found);
        jvmCpuMismatch(run, seen, found);
        smallDefaultHeap(run, levels, seen, found);
        ergonomicSerialGc(run, seen, found);
        coresShared(run, found);
        jfrLost(seen, found);
        return found;
    }

    /** A whole-number CPU limit that this host could not give cores of its own (docs/metrics.md, "Pinned cores"). */
    private static void coresShared(RunFacts run, List<Finding> found) {
        if (run.coresShared() == null) {
            return;
        }
        found.add(Finding.of(FindingCode.CORES_SHARED, null, null, null, "The app was not pinned: " + run.coresShared() + ".",
                evidence("cpuLimit", run.cpus(), "hostCoresAvailable", Runtime.getRuntime().availableProcessors()),
                "Give the worker a host with at least " + ((int) run.cpus() + 1) + " cores for " + n(run.cpus())
                        + "-CPU cells, or judge such cells against a paired baseline."));
    }

    private static void javaOom(List<LevelFacts> levels, RunObservations seen, List<Finding> found) {
        for (RunObservations.OutOfMemory oom : seen.errors()) {
            Optional<LevelFacts> level = levelAt(levels, oom.at());
            found.add(finding(FindingCode.JAVA_OOM, level, oom.at(),
                    ("java.lang.OutOfMemoryError: %s%s at %s%s%s: the app measured after it is a damaged process.")
                            .formatted(oom.kind(), oom.thread() == null ? "" : " in thread \"" + oom.thread() + "\"",
                                    oom.at(), oom.count() > 1 ? " (" + oom.count() + " times)" : "",
                                    oom.onlyTheJvmReported() ? ", reported by the JVM itself: the app's log does not "
                                            + "show it (the app caught it, or its logging failed under it)" : ""),
                    evidence("kind", oom.kind(), "thread", oom.thread(), "at", oom.at() == null ? null : oom.at().toString(),
                            "count", oom.count(), "source", oom.source(), "logLine", oom.line()), null));
        }
    }

    private static void pinning(RunFacts run, List<LevelFacts> levels, RunObservations seen, List<Finding> found) {
        for (LevelFacts level : levels) {
            RunObservations.LevelJvm jvm = seen.levels().get(level.levelIndex());
            if (jvm == null || jvm.pins().isEmpty()) {
                continue;
            }
            List<RunObservations.PinGroup> groups = jvm.pins().stream()
                    .sorted(Comparator.comparingDouble(RunObservations.PinGroup::totalMs).reversed()).toList();
            long events = groups.stream().mapToLong(RunObservations.PinGroup::count).sum();
            double totalMs = groups.stream().mapToDouble(RunObservations.PinGroup::totalMs).sum();
            RunObservations.PinGroup top = groups.getFirst();
            String advice = run.jdk() <= 23
                    ? "On JDK %d a virtual thread that blocks inside synchronized pins its carrier: replace synchronized "
                            + "around the blocking call in %s with a ReentrantLock, or move to JDK 24+ (JEP 491)."
                    : "On JDK %d synchronized no longer pins (JEP 491): what pins in %s is native code or a class "
                            + "initializer; move the blocking call out of it.";
            found.add(Finding.of(FindingCode.PINNING, level.levelIndex(), level.level(), top.first(),
                    "%d pinned virtual threads, %s ms pinned in all, most in %s (%d events, %s ms)%s."
                            .formatted(events, n(totalMs), top.frame(), top.count(), n(top.totalMs()),
                                    groups.size() > 1 ? " and " + (groups.size() - 1) + " other frames" : ""),
                    evidence("events", events, "pinnedMs", totalMs, "jdk", run.jdk(), "frames", groups.stream()
                            .limit(PIN_FRAMES_SHOWN).map(g -> Map.of("frame", g.frame(), "count", g.count(),
                                    "pinnedMs", g.totalMs(), "context", g.context())).toList()),
                    advice.formatted(run.jdk(), top.frame())));
        }
    }

    /**
     * Carriers held pinned for most of the window while the CPU was not saturated: runnable
     * virtual threads waited for a carrier that was blocked, not computing. JFR's pinned time
     * stands in for the scheduler's queue where the app exposes no virtual-thread gauges
     * (micrometer-java21 needs JDK 24+ for them); the level rule reads the gauges where it can.
     */
    private static void carrierStarvation(RunFacts run, List<LevelFacts> levels, RunObservations seen,
                                          List<Finding> found) {
        if (run.threadModel() != dev.jvmbench.common.job.ThreadModel.VIRTUAL || seen.jvm() == null) {
            return;
        }
        // The share is of the scheduler's parallelism, not of the carrier threads alive: JDK 21 may keep a spare it
        // started for a carrier blocked in file I/O, and the pool may or may not hand it work while the others are
        // pinned (a pinned carrier still counts as active). Two alive gave 19 req/s for a 50 ms hold on one run and
        // 38.4 on another: the threads are an upper bound, the parallelism is what is sure to be there.
        int carriers = Math.max(1, seen.jvm().availableProcessors());
        for (LevelFacts level : levels) {
            RunObservations.LevelJvm jvm = seen.levels().get(level.levelIndex());
            if (jvm == null || jvm.pins().isEmpty() || level.measuredSeconds() <= 0) {
                continue;
            }
            double pinnedMs = jvm.pins().stream().mapToDouble(RunObservations.PinGroup::totalMs).sum();
            double share = pinnedMs / (level.measuredSeconds() * 1000 * carriers);
            boolean cpuIdle = level.cpuPercentOfLimit() != null
                    && level.cpuPercentOfLimit() < LevelRules.CARRIER_CPU_PERCENT;
            if (share < PINNED_SHARE_OF_CARRIERS || !cpuIdle) {
                continue;
            }
            found.add(Finding.of(FindingCode.CARRIER_STARVATION, level.levelIndex(), level.level(), level.start(),
                    ("Virtual threads held their %d carrier%s pinned %s%% of the time while the CPU ran at %s%% of its "
                            + "limit: %d users queued behind blocked carriers, not busy ones.").formatted(carriers,
                            carriers == 1 ? "" : "s", n(Math.min(100, share * 100)), n(level.cpuPercentOfLimit()),
                            level.level()),
                    evidence("pinnedMs", pinnedMs, "carriers", carriers, "pinnedShareOfCarriers", share,
                            "carrierThreadsAtEnd", level.carriersAtEnd(),
                            "cpuPercentOfLimit", level.cpuPercentOfLimit(), "source", "JFR pinned events"), null));
        }
    }

    private static void gcPressure(List<LevelFacts> levels, RunObservations seen, List<Finding> found) {
        Long maxHeapMb = seen.jvm() == null ? null : seen.jvm().maxHeapMb();
        for (LevelFacts level : levels) {
            RunObservations.LevelJvm jvm = seen.levels().get(level.levelIndex());
            if (jvm == null) {
                continue;
            }
            boolean pauses = jvm.gcPauseMsPerSecond() != null && jvm.gcPauseMsPerSecond() >= GC_PAUSE_MS_PER_SECOND;
            boolean full = jvm.heapAfterGcMaxMb() != null && maxHeapMb != null && maxHeapMb > 0
                    && jvm.heapAfterGcMaxMb() >= HEAP_AFTER_GC_SHARE * maxHeapMb;
            if (!pauses && !full) {
                continue;
            }
            found.add(Finding.of(FindingCode.GC_PRESSURE, level.levelIndex(), level.level(), level.start(),
                    "GC paused %s ms per second (%s%% of the time)%s.".formatted(n(jvm.gcPauseMsPerSecond()),
                            n(jvm.gcPauseMsPerSecond() == null ? null : jvm.gcPauseMsPerSecond() / 10),
                            full ? "; after collections the heap still held " + n(jvm.heapAfterGcMaxMb()) + " of "
                                    + maxHeapMb + " MB" : ""),
                    evidence("gcPauseMsPerSecond", jvm.gcPauseMsPerSecond(), "heapAfterGcMaxMb", jvm.heapAfterGcMaxMb(),
                            "maxHeapMb", maxHeapMb), null));
        }
    }

    private static void clientPoolExhausted(List<LevelFacts> levels, RunObservations seen, List<Finding> found) {
        List<RunObservations.LogHit> hits = seen.logHits().getOrDefault(CLIENT_POOL_REFUSED, List.of());
        if (hits.isEmpty()) {
            return;
        }
        for (LevelFacts level : levels) {
            List<RunObservations.LogHit> inLevel = hits.stream()
                    .filter(hit -> hit.at() != null && !hit.at().isBefore(level.start()) && !hit.at().isAfter(level.end()))
                    .toList();
            if (inLevel.isEmpty()) {
                continue;
            }
            RunObservations.LogHit first = inLevel.getFirst();
            found.add(Finding.of(FindingCode.CLIENT_POOL_EXHAUSTED, level.levelIndex(), level.level(), first.at(),
                    "The app's HTTP client refused requests for want of a pooled connection (%d log lines, first at %s): %s"
                            .formatted(inLevel.size(), first.at(), first.line()),
                    evidence("logLines", inLevel.size(), "firstLine", first.line(), "at", first.at().toString(),
                            "errors", level.errors()), null));
        }
    }

    private static void jvmCpuMismatch(RunFacts run, RunObservations seen, List<Finding> found) {
        if (seen.jvm() == null || run.cpus() <= 0) {
            return;
        }
        int limit = (int) Math.ceil(run.cpus());
        if (seen.jvm().availableProcessors() <= limit) {
            return;
        }
        found.add(Finding.of(FindingCode.JVM_CPU_MISMATCH, null, null, null,
                "The JVM uses %d processors in a container limited to %s CPUs: its GC threads, common pool and carriers are sized for CPUs it cannot use."
                        .formatted(seen.jvm().availableProcessors(), n(run.cpus())),
                evidence("jvmProcessors", seen.jvm().availableProcessors(), "cpuLimit", run.cpus()),
                "Add -XX:ActiveProcessorCount=%d to the job's jvmOptions.".formatted(limit)));
    }

    private static void smallDefaultHeap(RunFacts run, List<LevelFacts> levels, RunObservations seen, List<Finding> found) {
        if (seen.jvm() == null || !seen.jvm().maxHeapErgonomic()) {
            return;
        }
        long memoryMb = seen.jvm().containerMemoryMb() != null ? seen.jvm().containerMemoryMb() : run.memoryMb();
        boolean heapWasThePressure = found.stream().anyMatch(f -> f.code() == FindingCode.GC_PRESSURE)
                || seen.errors().stream().anyMatch(RunObservations.OutOfMemory::heap);
        long maxHeapMb = seen.jvm().maxHeapMb();
        if (!heapWasThePressure || maxHeapMb > SMALL_HEAP_SHARE * memoryMb) {
            return;
        }
        HeapFit fit = HeapFit.of(levels, maxHeapMb, memoryMb);
        found.add(Finding.of(FindingCode.SMALL_DEFAULT_HEAP, null, null, null,
                ("The JVM chose a max heap of %d MB on its own, %s%% of the container's %d MB, and the heap was the "
                        + "pressure.").formatted(maxHeapMb, n(100.0 * maxHeapMb / memoryMb), memoryMb),
                evidence("maxHeapMb", maxHeapMb, "containerMemoryMb", memoryMb, "containerPeakMb", fit.peakMb(),
                        "besidesHeapMb", fit.besidesHeapMb(), "suggestedHeapMb", fit.suggestedHeapMb()),
                fit.advice(maxHeapMb, memoryMb)));
    }

    /**
     * A heap that fits beside what the JVM used besides its heap in this run. "MaxRAMPercentage=75",
     * the usual advice, ignores that memory: a Spring Boot app with Hibernate and Thymeleaf uses a few
     * hundred MB of metaspace, code cache, thread stacks and buffers, and at 75 % of 1 GB the
     * sample shop was OOMKilled in every run. The container's peak in the run (the cgroup's usage,
     * page cache included, so an overestimate) less the max heap (the heap under pressure is about
     * all committed) is what the rest took; the advice leaves 10 % of the limit free beside it.
     *
     * @param peakMb          the container's peak memory over the levels, null when not measured
     * @param suggestedHeapMb null when no heap 1.25x the present one fits (or the peak is unknown)
     */
    private record HeapFit(Long peakMb, Long besidesHeapMb, Long suggestedHeapMb) {

        static HeapFit of(List<LevelFacts> levels, long maxHeapMb, long memoryMb) {
            OptionalDouble peak = levels.stream().map(LevelFacts::series).filter(Objects::nonNull)
                    .flatMap(series -> series.column(SeriesMetric.MEMORY_MB).stream())
                    .filter(Objects::nonNull).mapToDouble(Double::doubleValue).max();
            if (peak.isEmpty()) {
                return new HeapFit(null, null, null);
            }
            long peakMb = Math.round(peak.getAsDouble());
            long besidesHeapMb = Math.max(0, peakMb - maxHeapMb);
            long fitsMb = (long) Math.floor((memoryMb * (1 - HEAP_ADVICE_HEADROOM) - besidesHeapMb) / 16) * 16;
            return new HeapFit(peakMb, besidesHeapMb, fitsMb < maxHeapMb * 1.25 ? null : fitsMb);
        }

        String advice(long maxHeapMb, long memoryMb) {
            long usual = Math.round(memoryMb * 0.75);
            if (peakMb == null) {
                return ("Set -Xmx in the job's jvmOptions to the container's memory less what the JVM uses besides its heap "
                        + "(metaspace, code cache, thread stacks: often 150-300 MB for a Spring Boot app). "
                        + "-XX:MaxRAMPercentage=75 (a heap of about %d MB) fits only when that is under a quarter of the limit.")
                        .formatted(usual);
            }
            if (suggestedHeapMb == null) {
                return ("Raise the container's memory limit: it peaked at %d MB with this %d MB heap, so about %d MB went to "
                        + "what is not heap (metaspace, code cache, thread stacks, buffers), and a larger heap does not fit "
                        + "beside it in %d MB.").formatted(peakMb, maxHeapMb, besidesHeapMb, memoryMb);
            }
            return ("Add -Xmx%dm to the job's jvmOptions: the container peaked at %d MB with this %d MB heap, so about %d MB "
                    + "went to what is not heap (metaspace, code cache, thread stacks, buffers), and %d MB of heap leaves "
                    + "10%% of the limit free beside it. -XX:MaxRAMPercentage=75 (%d MB) would not leave that room%s.")
                    .formatted(suggestedHeapMb, peakMb, maxHeapMb, besidesHeapMb, suggestedHeapMb, usual,
                            usual > suggestedHeapMb ? " and can get the container OOMKilled" : "");
        }
    }

    /**
     * The JVM took the Serial collector because no option chose one and it counted fewer than 2
     * CPUs or less than 1792 MB (HotSpot's "server class machine"): a server's requests then share
     * one single-threaded stop-the-world collector, and the same app on larger limits gets G1.
     */
    private static void ergonomicSerialGc(RunFacts run, RunObservations seen, List<Finding> found) {
        if (seen.jvm() == null || !"Serial".equals(seen.jvm().gc()) || !seen.jvm().gcErgonomic()) {
            return;
        }
        int cpus = seen.jvm().availableProcessors();
        Long memoryMb = seen.jvm().containerMemoryMb() != null ? seen.jvm().containerMemoryMb()
                : run.memoryMb() > 0 ? Long.valueOf(run.memoryMb()) : null;
        List<String> small = new ArrayList<>();
        if (cpus < SERVER_CLASS_CPUS) {
            small.add(cpus + (cpus == 1 ? " CPU" : " CPUs"));
        }
        if (memoryMb != null && memoryMb < SERVER_CLASS_MEMORY_MB) {
            small.add(memoryMb + " MB");
        }
        found.add(Finding.of(FindingCode.ERGONOMIC_SERIAL_GC, null, null, null,
                ("The JVM's ergonomics chose the Serial collector%s: no option chose one, and it takes G1 only from %d "
                        + "CPUs and %d MB. The app served its load with a single-threaded stop-the-world collector.")
                        .formatted(small.isEmpty() ? "" : " for the " + String.join(" and ", small) + " it counted",
                                SERVER_CLASS_CPUS, SERVER_CLASS_MEMORY_MB),
                evidence("gc", seen.jvm().gc(), "origin", "Ergonomic", "jvmProcessors", cpus, "containerMemoryMb", memoryMb),
                "Choose the collector in the job's jvmOptions: -XX:+UseG1GC for what the app gets on a larger machine, or "
                        + "-XX:+UseSerialGC to keep Serial on purpose (comparisons across limits then compare the same "
                        + "collector)."));
    }

    private static void jfrLost(RunObservations seen, List<Finding> found) {
        if (!"lost".equals(seen.recording())) {
            return;
        }
        found.add(Finding.of(FindingCode.JFR_LOST, null, null, null,
                "No readable JFR recording came out of the app: GC, heap, pinning and the JVM's settings are missing for this run.",
                evidence("recording", seen.recording()), null));
    }

    private static Optional<LevelFacts> levelAt(List<LevelFacts> levels, Instant at) {
        if (at == null) {
            return Optional.empty();
        }
        return levels.stream().filter(l -> !at.isBefore(l.start()) && !at.isAfter(l.end())).findFirst();
    }

    private static Finding finding(FindingCode code, Optional<LevelFacts> level, Instant at, String summary,
                                   Map<String, Object> evidence, String advice) {
        return Finding.of(code, level.map(LevelFacts::levelIndex).orElse(null), level.map(LevelFacts::level).orElse(null),
                at, summary, evidence, advice);
    }
}
