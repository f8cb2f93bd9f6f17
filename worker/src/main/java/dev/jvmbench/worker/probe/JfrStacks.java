package dev.jvmbench.worker.probe;

import dev.jvmbench.common.profile.CollapsedStacks;
import dev.jvmbench.common.profile.EventLoopThreads;
import dev.jvmbench.common.profile.ProfileKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.EventType;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;

/**
 * The stacks of a recording's profiling events, each with its time and value, so that a profile
 * can be cut to any window after the whole recording is read ({@link #profile}). Frame names
 * ({@code pkg.Class.method}) are kept once each, stacks once each as the ids of their frames (root
 * first), and events as four primitive columns (time, stack, thread, value), so a run of
 * hundreds of thousands of samples costs a few MB. Not thread-safe.
 *
 * <p>Idle threads waiting for work ({@code ThreadPoolExecutor.getTask} of the JDK's or Tomcat's
 * pools, {@code ForkJoinPool.awaitWork}, JDK 25's {@code DelayScheduler.loop} on their stack) park
 * too, but that is no contention: their {@code jdk.ThreadPark} events are left out of the lock
 * profile.
 *
 * <p>Each event also keeps its thread, for one purpose: an event-loop thread's stacks get a root
 * frame of their own ({@link EventLoopThreads}), decided once the whole recording is read (a loop
 * known by a Netty frame in any of its stacks has every stack under its root, the deep ones too).
 */
final class JfrStacks {

    static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
    /** The JDK's pools and Tomcat's fork of ThreadPoolExecutor (org.apache.tomcat.util.threads) alike. */
    private static final List<String> IDLE_WAIT_FRAMES = List.of(
            "ThreadPoolExecutor.getTask",
            "java.util.concurrent.ForkJoinPool.awaitWork",
            // JDK 25: a ForkJoinPool's thread for delayed tasks (virtual threads' timed parks, schedule) parks between them
            "java.util.concurrent.DelayScheduler.loop");
    private static final Pattern HIDDEN_CLASS_SUFFIX = Pattern.compile("(\\+0x\\p{XDigit}+)?[./]\\p{Digit}\\w*$");
    private static final Pattern PERIOD = Pattern.compile("^\\s*(\\d+)\\s*(ns|us|ms|s|m|h|d)\\s*$");

    /** Frame names, each once; a stack is the ids of its frames, root first. */
    private final Map<String, Integer> frameIds = new HashMap<>();
    private final List<String> frames = new ArrayList<>();
    private final Map<Stack, Integer> ids = new HashMap<>();
    private final List<Stack> stacks = new ArrayList<>();
    private final Map<ProfileKind, Column> columns = new EnumMap<>(ProfileKind.class);
    /** Thread names, each once; an event keeps the index of its thread's (-1: none). */
    private final Map<String, Integer> threadIds = new HashMap<>();
    private final List<String> threads = new ArrayList<>();
    /** The threads that are event loops, and the frames that show a Netty event loop running. */
    private final BitSet loopThreads = new BitSet();
    private final BitSet loopFrames = new BitSet();
    /** {@code jdk.ActiveSetting} "period" values by the event type id they set. */
    private final Map<Long, String> periods = new HashMap<>();
    private Long executionSampleTypeId;

    /**
     * Learns the execution sample's type id from a chunk's metadata: its period setting names the type
     * by id, and a recording in which no thread was sampled running Java code (JDK 21 under Serial, a
     * main thread in the VM's allocation path) still has that setting.
     */
    void eventTypes(List<EventType> types) {
        for (EventType type : types) {
            if (EXECUTION_SAMPLE.equals(type.getName())) {
                executionSampleTypeId = type.getId();
            }
        }
    }

