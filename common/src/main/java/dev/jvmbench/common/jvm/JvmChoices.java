package dev.jvmbench.common.jvm;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.ThreadModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a run's JVM chose, read from its {@link JvmFacts}, and who chose it: the JVM's ergonomics
 * (for the machine it counted: CPUs and memory) or the options it was started with. The one
 * definition of these for the worker's findings and the api's views, summaries and comparison
 * warnings (docs/metrics.md, "What the JVM saw"). Null means "cannot tell from the recording".
 */
public final class JvmChoices {

    /** Who set a flag, from its JFR origin and the job's options (see {@link #setBy}). */
    public enum SetBy {
        /** Named by the job's jvmOptions (or its platform.stackSizeKb, the -Xss of platform-thread runs). */
        JOB("job"),
        /** Given on the command line or in JAVA_TOOL_OPTIONS but not by the job: the platform's own or the image's. */
        LAUNCH("launch"),
        /** Chosen by the JVM for the machine it counted (origin {@code Ergonomic}). */
        ERGONOMICS("ergonomics"),
        /** Changed while the JVM ran ({@code Management}, {@code Attach on demand}). */
        RUNTIME("runtime"),
        /** Any other origin ({@code Internal}, ...). */
        JVM("jvm");

        private final String wire;

        SetBy(String wire) {
            this.wire = wire;
        }

        @com.fasterxml.jackson.annotation.JsonValue
        public String wire() {
            return wire;
        }
    }

    /** The origin JFR gives a flag the JVM chose for the machine. */
    public static final String ERGONOMIC = "Ergonomic";
    /** Flags that decide the max heap when given: -Xmx itself (MaxHeapSize) and the RAM fractions. */
    private static final Set<String> HEAP_SIZING = Set.of("MaxRAMPercentage", "MaxRAM", "MinRAMPercentage");

    private JvmChoices() {
    }

    /**
     * The collector in use, by its usual name: {@code Serial}, {@code G1}, {@code Parallel},
     * {@code ZGC}, {@code Shenandoah}, {@code Epsilon}; else JFR's old (or young) collector name;
     * null when the recording has neither.
     */
    public static String gc(JvmFacts facts) {
        String young = facts.youngCollector();
        String old = facts.oldCollector();
        String both = ((young == null ? "" : young) + " " + (old == null ? "" : old)).toLowerCase(Locale.ROOT);
        if (both.isBlank()) {
            return null;
        }
        if (both.contains("defnew") || both.contains("serial")) {
            return "Serial";
        }
        if (both.contains("g1")) {
            return "G1";
        }
        if (both.contains("parallel")) {
            return "Parallel";
        }
        if (both.contains("shenandoah")) {
            return "Shenandoah";
        }
        if (both.contains("epsilon")) {
            return "Epsilon";
        }
        if (both.contains("z")) {
            return "ZGC";
        }
        return old != null ? old : young;
    }

    /** The flag that selects {@code gc} ({@code UseSerialGC}, {@code UseG1GC}, ...); null for an unknown collector. */
    static String selectingFlag(String gc) {
        if (gc == null) {
            return null;
        }
        return switch (gc) {
            case "Serial" -> "UseSerialGC";
            case "G1" -> "UseG1GC";
            case "Parallel" -> "UseParallelGC";
            case "ZGC" -> "UseZGC";
            case "Shenandoah" -> "UseShenandoahGC";
            case "Epsilon" -> "UseEpsilonGC";
            default -> null;
        };
    }

    /**
     * Whether the JVM's ergonomics chose the collector: HotSpot sets the selecting flag ({@code
     * UseSerialGC} under 2 CPUs or 1792 MB, else {@code UseG1GC}) with the origin {@code
     * Ergonomic} when no option chose one. Null when the recording has no collector or no such flag.
     */
    public static Boolean gcByErgonomics(JvmFacts facts) {
        String flag = selectingFlag(gc(facts));
        if (flag == null) {
            return null;
        }
        return facts.flag(flag).map(f -> ERGONOMIC.equals(f.origin())).orElse(null);
    }

