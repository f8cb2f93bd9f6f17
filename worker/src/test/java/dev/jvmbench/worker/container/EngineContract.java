package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import dev.jvmbench.worker.testing.BenchHost;

/**
 * What every {@link ContainerEngine} promises, checked the same way for Docker
 * (DockerContainerEngineTest, ContainerFilesAndLogsTest) and Kubernetes
 * (KubernetesContainerEngineTest): how waiting ends (ready, exited, OOMKilled, timed out), exec
 * and logs, and the file copies. The run flow waits for the app, reads app.log and copies the JFR
 * recording through these calls, whatever runs the container.
 */
final class EngineContract {

    private EngineContract() {
    }

    /**
     * How a test class starts a container of a JDK image: its own base spec (image, labels, box),
     * with what a check adds to it (the command, a memory limit).
     */
    @FunctionalInterface
    interface Start {
        RunningContainer start(UnaryOperator<ContainerSpec.Builder> spec);
    }

    /**
     * An app that exits while it is awaited is reported as exited, with its code and the tail of
     * its log (stdout and stderr), and listed as exited until it is removed.
     *
     * @param labels what the started containers carry, to find them by
     * @param within how long the engine may take to start the container and see it exit
     */
    static void anAppThatExitsIsReportedWithItsCodeAndLogTail(ContainerEngine engine, Start start,
            Map<String, String> labels, Duration within) {
        RunningContainer container = start.start(spec -> spec
                .command("sh", "-c", "echo 'starting up'; echo 'config missing' >&2; exit 3"));

        ContainerOutcome outcome = engine.awaitReady(container, ReadinessStrategy.tcp(BenchHost.freePort(), within));

        assertThat(outcome).isInstanceOfSatisfying(ContainerOutcome.Exited.class, exited -> {
            assertThat(exited.exitCode()).isEqualTo(3);
            assertThat(exited.logTail()).contains("starting up").contains("config missing");
            assertThat(exited.reason()).isEqualTo("exited 3");
        });
        assertThat(engine.findManaged(labels)).anySatisfy(found -> {
            assertThat(found.name()).isEqualTo(container.name());
            assertThat(found.state()).isEqualTo("exited");
        });
        engine.remove(container);
    }

    /**
     * A JVM that goes past the container's memory limit is stopped by the kernel, not by the JVM:
     * the heap may grow to 2 GB but the container has 128 MB, and pre-touching a 1 GB heap makes
     * the kernel kill it. A benchmark must report that as OOMKilled rather than as a crash.
     */
    static void aJvmGoingPastItsMemoryLimitIsOomKilled(ContainerEngine engine, Start start, Duration within) {
        RunningContainer container = start.start(spec -> spec.memoryMegabytes(128)
                .command("java", "-Xms1g", "-Xmx2g", "-XX:+AlwaysPreTouch", "-XX:+UseSerialGC", "-version"));

        ContainerOutcome outcome = engine.awaitExit(container, within);

        assertThat(outcome).isInstanceOfSatisfying(ContainerOutcome.OomKilled.class,
                oom -> assertThat(oom.reason()).isEqualTo("OOMKilled"));
        engine.remove(container);
    }

    /**
     * Readiness that never comes ends the wait after the strategy's timeout, not much later, and
     * leaves the container running; waiting for its exit times out the same way.
     */
    static void readinessThatNeverComesTimesOutAndTheContainerKeepsRunning(ContainerEngine engine, Start start) {
        RunningContainer container = start.start(spec -> spec.command("sleep", "120"));

        long started = System.nanoTime();
        ContainerOutcome outcome = engine.awaitReady(container,
                ReadinessStrategy.http(BenchHost.freePort(), "/ready", Duration.ofSeconds(1)));
        Duration waited = Duration.ofNanos(System.nanoTime() - started);

        assertThat(outcome).isInstanceOfSatisfying(ContainerOutcome.TimedOut.class,
                timedOut -> assertThat(timedOut.after()).isGreaterThanOrEqualTo(Duration.ofSeconds(1)));
        assertThat(waited).isLessThan(Duration.ofSeconds(5));
        assertThat(engine.exitOutcome(container)).as("a timed-out container is left running").isEmpty();
        assertThat(engine.awaitExit(container, Duration.ofMillis(300))).isInstanceOf(ContainerOutcome.TimedOut.class);
        engine.remove(container);
    }

    /**
     * exec returns the command's exit code and its two streams apart; the log can be read whole
     * or by its last lines; a command that succeeds makes an exec readiness ready.
     *
     * @param within how long the engine may take to start the container and log its lines
     */
    static void execReturnsExitCodeAndBothStreamsAndLogsCanBeTailed(ContainerEngine engine, Start start,
            Duration within) {
        RunningContainer container = start.start(spec -> spec
                .command("sh", "-c", "for i in 1 2 3 4 5; do echo line$i; done; exec sleep 120"));
        await().atMost(within).until(() -> engine.logs(container).contains("line5"));

        ExecResult result = engine.exec(container, List.of("sh", "-c", "echo out; echo err >&2; exit 4"),
                Duration.ofSeconds(20));

        assertThat(result).isEqualTo(new ExecResult(4, "out\n", "err\n"));
        assertThat(engine.logs(container, 2)).isEqualTo("line4\nline5\n");
        assertThat(engine.logs(container)).startsWith("line1\n").endsWith("line5\n");
        assertThat(engine.awaitReady(container, ReadinessStrategy.exec(List.of("true"), Duration.ofSeconds(10))))
                .isInstanceOf(ContainerOutcome.Ready.class);
        engine.remove(container);
    }

