package dev.jvmbench.worker.load;

import dev.jvmbench.loadgen.protocol.LoadModel;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The protocol's failure paths, with stand-in processes instead of Gatling. */
class GatlingProcessLoadGeneratorFailureTest {

    private static final LevelRequest ONE_SECOND = LevelRequest.get(LoadModel.CLOSED, 1, Duration.ZERO,
            Duration.ofSeconds(1), Duration.ofSeconds(1), URI.create("http://127.0.0.1:9/"));

    @TempDir
    Path workDir;

    @Test
    void aHungLevelIsBoundedAndKillsTheGenerator() {
        var generator = new GatlingProcessLoadGenerator(List.of("sleep", "600"), workDir,
                Duration.ofMillis(500), Duration.ofSeconds(1));
        long started = System.nanoTime();
        assertThatThrownBy(() -> generator.runLevel(ONE_SECOND))
                .isInstanceOf(LoadGeneratorException.class)
                .hasMessageContaining("no answer");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
        assertThat(generator.isAlive()).isFalse();
        assertThatThrownBy(() -> generator.runLevel(ONE_SECOND)).hasMessageContaining("closed");
        generator.close();
    }

    @Test
    void aDeadGeneratorFailsTheLevel() {
        try (var generator = new GatlingProcessLoadGenerator(List.of("sh", "-c", "echo dying >&2; exit 3"), workDir,
                Duration.ofSeconds(10), Duration.ofSeconds(1))) {
            assertThatThrownBy(() -> generator.runLevel(ONE_SECOND))
                    .isInstanceOf(LoadGeneratorException.class)
                    .hasMessageContaining("dying");
        }
    }

    @Test
    void aRefusedCommandLeavesTheGeneratorRunning() {
        String script = "read line; echo '{\"ok\":false,\"error\":\"nope\"}'; read line";
        try (var generator = new GatlingProcessLoadGenerator(List.of("sh", "-c", script), workDir,
                Duration.ofSeconds(10), Duration.ofSeconds(1))) {
            assertThatThrownBy(() -> generator.runLevel(ONE_SECOND)).hasMessageContaining("refused level: nope");
            assertThat(generator.isAlive()).isTrue();
        }
    }

    @Test
    void anAnswerThatIsNotTheProtocolsStopsTheGenerator() {
        // ok, but not a level answer: the two sides disagree, nothing later can be trusted
        String script = "read line; echo '{\"ok\":true,\"level\":5}'; sleep 600";
        var generator = new GatlingProcessLoadGenerator(List.of("sh", "-c", script), workDir,
                Duration.ofSeconds(10), Duration.ofSeconds(1));
        assertThatThrownBy(() -> generator.runLevel(ONE_SECOND))
                .isInstanceOf(LoadGeneratorException.class)
                .hasMessageContaining("broke the protocol")
                .hasMessageContaining("{\"ok\":true,\"level\":5}");
        assertThat(generator.isAlive()).isFalse();
        assertThatThrownBy(() -> generator.runLevel(ONE_SECOND)).hasMessageContaining("closed");
    }

    @Test
    void aLineThatIsNotJsonStopsTheGenerator() {
        var generator = new GatlingProcessLoadGenerator(List.of("sh", "-c", "read line; echo 'Gatling says hello'; sleep 600"),
                workDir, Duration.ofSeconds(10), Duration.ofSeconds(1));
        assertThatThrownBy(() -> generator.runLevel(ONE_SECOND)).hasMessageContaining("broke the protocol");
        assertThat(generator.isAlive()).isFalse();
    }
}
