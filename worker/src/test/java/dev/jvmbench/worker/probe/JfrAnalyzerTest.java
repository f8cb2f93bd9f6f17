package dev.jvmbench.worker.probe;

import dev.jvmbench.common.profile.ProfileKind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ExecResult;
import dev.jvmbench.worker.container.RunningContainer;
import dev.jvmbench.worker.testing.BenchHost;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Recordings made the way the worker makes them (the JVM flag of {@link JfrAnalyzer}, a dump by
 * {@code jcmd} while the app runs, {@code docker cp} out) on every JDK image, read by this JVM.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class JfrAnalyzerTest {

    /**
     * Phases with printed bounds: allocation that makes the collector run, then virtual threads
     * that sleep inside {@code synchronized} (pinned on JDK 21, not from 24 on), then idle so the
     * recording can be dumped from the running JVM.
     */
    private static final String PROGRAM = """
            import java.time.Instant;
            public class Phases {
                static final Object LOCK = new Object();
                static volatile Object sink;
                public static void main(String[] args) throws Exception {
                    System.out.println("alloc-start " + Instant.now());
                    long end = System.nanoTime() + 3_000_000_000L;
                    while (System.nanoTime() < end) {
                        byte[][] keep = new byte[64][];
                        for (int i = 0; i < keep.length; i++) {
                            keep[i] = new byte[64 * 1024];
                        }
                        sink = keep;
                    }
                    System.out.println("alloc-end " + Instant.now());
                    System.out.println("pin-start " + Instant.now());
                    Thread[] threads = new Thread[4];
                    for (int i = 0; i < threads.length; i++) {
                        threads[i] = Thread.ofVirtual().start(() -> {
                            synchronized (LOCK) {
                                try { Thread.sleep(60); } catch (InterruptedException e) { throw new RuntimeException(e); }
                            }
                        });
                    }
                    for (Thread t : threads) {
                        t.join();
                    }
                    System.out.println("pin-end " + Instant.now());
                    Thread.sleep(120_000);
                }
            }
            """;
    private static final Pattern MARK = Pattern.compile("(?m)^(alloc-start|alloc-end|pin-start|pin-end) (\\S+)$");

    private static BenchHost host;
    private static ContainerEngine engine;

    @BeforeAll
    static void connect() {
        host = BenchHost.forClass(JfrAnalyzerTest.class);
        engine = host.engine();
    }

    @AfterAll
    static void removeEverythingThisClassStarted() {
        if (host != null) {
            host.close();
        }
    }

    static List<Arguments> jdks() {
        // the collector the JVM picks under 1 CPU (Serial) on every JDK, and G1 on the worker's JDK
        return List.of(
                Arguments.of(Named.of("jdk21", 21), ""),
                Arguments.of(Named.of("jdk25", 25), ""),
                Arguments.of(Named.of("jdk26", 26), ""),
                Arguments.of(Named.of("jdk25 G1", 25), "-XX:+UseG1GC"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("jdks")
    void gcHeapAndPinningPerWindow(int jdk, String gcFlag, @TempDir Path dir) throws IOException {
        Recorded recorded = record("jvmbench/jdk:" + jdk, gcFlag, dir);
        JfrAnalyzer analyzer = JfrAnalyzer.read(recorded.file());

        JfrWindow allocation = analyzer.window(recorded.mark("alloc-start"), recorded.mark("alloc-end"));
        JfrWindow pinning = analyzer.window(recorded.mark("pin-start"), recorded.mark("pin-end"));
        JfrWindow whole = analyzer.window(analyzer.recordingStart(), analyzer.recordingEnd());
        System.out.printf("JDK %d %s:%n  allocation %s%n  pinning %s%n  whole %s%n", jdk, gcFlag, allocation, pinning, whole);

        assertThat(allocation.gcCount()).as("collections while allocating").isPositive();
        assertThat(allocation.gcPauseMsPerSecond()).as("pause ms per second").isPositive().isLessThan(1000.0);
        assertThat(allocation.heapMeanMb()).as("mean heap used").isNotNull().isPositive().isLessThan(256.0);
        assertThat(allocation.javaThreadsPeak()).as("platform threads").isNotNull().isGreaterThanOrEqualTo(1);
        assertThat(whole.gcCount()).isGreaterThanOrEqualTo(allocation.gcCount());
        // the pauses counted one by one add up to what the collections report as their pauses
        double wholeSeconds = Duration.between(whole.from(), whole.to()).toNanos() / 1e9;
        assertThat(whole.gcPauseMsPerSecond() * wholeSeconds)
                .isCloseTo(sumOfPausesMs(recorded.file()), within(0.5));
        // the profiles, as the worker cuts them per level, from the same recording
        JfrProfile cpu = analyzer.profile(ProfileKind.CPU, recorded.mark("alloc-start"), recorded.mark("alloc-end"));
        JfrProfile alloc = analyzer.profile(ProfileKind.ALLOC, recorded.mark("alloc-start"), recorded.mark("alloc-end"));
        JfrProfile pinned = analyzer.profile(ProfileKind.PINNED, recorded.mark("pin-start"), recorded.mark("pin-end"));
        assertThat(cpu.samplingPeriodNs()).as("the default settings' execution-sample period on JDK %d", jdk)
                .isEqualTo(20_000_000L);
        // execution samples see threads running Java code only: this loop spends its time in the VM's
        // allocation path and in Serial's collections, and JDK 21 and 25 under Serial took no sample of it
        // (G1, JDK 26 did); the program's samples there are main's. JFR's own threads run Java code too
        // and may be sampled in the window (a CI run had one sample, PlatformRecorder.takeNap, and none
        // of main): they are not the program's
        assertThat(cpu.stacks().stacks().keySet().stream().filter(stack -> stack.contains("Phases.")).toList())
                .as("CPU samples of the program in the allocation window: %s", cpu.stacks().stacks().keySet())
                .allMatch(stack -> stack.contains("Phases.main"));
        assertThat(alloc.stacks().frameWeights().getFirst().frame()).as("bytes allocated by main itself")
                .isEqualTo("Phases.main");
        assertThat(alloc.stacks().total()).as("bytes").isGreaterThan(64L * 1024 * 64);
        if (jdk < TheoreticalCeiling.FIRST_JDK_WITHOUT_MONITOR_PINNING) {
            assertThat(pinned.stacks().stacks().keySet()).as("the frame that pins, in the pinned profile")
                    .anyMatch(stack -> stack.contains("Phases.lambda$main$"));
            assertThat(pinned.stacks().total()).as("ns pinned: at least one 60 ms sleep").isGreaterThan(50_000_000L);
        } else {
            assertThat(pinned.stacks().isEmpty()).as("no pinning on JDK %d", jdk).isTrue();
        }
        if (jdk < TheoreticalCeiling.FIRST_JDK_WITHOUT_MONITOR_PINNING) {
            assertThat(pinning.virtualThreadPinnedEvents()).as("pinned events on JDK %d", jdk).isPositive();
            assertThat(allocation.virtualThreadPinnedEvents()).isZero();
        } else {
            assertThat(whole.virtualThreadPinnedEvents()).as("pinned events on JDK %d", jdk).isZero();
        }
    }

    @Test
    void aWindowTheRecordingDoesNotCoverIsRefused(@TempDir Path dir) throws IOException {
        Recorded recorded = record("jvmbench/jdk:25", "", dir);
        JfrAnalyzer analyzer = JfrAnalyzer.read(recorded.file());

        Instant after = analyzer.recordingEnd().plusSeconds(60);
        assertThatThrownBy(() -> analyzer.window(after, after.plusSeconds(10)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("covers");
        assertThatThrownBy(() -> JfrAnalyzer.read(dir.resolve("missing.jfr"))).isInstanceOf(IOException.class);
    }

    private static double sumOfPausesMs(Path recording) throws IOException {
        return RecordingFile.readAllEvents(recording).stream()
                .filter(event -> event.getEventType().getName().equals("jdk.GarbageCollection"))
                .mapToLong(event -> event.getDuration("sumOfPauses").toNanos())
                .sum() / 1e6;
    }

    private record Recorded(Path file, Map<String, Instant> marks) {
        Instant mark(String name) {
            return marks.get(name);
        }
    }

    private static Recorded record(String image, String gcFlag, Path dir) throws IOException {
        List<String> java = new ArrayList<>(List.of("java", JfrAnalyzer.JVM_FLAG));
        if (!gcFlag.isEmpty()) {
            java.add(gcFlag);
        }
        java.add("/tmp/Phases.java");
        RunningContainer container = host.start(host.spec(image)
                .cpus(1)
                .memoryMegabytes(256)
                .env("PROGRAM", PROGRAM)
                .command("sh", "-c", "printf '%s' \"$PROGRAM\" > /tmp/Phases.java && exec "
                        + String.join(" ", java.stream().map(arg -> "'" + arg + "'").toList()))
                .build());
        try {
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(250))
                    .until(() -> engine.logs(container).contains("pin-end ")
                            || engine.exitOutcome(container).isPresent());
            String logs = engine.logs(container);
            assertThat(logs).as("program output").contains("pin-end ");
            Map<String, Instant> marks = new HashMap<>();
            Matcher matcher = MARK.matcher(logs);
            while (matcher.find()) {
                marks.put(matcher.group(1), Instant.parse(matcher.group(2)));
            }

            ExecResult dump = engine.exec(container, JfrAnalyzer.DUMP_COMMAND, Duration.ofSeconds(60));
            assertThat(dump.exitCode()).as("%s: %s%s", JfrAnalyzer.DUMP_COMMAND, dump.stdout(), dump.stderr()).isZero();
            Path file = dir.resolve("dump.jfr");
            engine.copyFile(container, JfrAnalyzer.DUMP_PATH, file);
            assertThat(Files.size(file)).isPositive();
            return new Recorded(file, marks);
        } finally {
            engine.remove(container);
        }
    }
}
