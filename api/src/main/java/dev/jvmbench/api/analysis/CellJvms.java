package dev.jvmbench.api.analysis;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.jvm.JvmChoices;
import dev.jvmbench.common.jvm.JvmFacts;
import dev.jvmbench.common.store.JvmRow;
import dev.jvmbench.common.store.RunJvm;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * What the JVMs of a job's cells saw (run_jvm, docs/metrics.md "What the JVM saw"), per cell: one
 * {@link Jvm} per succeeded run whose recording was read, and the differences that make two cells'
 * numbers measure different JVMs although the job asked for the same: a collector or a max heap
 * the JVM's ergonomics chose for the machine it counted (comparison warnings).
 */
@Component
class CellJvms {

    private static final long MB = 1024 * 1024;

    private final RunJvm jvms;

    CellJvms(RunJvm jvms) {
        this.jvms = jvms;
    }

    /**
     * One run's JVM as the summary and the comparisons read it.
     *
     * @param gcByErgonomics     null when the recording cannot tell
     * @param heapByErgonomics   null when the recording cannot tell
     * @param jobFlags           the non-default flags the job's options set, as {@code Name=value}
     * @param ergonomicFlags     how many flags the JVM's ergonomics chose
     * @param launchFlags        how many flags the launch set (the platform's recording, the image)
     */
    record Jvm(int repetition, String version, String vendor, String gc, Boolean gcByErgonomics, Long heapMaxBytes,
               Boolean heapByErgonomics, Integer cpus, Long containerMemoryBytes, List<String> jobFlags,
               int ergonomicFlags, int launchFlags, String machine) {

        static Jvm of(StoredResults.RunFacts run, JvmFacts facts, JobSpec spec) {
            List<String> options = JvmChoices.jobOptions(spec, run.threadModel());
            List<String> jobFlags = new ArrayList<>();
            int ergonomic = 0;
            int launch = 0;
            for (JvmFacts.JvmFlag flag : facts.nonDefaultFlags()) {
                switch (JvmChoices.setBy(flag, options)) {
                    case JOB -> jobFlags.add(flag.name() + "=" + flag.value());
                    case ERGONOMICS -> ergonomic++;
                    case LAUNCH -> launch++;
                    default -> {
                    }
                }
            }
            return new Jvm(run.repetition(), facts.runtimeVersion(), facts.vendor(), JvmChoices.gc(facts),
                    JvmChoices.gcByErgonomics(facts), facts.heapMaxBytes(), JvmChoices.maxHeapByErgonomics(facts),
                    facts.cpuCount(), facts.containerMemoryLimitBytes(), List.copyOf(jobFlags), ergonomic, launch,
                    JvmChoices.machine(facts));
        }

        String heapText() {
            return heapMaxBytes == null ? "–" : mb(heapMaxBytes);
        }
    }

    /** The JVMs of each cell's succeeded runs that have facts, in repetition order; a cell without any is absent. */
    Map<CellKey, List<Jvm>> of(StoredResults.JobResults results) {
        List<StoredResults.RunFacts> succeeded = results.runs().stream()
                .filter(run -> run.status() == RunStatus.SUCCEEDED).toList();
        Map<Long, JvmFacts> facts = new LinkedHashMap<>();
        for (JvmRow row : jvms.ofRuns(succeeded.stream().map(StoredResults.RunFacts::id).toList())) {
            if (row.facts() != null) {
                facts.put(row.runId(), row.facts());
            }
        }
        Map<CellKey, List<Jvm>> cells = new TreeMap<>(CellKey.ORDER);
        succeeded.stream().sorted(java.util.Comparator.comparingInt(StoredResults.RunFacts::repetition))
                .filter(run -> facts.containsKey(run.id()))
                .forEach(run -> cells.computeIfAbsent(new CellKey(run.jdk(), run.threadModel()), k -> new ArrayList<>())
                        .add(Jvm.of(run, facts.get(run.id()), results.job().spec())));
        return cells;
    }