    /** Takes the event if it is a profiling one (or the setting of the sampling period). */
    void accept(RecordedEvent event, String type) {
        switch (type) {
            case EXECUTION_SAMPLE -> {
                executionSampleTypeId = event.getEventType().getId();
                add(ProfileKind.CPU, event, "sampledThread", 1);
            }
            case "jdk.ObjectAllocationSample" -> add(ProfileKind.ALLOC, event, "eventThread", event.getLong("weight"));
            case "jdk.JavaMonitorEnter" -> add(ProfileKind.LOCK, event, "eventThread", event.getDuration().toNanos());
            case "jdk.ThreadPark" -> {
                Stack stack = stackIds(event.getStackTrace());
                if (stack != null && !idleWait(stack)) {
                    add(ProfileKind.LOCK, event.getStartTime(), stack, thread(event, "eventThread", stack),
                            event.getDuration().toNanos());
                }
            }
            case "jdk.VirtualThreadPinned" -> add(ProfileKind.PINNED, event, "eventThread", event.getDuration().toNanos());
            case "jdk.ActiveSetting" -> {
                if ("period".equals(event.getString("name"))) {
                    periods.put(event.getLong("id"), event.getString("value"));
                }
            }
            default -> {
                // not a profiling event
            }
        }
    }

    private void add(ProfileKind kind, RecordedEvent event, String threadField, long value) {
        Stack stack = stackIds(event.getStackTrace());
        if (stack != null) {
            add(kind, event.getStartTime(), stack, thread(event, threadField, stack), value);
        }
    }

    /**
     * The index of the event's thread (-1 when it has none); marks the thread an event loop when
     * its name is a usual event loop's or this stack runs a Netty event loop.
     */
    private int thread(RecordedEvent event, String field, Stack stack) {
        RecordedThread thread = event.hasField(field) ? event.getThread(field) : null;
        String name = thread == null ? null : thread.getJavaName();
        if (name == null || name.isEmpty()) {
            return -1;
        }
        int id = threadIds.computeIfAbsent(name, n -> {
            threads.add(n);
            if (EventLoopThreads.knownName(n)) {
                loopThreads.set(threads.size() - 1);
            }
            return threads.size() - 1;
        });
        if (!loopThreads.get(id)) {
            for (int frame : stack.frames()) {
                if (loopFrames.get(frame)) {
                    loopThreads.set(id);
                    break;
                }
            }
        }
        return id;
    }

    /** A stack as the ids of its frames, root first (a few bytes a frame, not its name). */
    private record Stack(int[] frames) {

        @Override
        public boolean equals(Object other) {
            return other instanceof Stack that && Arrays.equals(frames, that.frames);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(frames);
        }
    }

    private Stack stackIds(RecordedStackTrace trace) {
        if (trace == null || trace.getFrames().isEmpty()) {
            return null;
        }
        List<RecordedFrame> recorded = trace.getFrames();
        int[] ids = new int[recorded.size()];
        for (int i = 0; i < ids.length; i++) {
            RecordedMethod method = recorded.get(recorded.size() - 1 - i).getMethod();
            String name = method == null ? "(unknown)" : frameName(method);
            ids[i] = frameIds.computeIfAbsent(name, n -> {
                frames.add(n);
                if (EventLoopThreads.loopFrame(n)) {
                    loopFrames.set(frames.size() - 1);
                }
                return frames.size() - 1;
            });
        }
        return new Stack(ids);
    }

    private boolean idleWait(Stack stack) {
        for (int id : stack.frames()) {
            String frame = frames.get(id);
            for (String idle : IDLE_WAIT_FRAMES) {
                if (frame.endsWith(idle)) {
                    return true;
                }
            }
        }
        return false;
    }

    private String collapsed(Stack stack) {
        StringBuilder text = new StringBuilder();
        for (int id : stack.frames()) {
            if (!text.isEmpty()) {
                text.append(';');
            }
            text.append(frames.get(id));
        }
        return text.toString();
    }

    private void add(ProfileKind kind, Instant at, Stack stack, int thread, long value) {
        if (value <= 0) {
            return;
        }
        int id = ids.computeIfAbsent(stack, s -> {
            stacks.add(s);
            return stacks.size() - 1;
        });
        columns.computeIfAbsent(kind, k -> new Column())
                .add(at.getEpochSecond() * 1_000_000_000L + at.getNano(), id, thread, value);
    }

