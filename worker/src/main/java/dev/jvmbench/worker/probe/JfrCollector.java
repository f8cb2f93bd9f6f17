package dev.jvmbench.worker.probe;

import dev.jvmbench.common.jvm.JvmFacts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;

/**
 * Reduces a recording, event by event, to what the analysis keeps: the few events of the
 * per-window and per-second figures, the pinned stacks reduced to their sites, and the facts
 * JFR writes at the start of every chunk (the first chunk's win: read chunks in time order).
 * Not thread-safe.
 */
final class JfrCollector {

    private static final Set<String> FLAG_EVENTS = Set.of("jdk.IntFlag", "jdk.UnsignedIntFlag", "jdk.LongFlag",
            "jdk.UnsignedLongFlag", "jdk.DoubleFlag", "jdk.BooleanFlag", "jdk.StringFlag");
    private static final Pattern JRE_VERSION = Pattern.compile("JRE \\(([^)]+)\\)");
    private static final Pattern FEATURE = Pattern.compile("^(\\d+)");
    private static final String DEFAULT_ORIGIN = "Default";

    private final List<JfrEvents.Pause> pauses = new ArrayList<>();
    private final List<JfrEvents.Collection> collections = new ArrayList<>();
    private final List<JfrEvents.HeapSummary> heap = new ArrayList<>();
    private final List<JfrEvents.Pinned> pinned = new ArrayList<>();
    private final List<JfrEvents.Value> javaThreads = new ArrayList<>();
    private final List<JfrEvents.CpuLoad> cpuLoads = new ArrayList<>();
    private final List<OutOfMemory> outOfMemoryErrors = new ArrayList<>();
    /** Sites by their stack, so that thousands of events pinned at one place share one site. */
    private final Map<List<String>, JfrEvents.Site> sites = new HashMap<>();
    private final JfrStacks stacks = new JfrStacks();

    private RecordedEvent jvmInformation;
    private RecordedEvent containerConfiguration;
    private RecordedEvent cpuInformation;
    private RecordedEvent heapConfiguration;
    private RecordedEvent gcConfiguration;
    private final Map<String, String> systemProperties = new LinkedHashMap<>();
    private final Map<String, JvmFacts.JvmFlag> flags = new TreeMap<>();

    private Instant first;
    private Instant last;
    private long count;

    /** The event types a chunk's metadata declares, read before its events. */
    void eventTypes(List<EventType> types) {
        stacks.eventTypes(types);
    }

    void accept(RecordedEvent event) {
        count++;
        Instant start = event.getStartTime();
        first = first == null || start.isBefore(first) ? start : first;
        last = last == null || event.getEndTime().isAfter(last) ? event.getEndTime() : last;
        String type = event.getEventType().getName();
        stacks.accept(event, type);
        switch (type) {
            case "jdk.GCPhasePause" -> pauses.add(new JfrEvents.Pause(start, event.getEndTime()));
            case "jdk.GarbageCollection" ->
                    collections.add(new JfrEvents.Collection(start, event.getDuration("sumOfPauses")));
            case "jdk.GCHeapSummary" -> heap.add(new JfrEvents.HeapSummary(start,
                    "After GC".equals(event.getString("when")), event.getLong("heapUsed")));
            case "jdk.VirtualThreadPinned" -> pinned.add(new JfrEvents.Pinned(start, event.getDuration(),
                    site(event.getStackTrace()), event.hasField("pinnedReason") ? event.getString("pinnedReason") : null));
            case "jdk.JavaThreadStatistics" -> javaThreads.add(new JfrEvents.Value(start, event.getLong("activeCount")));
            case "jdk.CPULoad" -> cpuLoads.add(new JfrEvents.CpuLoad(start, event.getFloat("jvmUser"),
                    event.getFloat("jvmSystem"), event.getFloat("machineTotal")));
            case "jdk.MetaspaceOOM" -> outOfMemoryErrors.add(metaspaceOom(event));
            case "jdk.JVMInformation" -> jvmInformation = jvmInformation == null ? event : jvmInformation;
            case "jdk.ContainerConfiguration" ->
                    containerConfiguration = containerConfiguration == null ? event : containerConfiguration;
            case "jdk.CPUInformation" -> cpuInformation = cpuInformation == null ? event : cpuInformation;
            case "jdk.GCHeapConfiguration" -> heapConfiguration = heapConfiguration == null ? event : heapConfiguration;
            case "jdk.GCConfiguration" -> gcConfiguration = gcConfiguration == null ? event : gcConfiguration;
            case "jdk.InitialSystemProperty" -> systemProperties.putIfAbsent(event.getString("key"), event.getString("value"));
            default -> {
                if (FLAG_EVENTS.contains(type)) {
                    flags.putIfAbsent(event.getString("name"), new JvmFacts.JvmFlag(event.getString("name"),
                            flagValue(type, event.getValue("value")), event.getString("origin")));
                }
                // everything else in the default settings is not part of the analysis
            }
        }
    }