    /**
     * The warnings of a comparison whose two cells ran a different collector or max heap while at
     * least one side's was the JVM's ergonomic choice (not the job's options): the numbers then
     * compare collectors (or heaps) as much as what the job meant to compare. Said once per pair.
     */
    static List<String> differences(String pairLabel, List<Jvm> base, List<Jvm> candidate) {
        List<String> warnings = new ArrayList<>();
        if (base == null || candidate == null || base.isEmpty() || candidate.isEmpty()) {
            return warnings;
        }
        Set<String> baseGc = distinct(base, Jvm::gc);
        Set<String> candidateGc = distinct(candidate, Jvm::gc);
        if (!baseGc.contains(null) && !candidateGc.contains(null) && !baseGc.equals(candidateGc)
                && !(chosenByOptions(base, Jvm::gcByErgonomics) && chosenByOptions(candidate, Jvm::gcByErgonomics))) {
            warnings.add(pairLabel + ": the GC differs: " + describe(base, Jvm::gc, Jvm::gcByErgonomics, "GC") + " vs "
                    + describe(candidate, Jvm::gc, Jvm::gcByErgonomics, "GC")
                    + "; the comparison measures the collectors too (set one in the job's jvmOptions, e.g. -XX:+UseG1GC)");
        }
        Set<String> baseHeap = distinct(base, jvm -> jvm.heapMaxBytes() == null ? null : mb(jvm.heapMaxBytes()));
        Set<String> candidateHeap = distinct(candidate, jvm -> jvm.heapMaxBytes() == null ? null : mb(jvm.heapMaxBytes()));
        if (!baseHeap.contains(null) && !candidateHeap.contains(null) && !baseHeap.equals(candidateHeap)
                && !(chosenByOptions(base, Jvm::heapByErgonomics) && chosenByOptions(candidate, Jvm::heapByErgonomics))) {
            warnings.add(pairLabel + ": the max heap differs: "
                    + describe(base, jvm -> jvm.heapMaxBytes() == null ? null : mb(jvm.heapMaxBytes()), Jvm::heapByErgonomics,
                    "max heap")
                    + " vs " + describe(candidate, jvm -> jvm.heapMaxBytes() == null ? null : mb(jvm.heapMaxBytes()),
                    Jvm::heapByErgonomics, "max heap")
                    + " (set one in the job's jvmOptions, e.g. -Xmx or -XX:MaxRAMPercentage)");
        }
        return warnings;
    }

    /** Every run of the side had it set by options (false: not the ergonomics' choice). */
    private static boolean chosenByOptions(List<Jvm> side, Function<Jvm, Boolean> byErgonomics) {
        return side.stream().allMatch(jvm -> Boolean.FALSE.equals(byErgonomics.apply(jvm)));
    }

    /** "Serial (chosen by the JVM's ergonomics at 1 CPU and 512 MB)", "G1 (set by the job's options)", several joined. */
    private static String describe(List<Jvm> side, Function<Jvm, String> value, Function<Jvm, Boolean> byErgonomics,
                                   String what) {
        Map<String, Set<String>> whys = new LinkedHashMap<>();
        for (Jvm jvm : side) {
            Boolean ergonomic = byErgonomics.apply(jvm);
            String why = ergonomic == null ? "" : ergonomic
                    ? (what.equals("GC") ? "chosen by the JVM's ergonomics " : "the JVM's default ") + jvm.machine()
                    : "set by the job's options";
            whys.computeIfAbsent(value.apply(jvm), v -> new LinkedHashSet<>()).add(why);
        }
        return whys.entrySet().stream().map(e -> {
            String why = e.getValue().stream().filter(w -> !w.isEmpty()).collect(Collectors.joining("; "));
            return e.getKey() + (why.isEmpty() ? "" : " (" + why + ")");
        }).collect(Collectors.joining(" and "));
    }

    static <T> Set<T> distinct(List<Jvm> side, Function<Jvm, T> value) {
        Set<T> values = new LinkedHashSet<>();
        side.forEach(jvm -> values.add(value.apply(jvm)));
        return values;
    }

    /** Whether the runs of one cell saw the same JVM in what the summary shows. */
    static List<String> disagreements(List<Jvm> runs) {
        List<String> fields = new ArrayList<>();
        check(runs, "version", Jvm::version, fields);
        check(runs, "vendor", Jvm::vendor, fields);
        check(runs, "GC", Jvm::gc, fields);
        check(runs, "max heap", Jvm::heapText, fields);
        check(runs, "CPUs counted", Jvm::cpus, fields);
        check(runs, "flags", Jvm::jobFlags, fields);
        return fields;
    }

    private static void check(List<Jvm> runs, String name, Function<Jvm, ?> value, List<String> fields) {
        Map<Object, List<Integer>> byValue = new LinkedHashMap<>();
        runs.forEach(jvm -> byValue.computeIfAbsent(Objects.requireNonNullElse(value.apply(jvm), "–"),
                v -> new ArrayList<>()).add(jvm.repetition()));
        if (byValue.size() > 1) {
            fields.add(name + " " + byValue.entrySet().stream()
                    .map(e -> show(e.getKey()) + " (repetition" + (e.getValue().size() == 1 ? " " : "s ")
                            + e.getValue().stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")")
                    .collect(Collectors.joining(" vs ")));
        }
    }

    private static String show(Object value) {
        return value instanceof List<?> list ? (list.isEmpty() ? "none" : String.join(" ", list.stream()
                .map(String::valueOf).toList())) : String.valueOf(value);
    }

    static String mb(long bytes) {
        return bytes % MB == 0 ? (bytes / MB) + " MB" : String.format(Locale.ROOT, "%.1f MB", bytes / (double) MB);
    }
}
