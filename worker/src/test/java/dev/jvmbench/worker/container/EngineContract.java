package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/**
 * What every {@link ContainerEngine} promises about logs and file copies, checked the same way
 * for Docker (ContainerFilesAndLogsTest) and Kubernetes (KubernetesContainerEngineTest): the
 * run flow reads app.log and copies the JFR recording through these two calls, whatever runs
 * the container.
 */
final class EngineContract {

    private EngineContract() {
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
