package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.profile.CollapsedStacks;
import dev.jvmbench.common.profile.ProfileKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real recording: a small program (test resource profiles/Burner.java) runs in its own JVM with
 * JFR's default settings, burns CPU in one method, pauses, then burns CPU in another while it
 * allocates and contends a monitor; its profiles, cut to each phase, show each phase's method and
 * nothing of the other.
 */
class JfrProfileTest {

    private static JfrAnalyzer recording;
    private static final Map<String, Instant> marks = new HashMap<>();

    @BeforeAll
    static void record(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("Burner.java");
        try (var in = JfrProfileTest.class.getResourceAsStream("/profiles/Burner.java")) {
            Files.write(source, in.readAllBytes());
        }
        Path jfr = dir.resolve("burner.jfr");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path log = dir.resolve("burner.out");
        Process process = new ProcessBuilder(java.toString(),
                "-XX:StartFlightRecording=filename=" + jfr + ",settings=default,dumponexit=true",
                source.toString(), "1500")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = process.waitFor(120, TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        String output = Files.readString(log);
        assertThat(ended).as("the burner ends by itself: " + output).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        for (String line : output.split("\n")) {
            String[] parts = line.trim().split(" ");
            if (parts.length == 2 && parts[0].matches("[AB]-(start|end)")) {
                marks.put(parts[0], Instant.ofEpochMilli(Long.parseLong(parts[1])));
            }
        }
        assertThat(marks).as(output).containsKeys("A-start", "A-end", "B-start", "B-end");
        recording = JfrAnalyzer.read(jfr);
    }

    private static JfrProfile phase(String phase, ProfileKind kind) {
        return recording.profile(kind, marks.get(phase + "-start"), marks.get(phase + "-end"));
    }

    private static String leafOfTop(CollapsedStacks stacks) {
        return stacks.frameWeights().getFirst().frame();
    }

    @Test
    void theCpuProfileOfEachPhaseHasItsMethodOnTopAndNothingOfTheOther() {
        CollapsedStacks a = phase("A", ProfileKind.CPU).stacks();
        CollapsedStacks b = phase("B", ProfileKind.CPU).stacks();

        assertThat(leafOfTop(a)).isEqualTo("Burner.burnA");
        assertThat(leafOfTop(b)).isEqualTo("Burner.burnB");
        assertThat(a.stacks().keySet()).noneMatch(stack -> stack.contains("burnB"));
        assertThat(b.stacks().keySet()).noneMatch(stack -> stack.contains("burnA"));
        assertThat(b.stacks().keySet()).as("root first").anyMatch(stack -> stack.endsWith("Burner.main;Burner.burnB"));
        assertThat(b.stacks().keySet()).as("hidden classes' addresses are cut off").noneMatch(stack -> stack.contains(".0x"));
    }

    @Test
    void theWindowLeavesOutEverySampleOutsideIt() {
        Instant gapStart = marks.get("A-end").plusMillis(100);
        Instant gapEnd = marks.get("B-start").minusMillis(100);
        JfrProfile gap = recording.profile(ProfileKind.CPU, gapStart, gapEnd);
        JfrProfile whole = recording.profile(ProfileKind.CPU, marks.get("A-start"), marks.get("B-end"));

        assertThat(gap.stacks().stacks().keySet()).as("the pause between the phases burns nothing")
                .noneMatch(stack -> stack.contains("Burner.burn"));
        long inA = phase("A", ProfileKind.CPU).events();
        long inB = phase("B", ProfileKind.CPU).events();
        assertThat(inA).isPositive();
        assertThat(inB).isPositive();
        assertThat(whole.events()).isGreaterThanOrEqualTo(inA + inB);
    }

    @Test
    void theSamplingPeriodComesFromTheRecordingsActiveSetting() {
        assertThat(phase("A", ProfileKind.CPU).samplingPeriodNs()).as("default.jfc: 20 ms").isEqualTo(20_000_000L);
        assertThat(phase("A", ProfileKind.ALLOC).samplingPeriodNs()).isNull();
    }

    @Test
    void allocationIsWeighedInBytesAndContentionInBlockedTime() {
        CollapsedStacks alloc = phase("B", ProfileKind.ALLOC).stacks();
        CollapsedStacks lock = phase("B", ProfileKind.LOCK).stacks();

        assertThat(alloc.frameWeights()).filteredOn(frame -> frame.frame().equals("Burner.allocB"))
                .singleElement().satisfies(frame -> assertThat(frame.total()).isGreaterThan(alloc.total() / 2));
        assertThat(phase("A", ProfileKind.ALLOC).stacks().stacks().keySet()).noneMatch(s -> s.contains("allocB"));
        assertThat(lock.stacks().keySet()).as("the burner blocked on the monitor the holder kept")
                .anyMatch(stack -> stack.endsWith("Burner.lockB"));
        assertThat(lock.total()).as("ns: at least one block of 20 ms").isGreaterThanOrEqualTo(20_000_000L);
        assertThat(lock.stacks().keySet()).as("the pool thread idle in getTask is not contention")
                .noneMatch(stack -> stack.contains("getTask"));
    }

    @Test
    void hiddenClassNamesLoseTheirAddress() {
        assertThat(JfrStacks.normalised("java.lang.invoke.LambdaForm$MH.0x00000000981b9000"))
                .isEqualTo("java.lang.invoke.LambdaForm$MH");
        assertThat(JfrStacks.normalised("com.acme.Shop$$Lambda/0x0000000801234")).isEqualTo("com.acme.Shop$$Lambda");
        assertThat(JfrStacks.normalised("com.acme.Shop$$Lambda+0x00007f8177090218/543846639"))
                .isEqualTo("com.acme.Shop$$Lambda");
        assertThat(JfrStacks.normalised("com.acme.Shop$Inner")).isEqualTo("com.acme.Shop$Inner");
        assertThat(JfrStacks.normalised("com.acme.v2.Shop")).isEqualTo("com.acme.v2.Shop");
    }

    @Test
    void periodsParseInEveryUnitJfrWrites() {
        assertThat(JfrStacks.parsePeriodNs("20 ms")).isEqualTo(20_000_000L);
        assertThat(JfrStacks.parsePeriodNs("10ms")).isEqualTo(10_000_000L);
        assertThat(JfrStacks.parsePeriodNs("1 s")).isEqualTo(1_000_000_000L);
        assertThat(JfrStacks.parsePeriodNs("everyChunk")).isNull();
        assertThat(JfrStacks.parsePeriodNs("0 ms")).isNull();
        assertThat(List.of(ProfileKind.values())).hasSize(4);
    }
}
