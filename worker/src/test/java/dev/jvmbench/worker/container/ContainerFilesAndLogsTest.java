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
        EngineContract.logLinesCarryTheEnginesTimeInTheOrderTheyWereWritten(engine,
                command -> host.start(boxed().command(command).build()), Duration.ofSeconds(30));
    }

    /**
     * An app that logs far more than the worker keeps: 1,500,000 lines, 10.4 MB of text beside the
     * 10 MB kept. Docker only here: a kubelet rotates a container's log at 10 MB by default, so the
     * pod log API serves the newest file, not the whole.
     */
    @Test
    void aLogTooLongToKeepKeepsItsHeadAndTailAndSaysWhatWasLeftOut() {
        RunningContainer container = host.start(boxed().command("sh", "-c", "seq 1 1500000").build());
        assertThat(engine.awaitExit(container, Duration.ofSeconds(60))).isInstanceOf(ContainerOutcome.Exited.class);

        List<LogLine> lines = engine.logLines(container);

        List<LogLine> gaps = lines.stream().filter(LogLine::isLeftOut).toList();
        assertThat(gaps).hasSize(1);
        int gap = lines.indexOf(gaps.getFirst());
        assertThat(lines.subList(0, 3)).extracting(LogLine::text).containsExactly("1", "2", "3");
        assertThat(lines.getLast().text()).isEqualTo("1500000");
        // the lines either side of the gap follow on from the lines left out: none lost without a count
        long before = Long.parseLong(lines.get(gap - 1).text());
        long after = Long.parseLong(lines.get(gap + 1).text());
        assertThat(gaps.getFirst().text()).startsWith(LogLine.LEFT_OUT + (after - before - 1) + " lines (");
        long kept = lines.stream().filter(line -> !line.isLeftOut()).mapToLong(line -> line.text().length() + 1L).sum();
        assertThat(kept).isBetween(StampedLogLines.TAIL_CHARS, StampedLogLines.HEAD_CHARS + StampedLogLines.TAIL_CHARS);
        engine.remove(container);
    }

    @Test
    void aDirectoryIsCopiedOutOfAStoppedContainerWithoutItsLinksAndPipes(@TempDir Path dir) throws IOException {
        EngineContract.aDirectoryIsCopiedOutOfAStoppedContainerWithoutItsLinksAndPipes(engine,
                command -> host.start(boxed().command(command).build()), Duration.ofSeconds(30),
                dir, "404");
    }
}