    /** The profiling events' stacks, for profiles of any window. */
    JfrStacks stacks() {
        return stacks;
    }

    long count() {
        return count;
    }

    boolean isEmpty() {
        return first == null;
    }

    JfrEvents events() {
        Integer hardwareThreads = cpuInformation == null ? null : (int) cpuInformation.getLong("hwThreads");
        return new JfrEvents(first, last, pauses, collections, heap, pinned, javaThreads, cpuLoads, hardwareThreads);
    }

    List<OutOfMemory> outOfMemoryErrors() {
        List<OutOfMemory> sorted = new ArrayList<>(outOfMemoryErrors);
        sorted.sort(Comparator.comparing(OutOfMemory::at));
        return List.copyOf(sorted);
    }

    /** The facts, or null when the recording has none of the start-of-chunk events. */
    JvmFacts facts() {
        if (jvmInformation == null && flags.isEmpty() && systemProperties.isEmpty()) {
            return null;
        }
        String jvmVersion = jvmInformation == null ? null : jvmInformation.getString("jvmVersion");
        String runtimeVersion = systemProperties.get("java.runtime.version");
        if (runtimeVersion == null && jvmVersion != null) {
            Matcher jre = JRE_VERSION.matcher(jvmVersion);
            runtimeVersion = jre.find() ? jre.group(1) : null;
        }
        String vmVersion = systemProperties.get("java.vm.version");
        Integer feature = feature(runtimeVersion != null ? runtimeVersion : vmVersion);
        Integer activeProcessorCount = flagInt("ActiveProcessorCount");
        Long containerCpus = containerConfiguration == null ? null : containerConfiguration.getLong("effectiveCpuCount");
        Integer hardwareThreads = cpuInformation == null ? null : (int) cpuInformation.getLong("hwThreads");
        Integer cpuCount = activeProcessorCount != null && activeProcessorCount > 0 ? activeProcessorCount
                : containerCpus != null ? Integer.valueOf(containerCpus.intValue()) : hardwareThreads;
        Long stackSize = flags.containsKey("ThreadStackSize") ? Long.valueOf(flags.get("ThreadStackSize").value()) : null;
        return new JvmFacts(
                jvmInformation == null ? systemProperties.get("java.vm.name") : jvmInformation.getString("jvmName"),
                jvmVersion,
                systemProperties.getOrDefault("java.vendor", systemProperties.get("java.vm.vendor")),
                runtimeVersion,
                vmVersion,
                feature,
                jvmInformation == null ? null : jvmInformation.getString("jvmArguments"),
                jvmInformation == null ? null : jvmInformation.getString("javaArguments"),
                jvmInformation == null ? null : jvmInformation.getInstant("jvmStartTime"),
                cpuCount,
                containerCpus,
                hardwareThreads,
                activeProcessorCount,
                containerConfiguration == null ? null : containerConfiguration.getString("containerType"),
                containerConfiguration == null ? null : containerConfiguration.getLong("memoryLimit"),
                heapConfiguration == null ? null : heapConfiguration.getLong("maxSize"),
                heapConfiguration == null ? null : heapConfiguration.getLong("initialSize"),
                heapConfiguration == null ? null : heapConfiguration.getLong("minSize"),
                gcConfiguration == null ? null : gcConfiguration.getString("youngCollector"),
                gcConfiguration == null ? null : gcConfiguration.getString("oldCollector"),
                stackSize,
                flags.values().stream().filter(flag -> !DEFAULT_ORIGIN.equals(flag.origin())).toList(),
                systemProperties);
    }

