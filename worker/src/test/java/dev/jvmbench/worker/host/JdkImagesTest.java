package dev.jvmbench.worker.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerOutcome;
import dev.jvmbench.worker.container.ImageSummary;
import dev.jvmbench.worker.container.RunningContainer;
import dev.jvmbench.worker.testing.BenchHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every JDK image of the host: the right JDK, and it sees the container's limits. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class JdkImagesTest {

    /**
     * Run with the source-file launcher: what the JVM itself reports, not what a flag table
     * says. Passed through the environment so the command line stays one shell word.
     */
    private static final String FACTS_PROGRAM = """
            public class Facts {
                public static void main(String[] args) {
                    System.out.println("processors=" + Runtime.getRuntime().availableProcessors());
                    System.out.println("maxHeap=" + Runtime.getRuntime().maxMemory());
                    System.out.println("feature=" + Runtime.version().feature());
                }
            }
            """;
    private static final Pattern VERSION_LINE = Pattern.compile("(?m)^\\S+ version \"(\\d+)[.\"\\-+]");
    private static final long MB = 1024 * 1024;

    private static BenchHost host;
    private static ContainerEngine engine;

    @BeforeAll
    static void connect() {
        host = BenchHost.forClass(JdkImagesTest.class);
        engine = host.engine();
    }

    @AfterAll
    static void removeEverythingThisClassStarted() {
        if (host != null) {
            host.close();
        }
    }

    static List<Named<ImageSummary>> jdkImages() {
        return BenchHost.named(BenchHost.requireImages(Map.of("bench.kind", "jdk")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdkImages")
    void javaVersionIsTheLabelledFeatureVersion(ImageSummary image) {
        RunningContainer container = host.start(host.spec(BenchHost.reference(image))
                .command("java", "-version")
                .build());

        ContainerOutcome outcome = engine.awaitExit(container, Duration.ofSeconds(60));

        assertThat(outcome).isInstanceOfSatisfying(ContainerOutcome.Exited.class, exited -> {
            assertThat(exited.exitCode()).as(exited.logTail()).isZero();
            Matcher version = VERSION_LINE.matcher(exited.logTail());
            assertThat(version.find()).as("a version line in: %s", exited.logTail()).isTrue();
            assertThat(Integer.parseInt(version.group(1))).isEqualTo(BenchHost.jdkOf(image));
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdkImages")
    void theJvmSeesOneCpuAndAHeapWithinTheMemoryLimit(ImageSummary image) {
        RunningContainer container = host.start(host.spec(BenchHost.reference(image))
                .cpus(1)
                .memoryMegabytes(512)
                .env("FACTS_PROGRAM", FACTS_PROGRAM)
                .command("sh", "-c", "printf '%s' \"$FACTS_PROGRAM\" > /tmp/Facts.java && exec java /tmp/Facts.java")
                .build());

        ContainerOutcome outcome = engine.awaitExit(container, Duration.ofSeconds(90));

        assertThat(outcome).isInstanceOfSatisfying(ContainerOutcome.Exited.class, exited -> {
            assertThat(exited.exitCode()).as(exited.logTail()).isZero();
            Map<String, Long> facts = parseFacts(exited.logTail());
            assertThat(facts.get("feature")).isEqualTo((long) BenchHost.jdkOf(image));
            assertThat(facts.get("processors")).as("available processors").isEqualTo(1L);
            // default ergonomics: a quarter of the container's 512 MB, far from the host's 24 GB
            assertThat(facts.get("maxHeap")).as("max heap").isPositive().isLessThan(512 * MB);
        });
    }

    private static Map<String, Long> parseFacts(String output) {
        Map<String, Long> facts = new java.util.HashMap<>();
        output.lines().map(String::strip).filter(line -> line.matches("[a-zA-Z]+=\\d+"))
                .forEach(line -> facts.put(line.substring(0, line.indexOf('=')),
                        Long.parseLong(line.substring(line.indexOf('=') + 1))));
        assertThat(facts).as("facts printed in: %s", output).containsKeys("processors", "maxHeap", "feature");
        return facts;
    }
}
