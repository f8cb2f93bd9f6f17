package dev.jvmbench.worker.probe;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads a JFR recording made inside the app's container (JDK 21 and later; the recording format
 * has not changed its major version since JDK 14, so the worker's JDK reads recordings of older
 * and newer JDKs alike) and answers per time window. The recording is read once and reduced to
 * the few events needed, so one analyzer serves every load step of a run.
 *
 * <p>The app's JVM must run with {@link #JVM_FLAG}; when the app exits through a stop signal the
 * recording is written to {@link #RECORDING_PATH}, and while it runs {@link #DUMP_COMMAND} writes
 * it to {@link #DUMP_PATH}. Either file is copied out of the container and given to {@link #read}.
 */
public final class JfrAnalyzer {

    public static final String RECORDING_NAME = "jvmbench";
    public static final String RECORDING_PATH = "/tmp/jvmbench.jfr";
    public static final String DUMP_PATH = "/tmp/jvmbench-dump.jfr";

    /**
     * The JVM option that records what the analysis needs (accepted by JDK 17+). The default
     * settings already enable these events; naming them again keeps the figures fixed if a
     * JDK's default.jfc changes: every GC and every pause, the heap summary around each GC,
     * pinning above the 20 ms threshold the field reports use, and the thread counts every second.
     * The recording keeps the JDK's default of at most 250 MB on disk, hours of these events.
     */
    public static final String JVM_FLAG = "-XX:StartFlightRecording="
            + "name=" + RECORDING_NAME
            + ",filename=" + RECORDING_PATH
            + ",settings=default"
            + ",dumponexit=true"
            + ",jdk.GarbageCollection#enabled=true"
            + ",jdk.GCPhasePause#enabled=true"
            + ",jdk.GCPhasePause#threshold=0ms"
            + ",jdk.GCHeapSummary#enabled=true"
            + ",jdk.VirtualThreadPinned#enabled=true"
            + ",jdk.VirtualThreadPinned#threshold=20ms"
            + ",jdk.JavaThreadStatistics#enabled=true"
            + ",jdk.JavaThreadStatistics#period=1s";

    /**
     * Writes the running recording to {@link #DUMP_PATH}: run it in the container (the JDK
     * images carry {@code jcmd}; the JVM must be the container's PID 1).
     */
    public static final List<String> DUMP_COMMAND =
            List.of("jcmd", "1", "JFR.dump", "name=" + RECORDING_NAME, "filename=" + DUMP_PATH);

    /** Periodic events come every second; a window may reach this far past the last one. */
    private static final Duration COVERAGE_SLACK = Duration.ofSeconds(2);

    private final Path source;
    private final JfrEvents events;

    private JfrAnalyzer(Path source, JfrEvents events) {
        this.source = source;
        this.events = events;
    }

    /** Reads the recording; throws {@link IOException} for a missing or unreadable file. */
    public static JfrAnalyzer read(Path recording) throws IOException {
        List<JfrEvents.Pause> pauses = new ArrayList<>();
        List<JfrEvents.Collection> collections = new ArrayList<>();
        List<JfrEvents.Value> heap = new ArrayList<>();
        List<Instant> pinned = new ArrayList<>();
        List<JfrEvents.Value> javaThreads = new ArrayList<>();
        Instant first = null;
        Instant last = null;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                Instant start = event.getStartTime();
                first = first == null || start.isBefore(first) ? start : first;
                last = last == null || event.getEndTime().isAfter(last) ? event.getEndTime() : last;
                switch (event.getEventType().getName()) {
                    case "jdk.GCPhasePause" -> pauses.add(new JfrEvents.Pause(start, event.getEndTime()));
                    case "jdk.GarbageCollection" ->
                            collections.add(new JfrEvents.Collection(start, event.getDuration("sumOfPauses")));
                    case "jdk.GCHeapSummary" -> heap.add(new JfrEvents.Value(start, event.getLong("heapUsed")));
                    case "jdk.VirtualThreadPinned" -> pinned.add(start);
                    case "jdk.JavaThreadStatistics" ->
                            javaThreads.add(new JfrEvents.Value(start, event.getLong("activeCount")));
                    default -> {
                        // everything else in the default settings is not part of a result point
                    }
                }
            }
        }
        if (first == null) {
            throw new IOException("no events in JFR recording " + recording);
        }
        return new JfrAnalyzer(recording, new JfrEvents(first, last, pauses, collections, heap, pinned, javaThreads));
    }

    /**
     * GC, heap and pinning over {@code [from, to]}. Throws {@link IllegalStateException} when the
     * recording does not cover the window (it was dumped before the window ended, or began after
     * it started).
     */
    public JfrWindow window(Instant from, Instant to) {
        if (!to.isAfter(from)) {
            throw new IllegalArgumentException("window end " + to + " must be after its start " + from);
        }
        if (from.isBefore(events.first().minus(COVERAGE_SLACK)) || to.isAfter(events.last().plus(COVERAGE_SLACK))) {
            throw new IllegalStateException("JFR recording " + source + " covers [" + events.first() + ", "
                    + events.last() + "], not the window [" + from + ", " + to + "]");
        }
        return events.window(from, to);
    }

    /** The span from the recording's first event to its last. */
    public Instant recordingStart() {
        return events.first();
    }

    public Instant recordingEnd() {
        return events.last();
    }
}
