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

    @Test
    void aDirectoryIsCopiedOutOfAStoppedContainerWithoutItsLinksAndPipes(@TempDir Path dir) throws IOException {
        EngineContract.aDirectoryIsCopiedOutOfAStoppedContainerWithoutItsLinksAndPipes(engine,
                command -> host.start(boxed().command(command).build()), Duration.ofSeconds(30),
                dir, "404");
    }
}
