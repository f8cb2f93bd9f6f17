package dev.jvmbench.worker.finding;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What only the whole run shows, once the app has stopped: its JFR recording (possibly partial)
 * and its log. Every part may be missing (no recording, an app without a log).
 *
 * @param jvm          what the JVM saw; null without a readable recording
 * @param recording    how the recording was read: "complete", "partial" (chunks of a JVM that did not
 *                     end cleanly), "lost", or "off" (the job ran without one)
 * @param errors       OutOfMemoryErrors the JVM threw, from JFR and the log, first seen first
 * @param levels       per measured level: GC, heap and pinning from JFR, by level index
 * @param logHits      named patterns found in the app's log (e.g. a client pool refusing), by pattern id
 * @param profiles     each measured level's profiles (CPU, allocation, lock, pinned stacks), or why
 *                     there are none
 */
public record RunObservations(JvmView jvm, String recording, List<OutOfMemory> errors,
                              Map<Integer, LevelJvm> levels, Map<String, List<LogHit>> logHits, Profiles profiles) {

    public RunObservations {
        errors = List.copyOf(errors);
        levels = Map.copyOf(levels);
        logHits = Map.copyOf(logHits);
        profiles = profiles == null ? Profiles.none(NO_PROFILES) : profiles;
    }

    /** Why a level has no profile when nobody said. */
    static final String NO_PROFILES = "no profile was cut from the recording";

    /** Observations without profiles. */
    public RunObservations(JvmView jvm, String recording, List<OutOfMemory> errors, Map<Integer, LevelJvm> levels,
                           Map<String, List<LogHit>> logHits) {
        this(jvm, recording, errors, levels, logHits, null);
    }

    /**
     * The levels' profiles by level index; a level not among them has none, for the reason given.
     *
     * @param missing why a level absent from {@code levels} has no profile
     */
    public record Profiles(Map<Integer, LevelStacks> levels, String missing) {

        public Profiles {
            levels = Map.copyOf(levels);
            missing = missing == null ? NO_PROFILES : missing;
        }

        /** No level has a profile, for one reason (no recording, the run ended before it was read). */
        public static Profiles none(String why) {
            return new Profiles(Map.of(), why);
        }

        public LevelStacks level(int levelIndex) {
            LevelStacks level = levels.get(levelIndex);
            return level != null ? level : LevelStacks.missing(missing);
        }
    }

    /**
     * @param availableProcessors what the JVM uses (ActiveProcessorCount / container support)
     * @param containerMemoryMb   the memory limit as the JVM sees it, null when it sees none
     * @param maxHeapMb           the max heap
     * @param maxHeapErgonomic    whether the max heap is the JVM's own choice (not -Xmx / MaxRAMPercentage)
     * @param gc                  the collector by its usual name (Serial, G1, ...: JvmChoices.gc)
     * @param gcErgonomic         whether the JVM's ergonomics chose the collector (no option did); false
     *                            when the recording cannot tell
     */
    public record JvmView(String vendor, String version, int availableProcessors, Long containerMemoryMb,
                          long maxHeapMb, boolean maxHeapErgonomic, String gc, boolean gcErgonomic) {

        /** A view that does not say who chose the collector: not the ergonomics, as far as the rules know. */
        public JvmView(String vendor, String version, int availableProcessors, Long containerMemoryMb, long maxHeapMb,
                       boolean maxHeapErgonomic, String gc) {
            this(vendor, version, availableProcessors, containerMemoryMb, maxHeapMb, maxHeapErgonomic, gc, false);
        }
    }

    /**
     * @param kind               "Java heap space", "Metaspace", "Direct buffer memory", "unable to create native thread", ...
     * @param onlyTheJvmReported the JVM's own report is all there is: the app caught the error, or
     *                           its logging failed under it
     */
    public record OutOfMemory(Instant at, String kind, String thread, String source, String line, int count,
                              boolean onlyTheJvmReported) {

        public boolean heap() {
            return kind != null && (kind.contains("heap space") || kind.contains("GC overhead"));
        }
    }

    /**
     * @param pins groups of pinned virtual threads by the application frame that pinned them
     */
    public record LevelJvm(Double gcPauseMsPerSecond, Double heapAfterGcMaxMb, List<PinGroup> pins) {

        public LevelJvm {
            pins = pins == null ? List.of() : List.copyOf(pins);
        }
    }

    /** @param frame the first application frame; context: a few frames below and above it */
    public record PinGroup(String frame, long count, double totalMs, List<String> context, Instant first) {

        public PinGroup {
            context = List.copyOf(context);
        }
    }

    public record LogHit(Instant at, String line) {
    }
}
