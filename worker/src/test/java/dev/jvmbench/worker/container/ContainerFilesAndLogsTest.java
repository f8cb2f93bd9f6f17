package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.jvmbench.worker.testing.BenchHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Time-stamped log lines and whole directories out of real containers, in the box every app
 * gets (user 10001, read-only root, /tmp an anonymous volume).
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ContainerFilesAndLogsTest {

    private static BenchHost host;
    private static ContainerEngine engine;
    private static String jdkImage;

    @BeforeAll
    static void connect() {
        host = BenchHost.forClass(ContainerFilesAndLogsTest.class);
        engine = host.engine();
        jdkImage = BenchHost.reference(BenchHost.requireImages(Map.of("bench.kind", "jdk")).getFirst());
    }

    @AfterAll
    static void removeEverythingThisClassStarted() {
        if (host != null) {
            host.close();
        }
    }

    private static ContainerSpec.Builder boxed() {
        return host.spec(jdkImage).sandbox(ContainerSpec.APP_USER).volume("/tmp").memoryMegabytes(128).pidsLimit(64)
                .nofileLimit(256);
    }

    @Test
    void logLinesCarryTheEnginesTimeInTheOrderTheyWereWritten() {
        Instant before = Instant.now();
        RunningContainer container = host.start(boxed()
                .command("sh", "-c", "echo out-1; echo err-1 >&2; sleep 0.3; echo out-2; "
                        + "head -c 40000 /dev/zero | tr '\\0' x; echo; printf 'no line break'")
                .build());
        ContainerOutcome outcome = engine.awaitExit(container, Duration.ofSeconds(30));
        Instant after = Instant.now();

        List<LogLine> lines = engine.logLines(container);
        lines.forEach(line -> System.out.printf("%s %.60s%n", line.at(), line.text()));

        assertThat(outcome).isInstanceOf(ContainerOutcome.Exited.class);
        List<String> texts = lines.stream().map(LogLine::text).toList();
        // stdout and stderr are two pipes the engine reads side by side: lines written on both
        // within microseconds may come stamped either way round
        assertThat(texts.subList(0, 2)).containsExactlyInAnyOrder("out-1", "err-1");
        assertThat(texts.subList(2, texts.size())).containsExactly("out-2", "x".repeat(40000), "no line break");
        assertThat(lines).extracting(LogLine::at).isSorted()
                .allSatisfy(at -> assertThat(at).isBetween(before.minusSeconds(2), after.plusSeconds(2)));
        // the shell slept 0.3 s between them: the engine's stamps show it
        assertThat(Duration.between(lines.get(1).at(), lines.get(2).at())).isGreaterThanOrEqualTo(Duration.ofMillis(250));
        assertThat(engine.logs(container)).as("the plain log is unchanged").startsWith("out-1\n");
        engine.remove(container);
    }

    @Test
    void aDirectoryIsCopiedOutOfAStoppedContainerWithoutItsLinksAndPipes(@TempDir Path dir) throws IOException {
        RunningContainer container = host.start(boxed()
                .command("sh", "-c", "mkdir -p /tmp/d/sub/deeper && printf 'a' > /tmp/d/a.txt"
                        + " && head -c 1048576 /dev/urandom > /tmp/d/sub/b.bin && printf 'c' > /tmp/d/sub/deeper/c.txt"
                        + " && ln -s /etc/passwd /tmp/d/passwd && ln -s / /tmp/d/root && mkfifo /tmp/d/pipe")
                .build());
        assertThat(engine.awaitExit(container, Duration.ofSeconds(30)))
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
                .isInstanceOf(ContainerEngineException.class).hasMessageContaining("404");
        engine.remove(container);
    }
}
