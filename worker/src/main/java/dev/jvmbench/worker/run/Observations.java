package dev.jvmbench.worker.run;

import dev.jvmbench.common.jvm.JvmChoices;
import dev.jvmbench.common.jvm.JvmFacts;
import dev.jvmbench.common.jvm.Recording;
import dev.jvmbench.worker.finding.RunObservations;
import dev.jvmbench.worker.probe.JfrAnalyzer;
import dev.jvmbench.worker.probe.JvmSecond;
import dev.jvmbench.worker.probe.LogScan;
import dev.jvmbench.worker.probe.OomKind;
import dev.jvmbench.worker.probe.OutOfMemory;
import dev.jvmbench.worker.probe.PinnedSite;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the finding rules read of a whole run: its recording (possibly partial, possibly none)
 * and its app's time-stamped log, reduced to the JVM's view, the errors it threw, each level's
 * GC, heap and pinning, and the log's named patterns.
 */
final class Observations {

    private static final double BYTES_PER_MB = 1024 * 1024;

    private Observations() {
    }

    /** Why a run has no profile: its recording was lost. */
    static final String RECORDING_LOST = "no readable JFR recording came out of the app";
    /** Why a run has no profile: it failed before its recording was read. */
    static final String NOT_COLLECTED = "the run ended before its JFR recording was read";

    /** Why a run has no profile: its job turned the recording off. */
    static final String RECORDING_OFF = "the job ran without the JFR recording (\"recording\": \"off\")";

    /**
     * A run without a recording to read (lost, never read, or turned off by its job, as {@code
     * recording} says, for the reason given): only its log speaks.
     */
    static RunObservations fromLog(List<LogScan.Line> log, Recording recording, String noProfiles) {
        return new RunObservations(null, recording.wireName(), errors(log, null), Map.of(), hits(log),
                RunObservations.Profiles.none(noProfiles));
    }

    static RunObservations of(JfrAnalyzer recording, List<MeasuredLevel> measured, List<LogScan.Line> log,
                              RunObservations.Profiles profiles) {
        Map<Integer, RunObservations.LevelJvm> levels = new LinkedHashMap<>();
        for (MeasuredLevel level : measured) {
            levels.put(level.levelIndex(), levelJvm(recording, level));
        }
        JvmFacts facts = recording.facts().orElse(null);
        return new RunObservations(view(facts), recording(recording).wireName(), errors(log, recording), levels,
                hits(log), profiles);
    }

    static Recording recording(JfrAnalyzer recording) {
        return recording.source().complete() ? Recording.COMPLETE : Recording.PARTIAL;
    }

    /**
     * GC, heap and pinning of one level. A complete recording answers its windows; a partial one
     * ends where the JVM stopped flushing, so its per-second figures stand for what it covers.
     */
    static RunObservations.LevelJvm levelJvm(JfrAnalyzer recording, MeasuredLevel level) {
        List<JvmSecond> seconds = recording.seconds(level.start(), level.end());
        Double heapAfterGcMax = seconds.stream().filter(JvmSecond::covered).map(JvmSecond::heapAfterGcMb)
                .filter(Objects::nonNull).max(Double::compare).orElse(null);
        List<RunObservations.PinGroup> pins = recording.pinnedSites(level.start(), level.end()).stream()
                .map(site -> new RunObservations.PinGroup(site.frame(), site.count(),
                        site.totalPinned().toNanos() / 1e6, context(site), level.start()))
                .toList();
        return new RunObservations.LevelJvm(gcPauseMsPerSecond(seconds), heapAfterGcMax, pins);
    }

    /** GC pause time per covered second of the level; null when the recording covers none of it. */
    static Double gcPauseMsPerSecond(List<JvmSecond> seconds) {
        List<JvmSecond> covered = seconds.stream().filter(JvmSecond::covered).toList();
        if (covered.isEmpty()) {
            return null;
        }
        return covered.stream().mapToDouble(s -> s.gcPauseMs() == null ? 0 : s.gcPauseMs()).sum() / covered.size();
    }