    /**
     * Whether the max heap is the JVM's own choice: {@code MaxHeapSize} not set by an option (-Xmx)
     * and none of {@code MaxRAMPercentage}, {@code MaxRAM}, {@code MinRAMPercentage} given (they
     * size it too). Null when the recording has no flags at all.
     */
    public static Boolean maxHeapByErgonomics(JvmFacts facts) {
        if (facts.nonDefaultFlags().isEmpty()) {
            return null;
        }
        boolean heapFlagGiven = facts.flag("MaxHeapSize").map(f -> !ERGONOMIC.equals(f.origin())).orElse(false);
        boolean sizingGiven = facts.nonDefaultFlags().stream()
                .anyMatch(f -> HEAP_SIZING.contains(f.name()) && !ERGONOMIC.equals(f.origin()));
        return !heapFlagGiven && !sizingGiven;
    }

    /**
     * Who set a non-default flag. Options given on the command line or in {@code
     * JAVA_TOOL_OPTIONS} count as the job's when one of {@code jobOptions} names the flag
     * ({@code -XX:+Name}, {@code -XX:Name=...}, and -Xmx, -Xms, -Xss, -Xmn by their flags).
     */
    public static SetBy setBy(JvmFacts.JvmFlag flag, List<String> jobOptions) {
        String origin = flag.origin() == null ? "" : flag.origin();
        return switch (origin) {
            case ERGONOMIC -> SetBy.ERGONOMICS;
            case "Command line", "Environment variable", "Config file" ->
                    flagsNamed(jobOptions).contains(flag.name()) ? SetBy.JOB : SetBy.LAUNCH;
            case "Management", "Attach on demand" -> SetBy.RUNTIME;
            default -> SetBy.JVM;
        };
    }

    /**
     * The options a job gave a run's JVM: its jvmOptions, and for a platform-thread run the -Xss of
     * its platform.stackSizeKb (the worker's AppContainers.jvmOptions adds it before them).
     */
    public static List<String> jobOptions(JobSpec spec, ThreadModel threadModel) {
        List<String> options = new ArrayList<>();
        if (threadModel == ThreadModel.PLATFORM && spec.platform() != null && spec.platform().stackSizeKb() != null) {
            options.add("-Xss" + spec.platform().stackSizeKb() + "k");
        }
        if (spec.jvmOptions() != null) {
            options.addAll(spec.jvmOptions());
        }
        return options;
    }

    /** The flags that options set: {@code -XX:+UseSerialGC} sets UseSerialGC, {@code -Xmx512m} MaxHeapSize. */
    public static List<String> flagsNamed(List<String> options) {
        List<String> names = new ArrayList<>();
        for (String option : options == null ? List.<String>of() : options) {
            String o = option.strip();
            if (o.startsWith("-XX:")) {
                String rest = o.substring(4);
                if (rest.startsWith("+") || rest.startsWith("-")) {
                    rest = rest.substring(1);
                }
                int eq = rest.indexOf('=');
                names.add(eq < 0 ? rest : rest.substring(0, eq));
            } else if (o.startsWith("-Xmx")) {
                names.add("MaxHeapSize");
            } else if (o.startsWith("-Xms")) {
                names.add("InitialHeapSize");
                names.add("MinHeapSize");
            } else if (o.startsWith("-Xss")) {
                names.add("ThreadStackSize");
            } else if (o.startsWith("-Xmn")) {
                names.add("NewSize");
                names.add("MaxNewSize");
            }
        }
        return names;
    }

    /**
     * Why the JVM's ergonomics chose what it chose, in words: "at 1 CPU and 512 MB", from the CPUs
     * it counted and the memory it saw (the container's limit, else none said).
     */
    public static String machine(JvmFacts facts) {
        StringBuilder text = new StringBuilder("at ");
        text.append(facts.cpuCount() == null ? "?" : facts.cpuCount()).append(facts.cpuCount() != null
                && facts.cpuCount() == 1 ? " CPU" : " CPUs");
        Long memory = facts.containerMemoryLimitBytes();
        if (memory != null && memory > 0) {
            text.append(" and ").append(memory / (1024 * 1024)).append(" MB");
        }
        return text.toString();
    }
}