    /**
     * {@code pkg.Class.method}. A hidden class's name ends in an address that differs from run to
     * run ({@code LambdaForm$MH.0x00000000981b9000}, {@code Foo$$Lambda/0x...}): it is cut off, as
     * jfr-converter's {@code --norm} does, so that the same code merges over repetitions and
     * compares across runs.
     */
    static String frameName(RecordedMethod method) {
        String type = method.getType() == null ? "(unknown)" : normalised(method.getType().getName());
        // a space or semicolon would break the collapsed format; Java names hold neither
        return (type + "." + method.getName()).replace(' ', '_').replace(';', ':');
    }

    static String normalised(String className) {
        return HIDDEN_CLASS_SUFFIX.matcher(className).replaceFirst("");
    }

    /**
     * The recording's {@code jdk.ExecutionSample} period as its active setting says (the last
     * one recorded wins; {@code 20 ms} with the default settings), in ns; null when the recording
     * declares no execution sample or has no such setting.
     */
    Long samplingPeriodNs() {
        if (executionSampleTypeId == null) {
            return null;
        }
        return parsePeriodNs(periods.get(executionSampleTypeId));
    }

    static Long parsePeriodNs(String value) {
        if (value == null) {
            return null;
        }
        Matcher matcher = PERIOD.matcher(value);
        if (!matcher.matches()) {
            return null;
        }
        long amount = Long.parseLong(matcher.group(1));
        long unit = switch (matcher.group(2)) {
            case "ns" -> 1L;
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> 86_400_000_000_000L;
        };
        return amount == 0 ? null : amount * unit;
    }

    /**
     * The events of a kind that started in {@code [from, to]}, their stacks and values summed; an
     * event-loop thread's stacks under the root frame of its group ({@link EventLoopThreads}).
     */
    JfrProfile profile(ProfileKind kind, Instant from, Instant to) {
        Column column = columns.get(kind);
        Long period = kind == ProfileKind.CPU ? samplingPeriodNs() : null;
        if (column == null) {
            return new JfrProfile(kind, CollapsedStacks.empty(), 0, period);
        }
        // each thread's root: 0 for none, else 1 + the index of its group's root frame in roots
        List<String> roots = new ArrayList<>();
        int[] rootOfThread = new int[threads.size()];
        for (int t = loopThreads.nextSetBit(0); t >= 0; t = loopThreads.nextSetBit(t + 1)) {
            String root = EventLoopThreads.root(threads.get(t));
            int index = roots.indexOf(root);
            if (index < 0) {
                roots.add(root);
                index = roots.size() - 1;
            }
            rootOfThread[t] = index + 1;
        }
        long start = from.getEpochSecond() * 1_000_000_000L + from.getNano();
        long end = to.getEpochSecond() * 1_000_000_000L + to.getNano();
        Map<Long, Long> values = new HashMap<>();
        long events = 0;
        for (int i = 0; i < column.size; i++) {
            long at = column.times[i];
            if (at >= start && at <= end) {
                int thread = column.threads[i];
                long root = thread < 0 ? 0 : rootOfThread[thread];
                values.merge(((long) column.stacks[i] << 32) | root, column.values[i], Long::sum);
                events++;
            }
        }
        Map<String, Long> byStack = new HashMap<>();
        values.forEach((key, value) -> {
            int root = (int) (key & 0xffffffffL);
            String stack = collapsed(stacks.get((int) (key >>> 32)));
            byStack.merge(root == 0 ? stack : roots.get(root - 1) + ";" + stack, value, Long::sum);
        });
        return new JfrProfile(kind, CollapsedStacks.of(byStack), events, period);
    }

    /** Time (epoch ns), stack id, thread index and value of each event, in arrival order. */
    private static final class Column {
        long[] times = new long[1024];
        int[] stacks = new int[1024];
        int[] threads = new int[1024];
        long[] values = new long[1024];
        int size;

        void add(long at, int stack, int thread, long value) {
            if (size == times.length) {
                times = Arrays.copyOf(times, size * 2);
                stacks = Arrays.copyOf(stacks, size * 2);
                threads = Arrays.copyOf(threads, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            times[size] = at;
            stacks[size] = stack;
            threads[size] = thread;
            values[size] = value;
            size++;
        }
    }
}
