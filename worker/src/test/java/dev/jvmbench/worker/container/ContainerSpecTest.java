package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Map;

import org.junit.jupiter.api.Test;

class ContainerSpecTest {

    @Test
    void alwaysLabelsTheContainerAsManagedAndWithItsRun() {
        ContainerSpec spec = ContainerSpec.builder("jvmbench/jdk:25").label("bench.test", "x").runId("run-7").build();

        assertThat(spec.labels()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "bench.test", "x", "bench.managed", "true", "bench.run-id", "run-7"));
        assertThat(ContainerSpec.builder("img").build().labels()).containsExactly(Map.entry("bench.managed", "true"));
    }

    @Test
    void defaultsToTheSafeChoices() {
        ContainerSpec spec = ContainerSpec.builder("jvmbench/jdk:25").build();

        assertThat(spec.dropAllCapabilities()).isTrue();
        assertThat(spec.noNewPrivileges()).isTrue();
        assertThat(spec.pidsLimit()).isEqualTo(4096);
        assertThat(spec.nofileLimit()).isZero();
        assertThat(spec.user()).isNull();
        assertThat(spec.entrypoint()).isEmpty();
        assertThat(spec.command()).isEmpty();
    }

    @Test
    void convertsCpusAndMemory() {
        ContainerSpec spec = ContainerSpec.builder("img").cpus(1.5).memoryMegabytes(512).build();

        assertThat(spec.nanoCpus()).isEqualTo(1_500_000_000L);
        assertThat(spec.memoryBytes()).isEqualTo(536_870_912L);
    }

    @Test
    void refusesWhatTheEngineWouldRefuseOrWhatWouldEscapeCleanup() {
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder(" ").build());
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").namePrefix("-x").build());
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").namePrefix("a b").build());
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ContainerSpec.builder("img").label("bench.managed", "false").build())
                .withMessageContaining("bench.managed");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ContainerSpec.builder("img").label("bench.run-id", "a").runId("b").build());
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").memoryBytes(1024).build());
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").cpus(-1));
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").cpus(Double.NaN));
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").pidsLimit(-1).build());
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").nofileLimit(-1).build());
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").env("A=B", "c").build());
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").tmpfs("tmp", "").build());
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").tmpfs("/", "").build());
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").user(" ").build());
    }

    @Test
    void isImmutableAndRebuildable() {
        ContainerSpec spec = ContainerSpec.builder("img").env("A", "1").runId("r").command("sleep", "1").build();

        ContainerSpec copy = spec.toBuilder().build();

        assertThat(copy).isEqualTo(spec);
        assertThat(spec.toBuilder().env("B", "2").build().env()).containsOnlyKeys("A", "B");
        assertThat(spec.env()).containsOnlyKeys("A");
    }

    @Test
    void aSandboxIsNonRootReadOnlyAndLimited() {
        ContainerSpec boxed = ContainerSpec.builder("img").sandbox(ContainerSpec.APP_USER).nofileLimit(1024)
                .volume("/tmp").build();

        assertThat(boxed.isSandboxed()).isTrue();
        assertThat(boxed.readOnlyRootfs()).isTrue();
        assertThat(boxed.user()).isEqualTo("10001:10001");
        assertThat(boxed.volumes()).containsExactly("/tmp");
        assertThat(boxed.toBuilder().build()).isEqualTo(boxed);
        assertThat(boxed.toBuilder().nofileLimit(0).build().isSandboxed()).as("no explicit nofile").isFalse();
        assertThat(boxed.toBuilder().pidsLimit(0).build().isSandboxed()).as("no pids limit").isFalse();
        assertThat(boxed.toBuilder().readOnlyRootfs(false).build().isSandboxed()).isFalse();
        assertThat(boxed.toBuilder().user(null).build().isSandboxed()).as("the image's user").isFalse();
        assertThat(boxed.toBuilder().user("0:0").build().isSandboxed()).isFalse();
        assertThat(boxed.toBuilder().user("root").build().isSandboxed()).isFalse();
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").sandbox("root"));
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").sandbox("0"));
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").sandbox(null));
    }

    @Test
    void volumesAreAnonymousContainerPathsNeverHostPaths() {
        // "host:container" is the engine's bind syntax: refused, so no host path can be mounted
        assertThatIllegalArgumentException().isThrownBy(
                () -> ContainerSpec.builder("img").volume("/var/run/docker.sock:/var/run/docker.sock").build());
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").volume("/").build());
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").volume("data").build());
        assertThatIllegalArgumentException().isThrownBy(() -> ContainerSpec.builder("img").volume("/a/../b").build());
        assertThatIllegalArgumentException().isThrownBy(
                () -> ContainerSpec.builder("img").volume("/tmp").tmpfs("/tmp", "").build());
    }
}
