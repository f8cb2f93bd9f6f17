package dev.jvmbench.worker.probe;

import dev.jvmbench.common.jvm.JvmFacts;
import dev.jvmbench.common.profile.ProfileKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

import jdk.jfr.consumer.RecordingFile;

/**
 * Reads a JFR recording made inside the app's container (JDK 21 and later; the recording format
 * has not changed its major version since JDK 14, so the worker's JDK reads recordings of older
 * and newer JDKs alike) and answers per time window and per second. The recording is read once
 * and reduced to the few events needed, so one analyzer serves every load step of a run.
 *
 * <p>The app's JVM must run with {@link #JVM_OPTIONS}; when the app exits through a stop signal
 * the recording is written to {@link #RECORDING_PATH}, and while it runs {@link #DUMP_COMMAND}
 * writes it to {@link #DUMP_PATH}. Either file is copied out of the container and given to
 * {@link #read}.
 *
 * <p>A JVM that runs out of heap often cannot write that file (its shutdown hook needs heap, and
 * the stop signal may not even be dispatched), and a killed one never does. The JVM also writes
 * the recording as it goes, in chunk files under {@link #REPOSITORY_PATH}, which {@link
 * #REPOSITORY_FLAG} keeps after the JVM ends: copy that directory out and give it to {@link
 * #readBest} (or {@link #readRepository}), which reads every chunk up to its last flush, about a
 * second before the JVM stopped. {@link #source()} says what was read.
 */
public final class JfrAnalyzer {

    public static final String RECORDING_NAME = "jvmbench";
    public static final String RECORDING_PATH = "/tmp/jvmbench.jfr";
    public static final String DUMP_PATH = "/tmp/jvmbench-dump.jfr";
    /** Where the JVM writes its recording's chunks while it runs (under a {@code <time>_<pid>} directory). */
    public static final String REPOSITORY_PATH = "/tmp/jvmbench-jfr";

    /**
     * Puts the JFR disk repository at {@link #REPOSITORY_PATH} and keeps its chunk files when the
     * JVM ends ({@code preserve-repository}, JDK 21+; the {@code -XX:FlightRecorderOptions:}
     * form is the one JDK 17-26 document, {@code =} works as well). After a normal exit the
     * recording's own chunks are gone (the final file holds them); after an OOM or a kill they
     * stay.
     */
    public static final String REPOSITORY_FLAG = "-XX:FlightRecorderOptions:repository=" + REPOSITORY_PATH
            + ",preserve-repository=true";

    /**
     * The JVM option that records what the analysis needs (accepted by JDK 17+). The default
     * settings already enable these events; naming them again keeps the figures fixed if a
     * JDK's default.jfc changes: every GC and every pause, the heap summary around each GC,
     * pinning above the 20 ms threshold the field reports use (with its stack), the thread counts
     * and the CPU load every second, Metaspace exhaustion, and what the JVM saw at start (version,
     * arguments, flags and their origins, CPUs, container limits, heap and GC configuration),
     * which JFR writes at the start of every chunk. The recording keeps the JDK's default of at
     * most 250 MB on disk, hours of these events.
     *
     * <p>{@code jdk.JavaErrorThrow} (on in the default settings) never records an
     * OutOfMemoryError: the JDK's tracer skips them on purpose ({@code
     * jdk.internal.event.ThrowableTracer.traceError}, JDK 21-26), so OOMs come from the
     * container's log ({@link LogScan}) and, for Metaspace, from {@code jdk.MetaspaceOOM}.
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
            + ",jdk.VirtualThreadPinned#stackTrace=true"
            + ",jdk.JavaThreadStatistics#enabled=true"
            + ",jdk.JavaThreadStatistics#period=1s"
            + ",jdk.CPULoad#enabled=true"
            + ",jdk.CPULoad#period=1s"
            + ",jdk.MetaspaceOOM#enabled=true"
            + ",jdk.JVMInformation#enabled=true"
            + ",jdk.InitialSystemProperty#enabled=true"
            + ",jdk.CPUInformation#enabled=true"
            + ",jdk.ContainerConfiguration#enabled=true"
            + ",jdk.GCConfiguration#enabled=true"
            + ",jdk.GCHeapConfiguration#enabled=true"
            + ",jdk.IntFlag#enabled=true"
            + ",jdk.UnsignedIntFlag#enabled=true"
            + ",jdk.LongFlag#enabled=true"
            + ",jdk.UnsignedLongFlag#enabled=true"
            + ",jdk.DoubleFlag#enabled=true"
            + ",jdk.BooleanFlag#enabled=true"
            + ",jdk.StringFlag#enabled=true";

    /** Every JVM option the analysis needs, in order: put them all into {@code JAVA_TOOL_OPTIONS}. */
    public static final List<String> JVM_OPTIONS = List.of(REPOSITORY_FLAG, JVM_FLAG);

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
    private final JvmFacts facts;
    private final List<OutOfMemory> outOfMemoryErrors;
    private final JfrSource read;
    private final JfrStacks stacks;