    /** Mean of the heap used per covered second; null when none is covered. */
    static Double heapMeanMb(List<JvmSecond> seconds) {
        return seconds.stream().filter(JvmSecond::covered).map(JvmSecond::heapUsedMaxMb).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).average().stream().boxed().findFirst().orElse(null);
    }

    private static List<String> context(PinnedSite site) {
        List<String> context = new ArrayList<>(site.context());
        site.pinnedReasons().forEach(reason -> context.add("reason: " + reason));
        return context;
    }

    static RunObservations.JvmView view(JvmFacts facts) {
        if (facts == null || facts.cpuCount() == null || facts.heapMaxBytes() == null) {
            return null;
        }
        Long memoryMb = facts.containerMemoryLimitBytes() == null || facts.containerMemoryLimitBytes() < 0 ? null
                : Math.round(facts.containerMemoryLimitBytes() / BYTES_PER_MB);
        // MaxHeapSize set by -Xmx or a RAM percentage shows a Command line / Environment origin
        boolean ergonomic = facts.flag("MaxHeapSize").map(flag -> flag.origin().equals("Ergonomic")).orElse(true)
                && facts.flag("MaxRAMPercentage").isEmpty() && facts.flag("MaxRAM").isEmpty();
        return new RunObservations.JvmView(facts.vendor(), facts.runtimeVersion(), facts.cpuCount(), memoryMb,
                Math.round(facts.heapMaxBytes() / BYTES_PER_MB), ergonomic, JvmChoices.gc(facts),
                Boolean.TRUE.equals(JvmChoices.gcByErgonomics(facts)));
    }

    /**
     * The OutOfMemoryErrors of the log and the recording, one per kind (a full heap fails in
     * every thread that allocates: one finding, with the first thread and the count), first seen first.
     *
     * <p>An error the JVM could not report (its message lost, e.g. {@code Exception:
     * java.lang.OutOfMemoryError thrown from the UncaughtExceptionHandler in thread "X"}: the
     * handler itself ran out of memory) is counted with the first error of a known kind when the
     * run has one, since it is the same exhaustion seen again; alone, it stays its own finding.
     *
     * <p>The JVM's own report of its first error ({@link OutOfMemory#FROM_JVM_REPORT}) is not
     * counted where the log or the recording shows the same kind (it is the same error); it gives
     * the kind's moment when it came first, and stands alone when the app caught the error or
     * could no longer log it.
     */
    static List<RunObservations.OutOfMemory> errors(List<LogScan.Line> log, JfrAnalyzer recording) {
        List<OutOfMemory> all = new ArrayList<>(LogScan.outOfMemoryErrors(log));
        if (recording != null) {
            all.addAll(recording.outOfMemoryErrors());
        }
        List<OutOfMemory> sorted = all.stream()
                .sorted(Comparator.comparing(OutOfMemory::at, Comparator.nullsLast(Comparator.naturalOrder()))).toList();
        boolean anyReported = sorted.stream().anyMatch(oom -> !unreported(oom));
        Map<String, List<OutOfMemory>> byKind = new LinkedHashMap<>();
        sorted.stream().filter(oom -> !anyReported || !unreported(oom))
                .forEach(oom -> byKind.computeIfAbsent(oom.kind().wireName(), k -> new ArrayList<>()).add(oom));
        long folded = anyReported ? sorted.stream().filter(Observations::unreported).count() : 0;
        List<RunObservations.OutOfMemory> errors = new ArrayList<>();
        for (List<OutOfMemory> same : byKind.values()) {
            // the earliest moment (the JVM reports before the app logs), the app's own words where it has them
            OutOfMemory first = same.getFirst();
            List<OutOfMemory> shown = same.stream().filter(oom -> !fromJvmReport(oom)).toList();
            OutOfMemory named = shown.isEmpty() ? first : shown.getFirst();
            String kind = named.message() == null || named.message().isBlank() ? named.kind().wireName() : named.message();
            // the JVM reports only its first error, which may be the one a lost line stands for: at least one
            int count = Math.max(1, shown.size() + (errors.isEmpty() ? (int) folded : 0));
            errors.add(new RunObservations.OutOfMemory(first.at(), kind, named.thread(), named.source(),
                    "java.lang.OutOfMemoryError: " + kind, count, shown.isEmpty()));
        }
        return errors;
    }

    private static boolean fromJvmReport(OutOfMemory oom) {
        return OutOfMemory.FROM_JVM_REPORT.equals(oom.source());
    }

    /** An error of no known kind whose log line carries no message of its own. */
    private static boolean unreported(OutOfMemory oom) {
        // LogScan keeps the line itself as the message when the error has none after its class name
        return oom.kind() == OomKind.OTHER && OutOfMemory.FROM_LOG.equals(oom.source())
                && (oom.message() == null
                || oom.message().contains("OutOfMemoryError") && !oom.message().contains("OutOfMemoryError:"));
    }

    /** The log's named patterns by their name, each hit with its time and line. */
    static Map<String, List<RunObservations.LogHit>> hits(List<LogScan.Line> log) {
        Map<String, List<RunObservations.LogHit>> hits = new LinkedHashMap<>();
        for (LogScan.Finding hit : LogScan.scan(log)) {
            hits.computeIfAbsent(hit.pattern(), p -> new ArrayList<>()).add(new RunObservations.LogHit(hit.at(), hit.line()));
        }
        return hits;
    }
}
