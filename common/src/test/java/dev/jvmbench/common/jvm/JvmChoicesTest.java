package dev.jvmbench.common.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Who chose the collector and the heap, from the flags' origins as JFR records them. */
class JvmChoicesTest {

    static JvmFacts facts(String young, String old, int cpus, List<JvmFacts.JvmFlag> flags) {
        return new JvmFacts("OpenJDK 64-Bit Server VM", "OpenJDK 64-Bit Server VM (25.0.1+8) ...", "Eclipse Adoptium",
                "25.0.1+8", "25.0.1+8", 25, "-XX:StartFlightRecording=...", "app.jar", null, cpus, (long) cpus, 2, -1,
                "cgroupv2", 512L * 1024 * 1024, 128L * 1024 * 1024, 8L * 1024 * 1024, 8L * 1024 * 1024, young, old,
                1024L, flags, Map.of());
    }

    static JvmFacts.JvmFlag flag(String name, String value, String origin) {
        return new JvmFacts.JvmFlag(name, value, origin);
    }

    @Test
    void theSerialCollectorOfAOneCpuContainerIsTheErgonomicsChoice() {
        var serial = facts("DefNew", "SerialOld", 1, List.of(flag("UseSerialGC", "true", "Ergonomic"),
                flag("MaxHeapSize", "134217728", "Ergonomic")));

        assertThat(JvmChoices.gc(serial)).isEqualTo("Serial");
        assertThat(JvmChoices.gcByErgonomics(serial)).isTrue();
        assertThat(JvmChoices.maxHeapByErgonomics(serial)).isTrue();
        assertThat(JvmChoices.machine(serial)).isEqualTo("at 1 CPU and 512 MB");
    }

    @Test
    void aCollectorOrHeapTheOptionsNameIsNotTheErgonomicsChoice() {
        var options = List.of("-XX:+UseSerialGC", "-Xmx256m");
        var chosen = facts("DefNew", "SerialOld", 2, List.of(flag("UseSerialGC", "true", "Environment variable"),
                flag("MaxHeapSize", "268435456", "Command line"), flag("StartFlightRecording", "...", "Environment variable"),
                flag("UseCompressedOops", "true", "Ergonomic")));

        assertThat(JvmChoices.gcByErgonomics(chosen)).isFalse();
        assertThat(JvmChoices.maxHeapByErgonomics(chosen)).isFalse();
        assertThat(chosen.nonDefaultFlags().stream().map(f -> JvmChoices.setBy(f, options)).toList())
                .containsExactly(JvmChoices.SetBy.JOB, JvmChoices.SetBy.JOB, JvmChoices.SetBy.LAUNCH,
                        JvmChoices.SetBy.ERGONOMICS);
        var percentage = facts("G1New", "G1Old", 2, List.of(flag("UseG1GC", "true", "Ergonomic"),
                flag("MaxHeapSize", "402653184", "Ergonomic"), flag("MaxRAMPercentage", "75.0", "Environment variable")));
        assertThat(JvmChoices.gc(percentage)).isEqualTo("G1");
        assertThat(JvmChoices.gcByErgonomics(percentage)).isTrue();
        assertThat(JvmChoices.maxHeapByErgonomics(percentage)).isFalse();
    }

    @Test
    void withoutFlagsNobodyCanTell() {
        var bare = facts("ZGC Minor", "ZGC Major", 4, List.of());

        assertThat(JvmChoices.gc(bare)).isEqualTo("ZGC");
        assertThat(JvmChoices.gcByErgonomics(bare)).isNull();
        assertThat(JvmChoices.maxHeapByErgonomics(bare)).isNull();
        assertThat(JvmChoices.gc(facts("ParallelScavenge", "ParallelOld", 4, List.of()))).isEqualTo("Parallel");
        assertThat(JvmChoices.gc(facts(null, null, 4, List.of()))).isNull();
        assertThat(JvmChoices.flagsNamed(List.of("-XX:-UseCompressedOops", "-Xss512k", "-Dfoo=bar", "-XX:ActiveProcessorCount=2")))
                .containsExactly("UseCompressedOops", "ThreadStackSize", "ActiveProcessorCount");
    }
}