    private JfrAnalyzer(Path source, JfrCollector collector, JfrSource read) {
        this.source = source;
        this.stacks = collector.stacks();
        this.events = collector.events();
        this.facts = collector.facts();
        this.outOfMemoryErrors = collector.outOfMemoryErrors();
        this.read = read;
    }

    /**
     * Reads a whole recording; throws {@link IOException} for a missing, unreadable or
     * incomplete file (one whose last chunk the JVM did not finish or that is cut off).
     */
    public static JfrAnalyzer read(Path recording) throws IOException {
        JfrAnalyzer analyzer = readChunks(recording, List.of(recording), JfrSource.RECORDING);
        if (!analyzer.read.complete()) {
            JfrSource.ChunkRead bad = analyzer.read.chunks().stream()
                    .filter(chunk -> !chunk.finished() || chunk.broken() != null).findFirst().orElseThrow();
            throw new IOException("JFR recording " + recording + " is incomplete: chunk at offset " + bad.offset()
                    + (bad.broken() != null ? " is broken (" + bad.broken() + ")" : " was never finished"));
        }
        return analyzer;
    }

    /**
     * Reads every chunk file ({@code *.jfr}) under a copy of the JVM's disk repository (see
     * {@link #REPOSITORY_FLAG}), in time order; an unfinished chunk is read up to its last flush,
     * a broken one up to its first broken record. Throws {@link IOException} when no chunk
     * yields an event.
     */
    public static JfrAnalyzer readRepository(Path directory) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(directory)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(file -> file.getFileName().toString().endsWith(".jfr"))
                    .sorted()
                    .toList();
        }
        if (files.isEmpty()) {
            throw new IOException("no JFR chunk files under " + directory);
        }
        return readChunks(directory, files, JfrSource.REPOSITORY);
    }

    /**
     * The most that can be read: the final recording when it reads whole; else whichever of
     * the repository's chunks and the final file's readable part holds more events. Either
     * path may be null or missing. Throws {@link IOException} with every reason when nothing
     * can be read.
     */
    public static JfrAnalyzer readBest(Path recording, Path repository) throws IOException {
        List<String> failures = new ArrayList<>();
        if (recording != null && Files.isRegularFile(recording)) {
            try {
                return read(recording);
            } catch (IOException e) {
                failures.add("final recording: " + e.getMessage());
            }
        } else {
            failures.add("final recording: missing");
        }
        JfrAnalyzer best = null;
        if (repository != null && Files.isDirectory(repository)) {
            try {
                best = readRepository(repository);
            } catch (IOException e) {
                failures.add("repository: " + e.getMessage());
            }
        } else {
            failures.add("repository: missing");
        }
        if (recording != null && Files.isRegularFile(recording)) {
            try {
                JfrAnalyzer partial = readChunks(recording, List.of(recording), JfrSource.PARTIAL_RECORDING);
                if (best == null || partial.eventCount() > best.eventCount()) {
                    best = partial;
                }
            } catch (IOException e) {
                failures.add("partial recording: " + e.getMessage());
            }
        }
        if (best == null) {
            throw new IOException("no readable JFR recording (" + String.join("; ", failures) + ")");
        }
        return best;
    }

    private static JfrAnalyzer readChunks(Path source, List<Path> files, String kind) throws IOException {
        List<JfrChunks.Chunk> chunks = new ArrayList<>();
        for (Path file : files) {
            if (Files.size(file) == 0) {
                continue;
            }
            chunks.addAll(JfrChunks.split(file));
        }
        chunks.sort(Comparator.comparing(JfrChunks.Chunk::start));
        JfrCollector collector = new JfrCollector();
        List<JfrSource.ChunkRead> reads = new ArrayList<>();
        Path scratch = Files.createTempDirectory("jvmbench-jfr-");
        try {
            for (JfrChunks.Chunk chunk : chunks) {
                reads.add(readChunk(chunk, scratch, collector));
            }
        } finally {
            deleteQuietly(scratch);
        }
        if (collector.isEmpty()) {
            throw new IOException("no events in JFR recording " + source
                    + (reads.isEmpty() ? "" : " (" + reads.stream().map(JfrAnalyzer::describe).toList() + ")"));
        }
        boolean complete = !reads.isEmpty() && reads.stream().allMatch(r -> r.finished() && r.broken() == null);
        return new JfrAnalyzer(source, collector, new JfrSource(kind, reads, complete));
    }

    /** Reads one chunk event by event; the events before a broken record stay. */
    private static JfrSource.ChunkRead readChunk(JfrChunks.Chunk chunk, Path scratch, JfrCollector collector) {
        if (!chunk.metadata()) {
            return new JfrSource.ChunkRead(chunk.file().toString(), chunk.offset(), chunk.start(), chunk.finished(), 0,
                    "no metadata: the JVM stopped before the chunk's first flush");
        }
        long before = collector.count();
        String broken = null;
        Path file = null;
        try {
            file = JfrChunks.standalone(chunk, scratch);
            try (RecordingFile recording = new RecordingFile(file)) {
                collector.eventTypes(recording.readEventTypes());
                while (recording.hasMoreEvents()) {
                    collector.accept(recording.readEvent());
                }
            }
        } catch (IOException | RuntimeException e) {
            broken = e.getClass().getSimpleName() + ": " + e.getMessage();
        } finally {
            if (file != null && !file.equals(chunk.file())) {
                deleteQuietly(file);
            }
        }
        if (broken == null && chunk.truncated()) {
            broken = "cut off after " + chunk.length() + " of " + chunk.size() + " bytes";
        }
        return new JfrSource.ChunkRead(chunk.file().toString(), chunk.offset(), chunk.start(), chunk.finished(),
                collector.count() - before, broken);
    }

    private static String describe(JfrSource.ChunkRead chunk) {
        return chunk.file() + "@" + chunk.offset() + (chunk.broken() == null ? "" : ": " + chunk.broken());
    }

    private static void deleteQuietly(Path path) {
        try (Stream<Path> walk = Files.walk(path)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // a scratch copy left in the temp directory is harmless
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // likewise
        }
    }

    private long eventCount() {
        return read.chunks().stream().mapToLong(JfrSource.ChunkRead::events).sum();
    }

    /**
     * GC, heap and pinning over {@code [from, to]}. Throws {@link IllegalStateException} when the
     * recording does not cover the window (it was dumped before the window ended, or began after
     * it started).
     */
    public JfrWindow window(Instant from, Instant to) {
        checkWindow(from, to);
        if (from.isBefore(events.first().minus(COVERAGE_SLACK)) || to.isAfter(events.last().plus(COVERAGE_SLACK))) {
            throw new IllegalStateException("JFR recording " + source + " covers [" + events.first() + ", "
                    + events.last() + "], not the window [" + from + ", " + to + "]");
        }
        return events.window(from, to);
    }

    /**
     * The JVM per whole epoch second: one {@link JvmSecond} for every second {@code [from, to)}
     * touches, each over its whole second. Seconds the recording does not cover (a partial
     * recording ends early) are there, marked uncovered, with nulls.
     */
    public List<JvmSecond> seconds(Instant from, Instant to) {
        checkWindow(from, to);
        return events.seconds(from, to, COVERAGE_SLACK);
    }

    /**
     * The virtual threads pinned in {@code [from, to]} (events that started inside), grouped by
     * their application frame ({@link ApplicationFrames}), the longest total first.
     */
    public List<PinnedSite> pinnedSites(Instant from, Instant to) {
        checkWindow(from, to);
        return events.pinnedSites(from, to);
    }

    /**
     * One kind of profile over {@code [from, to]}: the stacks of the events of that kind that
     * started inside (CPU execution samples, allocation samples by weight, monitor enters and
     * parks by duration, pinned virtual threads by duration), summed per stack. Events of a
     * recording that does not cover the whole window are simply absent: check {@link
     * #covers} first when the figures are to be divided by the window's requests.
     */
    public JfrProfile profile(ProfileKind kind, Instant from, Instant to) {
        checkWindow(from, to);
        return stacks.profile(kind, from, to);
    }

    /** Whether the recording spans {@code [from, to]} (give or take the periodic events' slack). */
    public boolean covers(Instant from, Instant to) {
        checkWindow(from, to);
        return !from.isBefore(events.first().minus(COVERAGE_SLACK)) && !to.isAfter(events.last().plus(COVERAGE_SLACK));
    }

    /** What the JVM saw and chose at start; empty when the recording has none of those events. */
    public Optional<JvmFacts> facts() {
        return Optional.ofNullable(facts);
    }

    /**
     * The OutOfMemoryErrors the recording shows, in time order: Metaspace ({@code
     * jdk.MetaspaceOOM}, kind {@link OomKind#METASPACE}; whether it was the compressed class space
     * that ran out only the log says). Heap, direct-buffer and thread OOMs leave no JFR event
     * (see {@link #JVM_FLAG}); find them in the container's log with {@link LogScan}.
     */
    public List<OutOfMemory> outOfMemoryErrors() {
        return outOfMemoryErrors;
    }

    /** What was read: the final file or the repository, and whether all of it. */
    public JfrSource source() {
        return read;
    }

    /** The span from the recording's first event to its last. */
    public Instant recordingStart() {
        return events.first();
    }

    public Instant recordingEnd() {
        return events.last();
    }

    private static void checkWindow(Instant from, Instant to) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (!to.isAfter(from)) {
            throw new IllegalArgumentException("window end " + to + " must be after its start " + from);
        }
    }
}
