package dev.jvmbench.worker.probe;

import dev.jvmbench.common.jvm.JvmFacts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngineException;
import dev.jvmbench.worker.container.ContainerOutcome;
import dev.jvmbench.worker.container.ContainerSpec;
import dev.jvmbench.worker.container.LogLine;
import dev.jvmbench.worker.container.RunningContainer;
import dev.jvmbench.worker.testing.BenchHost;
import dev.jvmbench.worker.testing.HostilePrograms;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * JVMs that end badly, in the box every app gets and with the options the worker gives it
 * ({@link JfrAnalyzer#JVM_OPTIONS} and {@link OutOfMemory#REPORT_FLAG} in {@code JAVA_TOOL_OPTIONS}):
 * one that runs out of heap, one that catches its OutOfMemoryErrors and logs nothing, one
 * the kernel kills for the container's memory, one that is SIGKILLed, one that runs out of
 * Metaspace. Their recordings are read from what the stopped container holds (the final file or
 * the JVM's repository), and their OutOfMemoryErrors found in the log with the engine's stamps.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class JfrSurvivalTest {

    /**
     * A leak: 256 KB kept every 30 ms in a thread named {@code leaker} until the 64 MB heap is
     * full (flushed to the repository as it grows), then every byte left filled with a chain of
     * tiny arrays (no list to grow, so nothing is freed when the last allocation fails): the JVM
     * is alive but can neither run its shutdown hook nor write its recording, like a server that
     * leaked to the end of its heap.
     */
    private static final String LEAK = """
            import java.time.Instant;
            import java.util.ArrayList;
            import java.util.List;
            public class Leak {
                static final List<Object> KEPT = new ArrayList<>();
                static final Object FOREVER = new Object();
                static Object[] chain;
                public static void main(String[] args) throws Exception {
                    System.out.println("leak-start " + Instant.now());
                    Thread leaker = new Thread(() -> {
                        while (true) {
                            KEPT.add(new byte[256 * 1024]);
                            try { Thread.sleep(30); } catch (InterruptedException e) { return; }
                        }
                    }, "leaker");
                    leaker.start();
                    leaker.join();
                    System.out.println("filling " + Instant.now());
                    try {
                        while (true) { chain = new Object[] {chain}; }
                    } catch (OutOfMemoryError full) {
                        // nothing left: stay alive, full, as a leaking server does
                    }
                    while (true) {
                        try {
                            synchronized (FOREVER) { FOREVER.wait(); }
                        } catch (Throwable t) {
                            // out of memory or interrupted: wait again
                        }
                    }
                }
            }
            """;

    /**
     * Six seconds of allocation and of virtual threads sleeping inside {@code synchronized}
     * (pinned on JDK 21), then idle until killed.
     */
    private static final String WORK = """
            import java.time.Instant;
            public class Work {
                static final Object LOCK = new Object();
                static volatile Object sink;
                static void hold() {
                    synchronized (LOCK) {
                        try { Thread.sleep(50); } catch (InterruptedException e) { throw new RuntimeException(e); }
                    }
                }
                public static void main(String[] args) throws Exception {
                    System.out.println("work-start " + Instant.now());
                    long end = System.nanoTime() + 6_000_000_000L;
                    long nextPin = System.nanoTime();
                    while (System.nanoTime() < end) {
                        byte[][] keep = new byte[16][];
                        for (int i = 0; i < keep.length; i++) { keep[i] = new byte[64 * 1024]; }
                        sink = keep;
                        if (System.nanoTime() - nextPin >= 0) {
                            Thread.ofVirtual().start(Work::hold);
                            nextPin += 200_000_000L;
                        }
                        Thread.sleep(1);
                    }
                    System.out.println("work-end " + Instant.now());
                    Thread.sleep(600_000);
                }
            }
            """;

    /** Half a megabyte kept every 20 ms, without end. */
    private static final String GROW = """
            import java.time.Instant;
            import java.util.ArrayList;
            import java.util.List;
            public class Grow {
                static final List<byte[]> KEPT = new ArrayList<>();
                public static void main(String[] args) throws Exception {
                    System.out.println("grow-start " + Instant.now());
                    while (true) {
                        KEPT.add(new byte[512 * 1024]);
                        Thread.sleep(20);
                    }
                }
            }
            """;

    /**
     * An app that catches its own OutOfMemoryError and carries on, logging nothing: only the JVM's
     * own report ({@link OutOfMemory#REPORT_FLAG}) tells.
     */
    private static final String SWALLOW = """
            import java.time.Instant;
            import java.util.ArrayList;
            import java.util.List;
            public class Swallow {
                public static void main(String[] args) throws Exception {
                    System.out.println("swallow-start " + Instant.now());
                    for (int round = 0; round < 3; round++) {
                        List<long[]> kept = new ArrayList<>();
                        try {
                            while (true) { kept.add(new long[128 * 1024]); }
                        } catch (OutOfMemoryError quiet) {
                            kept = null;
                        }
                    }
                    System.out.println("swallowed " + Instant.now());
                    Thread.sleep(600_000);
                }
            }
            """;

    /** Tiny hidden classes, defined until Metaspace runs out. */
    private static final String METASPACE = """
            import java.lang.invoke.MethodHandles;
            import java.time.Instant;
            import java.util.ArrayList;
            import java.util.HexFormat;
            import java.util.List;
            public class Meta {
                static final List<Class<?>> KEPT = new ArrayList<>();
                public static void main(String[] args) throws Exception {
                    // class Tiny extends Object: no fields, no methods (class file version 65)
                    byte[] tiny = HexFormat.of().parseHex("cafebabe00000041000507000201000454696e7907000401"
                            + "00106a6176612f6c616e672f4f626a6563740021000100030000000000000000");
                    MethodHandles.Lookup lookup = MethodHandles.lookup();
                    System.out.println("meta-start " + Instant.now());
                    while (true) {
                        KEPT.add(lookup.defineHiddenClass(tiny, false).lookupClass());
                    }
                }
            }
            """;

    private static final Pattern MARK = Pattern.compile("^(leak-start|filling|work-start|work-end|meta-start|grow-start|swallow-start|swallowed) (\\S+)$");
    private static final long MB = 1024 * 1024;

    private static BenchHost host;
    private static ContainerEngine engine;

    @BeforeAll
    static void connect() {
        host = BenchHost.forClass(JfrSurvivalTest.class);
        engine = host.engine();
    }

    @AfterAll
    static void removeEverythingThisClassStarted() {
        if (host != null) {
            host.close();
        }
    }

    /** The app box of {@code AppContainers.app}, with the worker's JVM options and {@code extraOptions}. */
    private static RunningContainer start(int jdk, String className, String source, String extraOptions) {
        return start(jdk, className, source, extraOptions, 256);
    }

    private static RunningContainer start(int jdk, String className, String source, String extraOptions, int memoryMb) {
        byte[] program = HostilePrograms.compile(className, source);
        return host.start(host.spec("jvmbench/jdk:" + jdk)
                .sandbox(ContainerSpec.APP_USER)
                .volume("/tmp")
                .cpus(1)
                .memoryMegabytes(memoryMb)
                .pidsLimit(256)
                .nofileLimit(1024)
                .env(HostilePrograms.env(program))
                .env("JAVA_TOOL_OPTIONS", String.join(" ", JfrAnalyzer.JVM_OPTIONS) + " " + OutOfMemory.REPORT_FLAG
                        + " " + extraOptions)
                .command(HostilePrograms.command(className, "", ""))
                .build());
    }

    /** The program's log once it printed the mark {@code last} (or ended), within two minutes. */
    private static List<LogLine> logUntil(RunningContainer app, String last) {
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(250))
                .until(() -> engine.logs(app).contains(last + " ") || engine.exitOutcome(app).isPresent());
        return engine.logLines(app);
    }

    private static Map<String, Instant> marks(List<LogLine> lines) {
        Map<String, Instant> marks = new HashMap<>();
        for (LogLine line : lines) {
            Matcher matcher = MARK.matcher(line.text());
            if (matcher.matches()) {
                marks.put(matcher.group(1), Instant.parse(matcher.group(2)));
            }
        }
        return marks;
    }

    private static List<LogScan.Line> scanLines(List<LogLine> lines) {
        return lines.stream().map(line -> new LogScan.Line(line.at(), line.text())).toList();
    }

    /** The final file (absent, empty or partial) and the repository, copied out of the stopped container. */
    private record Copied(Path recording, Path repository, List<Path> chunkFiles) {
    }

    private static Copied copyOut(RunningContainer container, Path dir) {
        Path recording = dir.resolve("app.jfr");
        try {
            engine.copyFile(container, JfrAnalyzer.RECORDING_PATH, recording);
        } catch (ContainerEngineException e) {
            System.out.printf("no final recording: %s%n", e.getMessage());
        }
        Path repository = dir.resolve("repository");
        List<Path> chunks = engine.copyDirectory(container, JfrAnalyzer.REPOSITORY_PATH, repository);
        return new Copied(recording, repository, chunks);
    }

    private static void print(String what, JfrAnalyzer analyzer) throws IOException {
        System.out.printf("%s: %s %s, %s%n", what, analyzer.source().kind(),
                analyzer.source().complete() ? "complete" : "partial", analyzer.source().chunks());
        System.out.printf("  recording [%s, %s]%n", analyzer.recordingStart(), analyzer.recordingEnd());
        System.out.printf("  facts %s%n", analyzer.facts().map(f -> f.toString().replaceAll(", systemProperties=.*", "]"))
                .orElse("none"));
    }

    @ParameterizedTest(name = "jdk{0}")
    @ValueSource(ints = {21, 25})
    void aJvmOutOfHeapShowsInItsLogAndItsRecording(int jdk, @TempDir Path dir) throws IOException {
        RunningContainer app = start(jdk, "Leak", LEAK, "-Xmx64m");
        try {
            List<LogLine> log = logUntil(app, "filling");
            Map<String, Instant> marks = marks(log);
            assertThat(marks).as("program output: %s", engine.logs(app)).containsKeys("leak-start", "filling");

            // as the worker's collect step does: stop, then copy out what there is
            engine.stop(app, Duration.ofSeconds(5));
            Copied copied = copyOut(app, dir);
            JfrAnalyzer analyzer = JfrAnalyzer.readBest(copied.recording(), copied.repository());
            print("JDK " + jdk + " out of heap", analyzer);
            List<OutOfMemory> ooms = LogScan.outOfMemoryErrors(scanLines(log));
            System.out.printf("  OOMs in the log: %s%n", ooms);

            assertThat(copied.chunkFiles()).as("the repository is kept after the JVM ends").isNotEmpty();
            assertThat(ooms).filteredOn(oom -> oom.source().equals(OutOfMemory.FROM_LOG)).first().satisfies(oom -> {
                assertThat(oom.kind()).isEqualTo(OomKind.JAVA_HEAP_SPACE);
                assertThat(oom.thread()).isEqualTo("leaker");
                assertThat(oom.at()).isBetween(marks.get("leak-start"), marks.get("filling").plusSeconds(1));
            });
            // the JVM's own line, first: it prints it before the error reaches the thread's handler
            assertThat(ooms).first().satisfies(oom -> {
                assertThat(oom.source()).isEqualTo(OutOfMemory.FROM_JVM_REPORT);
                assertThat(oom.kind()).isEqualTo(OomKind.JAVA_HEAP_SPACE);
            });
            // no JFR event for a heap OOM: jdk.JavaErrorThrow skips them
            assertThat(analyzer.outOfMemoryErrors()).isEmpty();

            JvmFacts facts = analyzer.facts().orElseThrow();
            assertThat(facts.featureVersion()).isEqualTo(jdk);
            assertThat(facts.heapMaxBytes()).isEqualTo(64 * MB);
            assertThat(facts.containerMemoryLimitBytes()).isEqualTo(256 * MB);
            assertThat(facts.containerType()).isEqualTo("cgroupv1");
            assertThat(facts.cpuCount()).isEqualTo(1);
            assertThat(facts.containerCpuCount()).isEqualTo(1);
            // from JAVA_TOOL_OPTIONS: -XX options count as "Environment variable", while -Xmx, which
            // the JVM translates to MaxHeapSize, counts as "Command line" (JDK 21, 25, 26 alike)
            assertThat(facts.flag("StartFlightRecording")).hasValueSatisfying(flag ->
                    assertThat(flag.origin()).isEqualTo("Environment variable"));
            assertThat(facts.flag("FlightRecorderOptions")).hasValueSatisfying(flag ->
                    assertThat(flag.origin()).isEqualTo("Environment variable"));
            assertThat(facts.flag("MaxHeapSize")).hasValueSatisfying(flag -> {
                assertThat(flag.origin()).isEqualTo("Command line");
                assertThat(flag.value()).isEqualTo(Long.toString(64 * MB));
            });
            assertThat(facts.jvmArguments()).contains(JfrAnalyzer.REPOSITORY_FLAG).contains("-Xmx64m");

            // the leak is in the recording: collections, and the heap after them close to its maximum
            Instant from = marks.get("leak-start");
            Instant to = marks.get("filling");
            List<JvmSecond> seconds = analyzer.seconds(from, to);
            seconds.forEach(second -> System.out.printf("  %s%n", second));
            assertThat(analyzer.window(from, to).gcCount()).isPositive();
            assertThat(seconds).allMatch(JvmSecond::covered);
            assertThat(seconds.stream().filter(s -> s.heapAfterGcMb() != null).mapToDouble(JvmSecond::heapAfterGcMb)
                    .max().orElse(0)).isGreaterThan(40.0).isLessThanOrEqualTo(64.0);
        } finally {
            engine.remove(app);
        }
    }

    @ParameterizedTest(name = "jdk{0}")
    @ValueSource(ints = {21, 25})
    void aJvmThatCatchesItsOutOfMemoryErrorsStillReportsTheFirst(int jdk) {
        RunningContainer app = start(jdk, "Swallow", SWALLOW, "-Xmx64m");
        try {
            List<LogLine> log = logUntil(app, "swallowed");
            Map<String, Instant> marks = marks(log);
            assertThat(marks).as("program output: %s", engine.logs(app)).containsKeys("swallow-start", "swallowed");
            List<OutOfMemory> ooms = LogScan.outOfMemoryErrors(scanLines(log));
            System.out.printf("JDK %d swallowed its OOMs; in the log: %s%n", jdk, ooms);

            // three errors caught, one report: the JVM prints only its first
            assertThat(ooms).singleElement().satisfies(oom -> {
                assertThat(oom.source()).isEqualTo(OutOfMemory.FROM_JVM_REPORT);
                assertThat(oom.kind()).isEqualTo(OomKind.JAVA_HEAP_SPACE);
                assertThat(oom.thread()).isNull();
                assertThat(oom.at()).isBetween(marks.get("swallow-start"), marks.get("swallowed").plusSeconds(1));
            });
            assertThat(engine.exitOutcome(app)).as("the app lives on").isEmpty();
        } finally {
            engine.remove(app);
        }
    }

    /**
     * Memory near the container's limit: a heap allowed to grow past it (-Xmx512m in 160 MB), so
     * the kernel kills the JVM (OOMKilled, a SIGKILL) before the JVM ever throws. The final file
     * is the empty one JFR creates at start; the repository has what was flushed.
     */
    @ParameterizedTest(name = "jdk{0}")
    @ValueSource(ints = {21, 25})
    void aJvmKilledForTheContainersMemoryLeavesARepositoryThatReads(int jdk, @TempDir Path dir) throws IOException {
        RunningContainer app = start(jdk, "Grow", GROW, "-Xms16m -Xmx512m", 160);
        try {
            ContainerOutcome outcome = engine.awaitExit(app, Duration.ofSeconds(120));
            List<LogLine> log = engine.logLines(app);
            Map<String, Instant> marks = marks(log);
            Copied copied = copyOut(app, dir);
            JfrAnalyzer analyzer = JfrAnalyzer.readBest(copied.recording(), copied.repository());
            print("JDK " + jdk + " OOMKilled", analyzer);
            Instant from = marks.get("grow-start");
            List<JvmSecond> seconds = analyzer.seconds(from, analyzer.recordingEnd());
            seconds.forEach(second -> System.out.printf("  %s%n", second));

            assertThat(outcome).as(engine.logs(app)).isInstanceOf(ContainerOutcome.OomKilled.class);
            assertThat(LogScan.outOfMemoryErrors(scanLines(log))).as("the kernel's kill leaves no error in the log").isEmpty();
            assertThatThrownBy(() -> JfrAnalyzer.read(copied.recording())).isInstanceOf(IOException.class);
            assertThat(analyzer.source().kind()).isEqualTo(JfrSource.REPOSITORY);
            assertThat(analyzer.source().complete()).isFalse();
            assertThat(analyzer.facts()).hasValueSatisfying(facts -> {
                assertThat(facts.containerMemoryLimitBytes()).isEqualTo(160 * MB);
                assertThat(facts.heapMaxBytes()).as("the heap may outgrow the container").isEqualTo(512 * MB);
            });
            assertThat(analyzer.recordingEnd()).isAfter(from.plusSeconds(1));
            List<Double> heap = seconds.stream().map(JvmSecond::heapUsedMaxMb).filter(Objects::nonNull).toList();
            assertThat(heap).as("the heap grows until the kill").hasSizeGreaterThanOrEqualTo(2);
            assertThat(heap.getLast()).isGreaterThan(heap.getFirst());
        } finally {
            engine.remove(app);
        }
    }

    @ParameterizedTest(name = "jdk{0}")
    @ValueSource(ints = {21, 25, 26})
    void aKilledJvmLeavesARepositoryThatReadsUpToItsLastFlush(int jdk, @TempDir Path dir)
            throws IOException {
        RunningContainer app = start(jdk, "Work", WORK, "");
        try {
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(250))
                    .until(() -> engine.logs(app).contains("work-end ") || engine.exitOutcome(app).isPresent());
            Map<String, Instant> marks = marks(engine.logLines(app));
            assertThat(marks).as("program output: %s", engine.logs(app)).containsKeys("work-start", "work-end");
            // two flushes after the work, then SIGKILL from the host, as `docker kill` sends it
            Instant workEnd = marks.get("work-end");
            await().atMost(Duration.ofSeconds(10)).until(() -> Instant.now().isAfter(workEnd.plusSeconds(2)));
            assertThat(ProcessHandle.of(app.hostPid())).hasValueSatisfying(ProcessHandle::destroyForcibly);
            engine.awaitExit(app, Duration.ofSeconds(30));

            Copied copied = copyOut(app, dir);
            assertThatThrownBy(() -> JfrAnalyzer.read(copied.recording())).isInstanceOf(IOException.class);
            JfrAnalyzer analyzer = JfrAnalyzer.readBest(copied.recording(), copied.repository());
            print("JDK " + jdk + " killed", analyzer);

            assertThat(analyzer.source().kind()).isEqualTo(JfrSource.REPOSITORY);
            assertThat(analyzer.source().complete()).isFalse();
            assertThat(analyzer.source().chunks().getLast()).satisfies(chunk -> {
                assertThat(chunk.finished()).as("the chunk the JVM was writing").isFalse();
                assertThat(chunk.broken()).isNull();
                assertThat(chunk.events()).isPositive();
            });
            assertThat(analyzer.facts()).hasValueSatisfying(facts -> {
                assertThat(facts.featureVersion()).isEqualTo(jdk);
                assertThat(facts.cpuCount()).isEqualTo(1);
                assertThat(facts.containerMemoryLimitBytes()).isEqualTo(256 * MB);
            });
            Instant from = marks.get("work-start");
            JfrWindow work = analyzer.window(from, workEnd);
            List<PinnedSite> sites = analyzer.pinnedSites(from, workEnd);
            System.out.printf("  work %s%n  pinned %s%n", work, sites);
            assertThat(analyzer.recordingEnd()).as("flushed after the work").isAfter(workEnd);
            assertThat(work.gcCount()).isPositive();
            assertThat(analyzer.seconds(from, workEnd)).allSatisfy(second -> {
                assertThat(second.covered()).isTrue();
                assertThat(second.gcPauseMs()).isNotNull();
            });
            if (jdk < TheoreticalCeiling.FIRST_JDK_WITHOUT_MONITOR_PINNING) {
                assertThat(sites).first().satisfies(site -> {
                    assertThat(site.frame()).startsWith("Work.hold:");
                    assertThat(site.count()).isGreaterThanOrEqualTo(5);
                    assertThat(site.totalPinned()).isGreaterThanOrEqualTo(Duration.ofMillis(5 * 45));
                    assertThat(site.context()).anyMatch(frame -> frame.startsWith("java.lang.Thread.sleep"));
                });
            } else {
                assertThat(sites).isEmpty();
            }
        } finally {
            engine.remove(app);
        }
    }

    @Test
    void aJvmOutOfMetaspaceShowsInItsRecordingAndItsLog(@TempDir Path dir) throws IOException {
        RunningContainer app = start(25, "Meta", METASPACE, "-XX:MaxMetaspaceSize=32m");
        try {
            engine.awaitExit(app, Duration.ofSeconds(120));
            List<LogLine> log = engine.logLines(app);
            Copied copied = copyOut(app, dir);
            JfrAnalyzer analyzer = JfrAnalyzer.readBest(copied.recording(), copied.repository());
            print("JDK 25 out of Metaspace", analyzer);
            List<OutOfMemory> fromLog = LogScan.outOfMemoryErrors(scanLines(log));
            System.out.printf("  OOMs in the recording: %s%n  in the log: %s%n", analyzer.outOfMemoryErrors(), fromLog);

            assertThat(analyzer.outOfMemoryErrors()).isNotEmpty()
                    .allSatisfy(oom -> assertThat(oom.source()).isEqualTo(OutOfMemory.FROM_JFR_METASPACE))
                    .allSatisfy(oom -> assertThat(oom.kind()).isEqualTo(OomKind.METASPACE));
            assertThat(fromLog).anySatisfy(oom -> {
                assertThat(oom.kind()).isEqualTo(OomKind.METASPACE);
                assertThat(oom.thread()).isEqualTo("main");
            });
            Instant start = marks(log).get("meta-start");
            assertThat(analyzer.outOfMemoryErrors().getFirst().at()).isAfter(start);
            // jdk.JavaErrorThrow is on, yet holds no OutOfMemoryError: the JDK's tracer skips them
            List<String> errorsThrown = new ArrayList<>();
            for (Path chunk : copied.chunkFiles()) {
                errorsThrown.addAll(thrownErrors(chunk));
            }
            if (Files.exists(copied.recording()) && readsWhole(copied.recording())) {
                errorsThrown.addAll(thrownErrors(copied.recording()));
            }
            assertThat(errorsThrown).noneMatch(name -> name.contains("OutOfMemoryError"));
        } finally {
            engine.remove(app);
        }
    }

    private static boolean readsWhole(Path recording) {
        try {
            JfrAnalyzer.read(recording);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The classes of the jdk.JavaErrorThrow events a file's readable part holds. */
    private static List<String> thrownErrors(Path file) {
        List<String> thrown = new ArrayList<>();
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                var event = recording.readEvent();
                if (event.getEventType().getName().equals("jdk.JavaErrorThrow")) {
                    thrown.add(event.getClass("thrownClass").getName());
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unfinished chunk ends so; what was read counts
        }
        return thrown;
    }
}