    /**
     * Lines on stdout and stderr come back with the engine's time stamps, in order, whole
     * (a 40,000-character line and a last line without a line break included).
     *
     * @param start starts a boxed container running the given command
     */
    static void logLinesCarryTheEnginesTimeInTheOrderTheyWereWritten(ContainerEngine engine,
            Function<List<String>, RunningContainer> start, Duration exitWithin) {
        Instant before = Instant.now();
        RunningContainer container = start.apply(List.of("sh", "-c", "echo out-1; echo err-1 >&2; sleep 0.3; echo out-2; "
                + "head -c 40000 /dev/zero | tr '\\0' x; echo; printf 'no line break'"));
        ContainerOutcome outcome = engine.awaitExit(container, exitWithin);
        Instant after = Instant.now();

        List<LogLine> lines = engine.logLines(container);
        lines.forEach(line -> System.out.printf("%s %.60s%n", line.at(), line.text()));

        assertThat(outcome).isInstanceOf(ContainerOutcome.Exited.class);
        List<String> texts = lines.stream().map(LogLine::text).toList();
        // stdout and stderr are two pipes the engine reads side by side: lines written on both
        // within microseconds may come stamped either way round
        assertThat(texts.subList(0, 2)).containsExactlyInAnyOrder("out-1", "err-1");
        // containerd logs a long line in 16 KB parts; the engine joins them again
        assertThat(texts.subList(2, texts.size())).containsExactly("out-2", "x".repeat(40000), "no line break");
        assertThat(lines).extracting(LogLine::at).isSorted()
                .allSatisfy(at -> assertThat(at).isBetween(before.minusSeconds(2), after.plusSeconds(2)));
        // the shell slept 0.3 s between them: the engine's stamps show it
        assertThat(Duration.between(lines.get(1).at(), lines.get(2).at())).isGreaterThanOrEqualTo(Duration.ofMillis(250));
        // the plain log interleaves the two pipes the same way: out-1 and err-1 first, in either order
        String plain = engine.logs(container);
        assertThat(plain.lines().limit(2).toList()).as("the plain log's first lines")
                .containsExactlyInAnyOrder("out-1", "err-1");
        assertThat(plain).as("the plain log's end").endsWith("\nno line break");
        engine.remove(container);
    }

    /**
     * A directory comes out of a stopped container as regular files only (no links, no pipes),
     * capped in size, with a clear error for a file, a missing path or a copy over the cap.
     *
     * @param missingPathError what the engine's error says for a path that does not exist
     */
    static void aDirectoryIsCopiedOutOfAStoppedContainerWithoutItsLinksAndPipes(ContainerEngine engine,
            Function<List<String>, RunningContainer> start, Duration exitWithin, Path dir, String missingPathError)
            throws IOException {
        RunningContainer container = start.apply(List.of("sh", "-c", "mkdir -p /tmp/d/sub/deeper && printf 'a' > /tmp/d/a.txt"
                + " && head -c 1048576 /dev/urandom > /tmp/d/sub/b.bin && printf 'c' > /tmp/d/sub/deeper/c.txt"
                + " && ln -s /etc/passwd /tmp/d/passwd && ln -s / /tmp/d/root && mkfifo /tmp/d/pipe"));
        assertThat(engine.awaitExit(container, exitWithin))
                .isInstanceOfSatisfying(ContainerOutcome.Exited.class, exited -> assertThat(exited.exitCode()).isZero());

        Path target = dir.resolve("copy");
        List<Path> files = engine.copyDirectory(container, "/tmp/d", target);

        Path root = target.toRealPath();
        assertThat(files).containsExactlyInAnyOrder(root.resolve("a.txt"), root.resolve("sub/b.bin"),
                root.resolve("sub/deeper/c.txt"));
        assertThat(root.resolve("a.txt")).hasContent("a");
        assertThat(Files.size(root.resolve("sub/b.bin"))).isEqualTo(1048576);
        assertThat(root.resolve("passwd")).doesNotExist();
        assertThat(root.resolve("root")).doesNotExist();
        assertThat(root.resolve("pipe")).doesNotExist();

        assertThat(engine.copyDirectory(container, "/tmp/d/", dir.resolve("again"))).hasSize(3);
        assertThatThrownBy(() -> engine.copyDirectory(container, "/tmp/d", dir.resolve("capped"), 100_000))
                .isInstanceOf(ContainerEngineException.class).hasMessageContaining("more than 100000 bytes");
        assertThatThrownBy(() -> engine.copyDirectory(container, "/tmp/d/a.txt", dir.resolve("file")))
                .isInstanceOf(ContainerEngineException.class).hasMessageContaining("not a directory");
        assertThatThrownBy(() -> engine.copyDirectory(container, "/tmp/missing", dir.resolve("missing")))
                .isInstanceOf(ContainerEngineException.class).hasMessageContaining(missingPathError);
        // a copy after a refused one still works: the refused call did not leave the container held
        assertThat(engine.copyDirectory(container, "/tmp/d/sub", dir.resolve("sub"))).hasSize(2);
        engine.remove(container);
    }
}