    private Integer flagInt(String name) {
        JvmFacts.JvmFlag flag = flags.get(name);
        return flag == null ? null : Integer.valueOf(flag.value());
    }

    private static Integer feature(String version) {
        if (version == null) {
            return null;
        }
        Matcher matcher = FEATURE.matcher(version);
        return matcher.find() ? Integer.valueOf(matcher.group(1)) : null;
    }

    /** Unsigned flags arrive as signed Java numbers: show them as the JVM means them. */
    private static String flagValue(String type, Object value) {
        if (value == null) {
            return null;
        }
        return switch (type) {
            case "jdk.UnsignedLongFlag" -> Long.toUnsignedString(((Number) value).longValue());
            case "jdk.UnsignedIntFlag" -> Integer.toUnsignedString(((Number) value).intValue());
            default -> value.toString();
        };
    }

    /**
     * The site of a pinned stack: its first application frame ({@link ApplicationFrames}) and
     * the frames around it. The JDK stops at the recording's stack depth (64 by default), which
     * leaves the top of the stack, where the site is, intact.
     */
    private JfrEvents.Site site(RecordedStackTrace stack) {
        List<String> frames = new ArrayList<>();
        List<String> classes = new ArrayList<>();
        if (stack != null) {
            for (RecordedFrame frame : stack.getFrames()) {
                if (!frame.isJavaFrame() || frame.getMethod() == null) {
                    continue;
                }
                String className = frame.getMethod().getType().getName();
                classes.add(className);
                int line = frame.getLineNumber();
                frames.add(className + "." + frame.getMethod().getName() + (line > 0 ? ":" + line : ""));
            }
        }
        return sites.computeIfAbsent(frames, key -> {
            int app = ApplicationFrames.firstApplicationFrame(classes);
            String frame = app < 0 ? PinnedSite.NO_APPLICATION_FRAME : frames.get(app);
            int anchor = Math.max(app, 0);
            List<String> context = List.copyOf(frames.subList(Math.max(0, anchor - PinnedSite.FRAMES_ABOVE),
                    Math.min(frames.size(), anchor + PinnedSite.FRAMES_BELOW + 1)));
            return new JfrEvents.Site(frame, context);
        });
    }

    /**
     * {@code metadataType} ({@code Metadata} or {@code Class}) is what was being allocated, not
     * which limit was reached: a {@code Class} allocation that hits {@code MaxMetaspaceSize} throws
     * "Metaspace" (seen on JDK 25). Whether the compressed class space ran out shows only in the
     * error's message, i.e. in the log.
     */
    private static OutOfMemory metaspaceOom(RecordedEvent event) {
        String type = event.hasField("metadataType") ? event.getString("metadataType") : null;
        RecordedThread thread = event.hasField("eventThread") ? event.getThread("eventThread") : null;
        return new OutOfMemory(event.getStartTime(), thread == null ? null : thread.getJavaName(), OomKind.METASPACE,
                "Metaspace exhausted" + (type == null ? "" : " allocating " + type + " metadata"),
                OutOfMemory.FROM_JFR_METASPACE);
    }
}
