package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import dev.jvmbench.worker.testing.BenchHost;
import dev.jvmbench.worker.testing.Upstreams;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The adapter against the real engine and the benchmark host's own images. */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DockerContainerEngineTest {

    private static BenchHost host;
    private static ContainerEngine engine;
    /** Any JDK image: it has a shell, coreutils and a JVM, which is all these tests need. */
    private static String jdkImage;

    @BeforeAll
    static void connect() {
        host = BenchHost.forClass(DockerContainerEngineTest.class);
        engine = host.engine();
        jdkImage = BenchHost.reference(BenchHost.requireImages(Map.of("bench.kind", "jdk")).getFirst());
    }

    @AfterAll
    static void removeEverythingThisClassStarted() {
        if (host != null) {
            host.close();
        }
    }

    /** A container of the JDK image, with what a contract check adds. */
    private static RunningContainer start(UnaryOperator<ContainerSpec.Builder> spec) {
        return host.start(spec.apply(host.spec(jdkImage)).build());
    }

    @Test
    void negotiatesAnApiVersionTheEngineSpeaks() {
        EngineVersion version = engine.version();

        assertThat(version.engineVersion()).isNotBlank();
        assertThat(version.clientApiVersion()).matches("1\\.\\d+");
        double engineApi = Double.parseDouble(version.engineApiVersion());
        double clientApi = Double.parseDouble(version.clientApiVersion());
        assertThat(clientApi).isLessThanOrEqualTo(engineApi);
        if (engineApi <= 1.44) {
            assertThat(version.clientApiVersion()).isEqualTo(version.engineApiVersion());
        }
        engine.ping();
    }

    @Test
    void findsImagesByLabel() {
        List<ImageSummary> jdks = engine.findImages(Map.of("bench.kind", "jdk"));

        assertThat(jdks).isNotEmpty().allSatisfy(image -> {
            assertThat(image.id()).startsWith("sha256:");
            assertThat(image.tags()).isNotEmpty();
            assertThat(image.labels()).containsEntry("bench.kind", "jdk").containsKey("bench.jdk");
            assertThat(image.sizeBytes()).isPositive();
        });
        assertThat(engine.findImages(Map.of("bench.kind", "no-such-kind"))).isEmpty();
        assertThat(engine.imageExists(jdkImage)).isTrue();
        assertThat(engine.imageExists("jvmbench/no-such-image:0")).isFalse();
    }

    @Test
    void startsWaitsForReadinessStopsAndRemoves() {
        Upstreams.Nginx nginx = Upstreams.startNginx(host);
        RunningContainer container = nginx.container();

        assertThat(container.name()).startsWith("test-nginx-");
        assertThat(container.hostPid()).isPositive();
        assertThat(Path.of("/proc", String.valueOf(container.hostPid()))).exists();
        assertThat(engine.findManaged(host.labels()))
                .anySatisfy(found -> {
                    assertThat(found.id()).isEqualTo(container.id());
                    assertThat(found.name()).isEqualTo(container.name());
                    assertThat(found.state()).isEqualTo("running");
                    assertThat(found.labels()).containsEntry("bench.managed", "true")
                            .containsAllEntriesOf(host.labels());
                });

        engine.stop(container, Duration.ofSeconds(5));

        assertThat(engine.exitOutcome(container)).get().isInstanceOf(ContainerOutcome.Exited.class);
        await().atMost(Duration.ofSeconds(5))
                .until(() -> !Files.exists(Path.of("/proc", String.valueOf(container.hostPid()))));
        engine.stop(container, Duration.ofSeconds(5)); // stopping a stopped container is a no-op
        engine.remove(container);
        assertThat(engine.findManaged(host.labels())).noneMatch(found -> found.id().equals(container.id()));
        engine.remove(container); // so is removing a removed one
    }

    @Test
    void anAppThatExitsIsReportedWithItsCodeAndLogTail() {
        EngineContract.anAppThatExitsIsReportedWithItsCodeAndLogTail(engine, DockerContainerEngineTest::start,
                host.labels(), Duration.ofSeconds(30));
    }

    @Test
    void aJvmGoingPastItsMemoryLimitIsOomKilled() {
        EngineContract.aJvmGoingPastItsMemoryLimitIsOomKilled(engine, DockerContainerEngineTest::start,
                Duration.ofSeconds(60));
    }

    @Test
    void readinessThatNeverComesTimesOut() {
        EngineContract.readinessThatNeverComesTimesOutAndTheContainerKeepsRunning(engine,
                DockerContainerEngineTest::start);
    }

    @Test
    void copiesAFileOutOfARunningAndAStoppedContainer(@TempDir Path dir) {
        RunningContainer container = host.start(host.spec(jdkImage)
                .command("sh", "-c", "printf 'recording bytes' > /tmp/rec.jfr; exec sleep 60")
                .build());
        assertThat(engine.awaitReady(container,
                ReadinessStrategy.exec(List.of("test", "-s", "/tmp/rec.jfr"), Duration.ofSeconds(20))))
                .isInstanceOf(ContainerOutcome.Ready.class);

        assertThat(new String(engine.copyFile(container, "/tmp/rec.jfr"), StandardCharsets.UTF_8))
                .isEqualTo("recording bytes");

        engine.stop(container, Duration.ZERO);
        Path target = dir.resolve("rec.jfr");
        engine.copyFile(container, "/tmp/rec.jfr", target);
        assertThat(target).hasContent("recording bytes");
        assertThatThrownBy(() -> engine.copyFile(container, "/tmp"))
                .isInstanceOf(ContainerEngineException.class).hasMessageContaining("not a regular file");
        assertThatThrownBy(() -> engine.copyFile(container, "/tmp/missing.jfr"))
                .isInstanceOf(ContainerEngineException.class).hasMessageContaining("404");
    }

    @Test
    void execReturnsExitCodeAndBothStreamsAndLogsCanBeTailed() {
        EngineContract.execReturnsExitCodeAndBothStreamsAndLogsCanBeTailed(engine, DockerContainerEngineTest::start,
                Duration.ofSeconds(10));
    }

    @Test
    void appliesLimitsAndHardeningDefaults() {
        RunningContainer container = host.start(host.spec(jdkImage)
                .cpus(0.5)
                .memoryMegabytes(64)
                .pidsLimit(100)
                .nofileLimit(4096)
                .readOnlyRootfs(true)
                .tmpfs("/tmp", "rw,size=16m")
                .command("sleep", "60")
                .build());

        String status = engine.exec(container, List.of("cat", "/proc/self/status"), Duration.ofSeconds(20)).stdout();
        assertThat(status).containsPattern("CapEff:\\s+0+\\n").containsPattern("NoNewPrivs:\\s+1\\n");
        assertThat(engine.exec(container, List.of("sh", "-c", "ulimit -n"), Duration.ofSeconds(20)).stdout().strip())
                .isEqualTo("4096");
        assertThat(engine.exec(container, List.of("touch", "/etc/x"), Duration.ofSeconds(20)).exitCode())
                .as("read-only root filesystem").isNotZero();
        assertThat(engine.exec(container, List.of("touch", "/tmp/x"), Duration.ofSeconds(20)).exitCode())
                .as("tmpfs stays writable").isZero();
        // Host networking: the container sees the host's interfaces, not a namespace of its own.
        assertThat(interfaces(engine.exec(container, List.of("cat", "/proc/net/dev"), Duration.ofSeconds(20)).stdout()))
                .isEqualTo(interfaces(readHost("/proc/net/dev")));
        // The limits must be the ones asked for, swap included (cgroup v1 on this host; v2 elsewhere).
        String memory = String.valueOf(64L * 1024 * 1024);
        boolean v1 = engine.exec(container, List.of("test", "-d", "/sys/fs/cgroup/memory"), Duration.ofSeconds(20))
                .succeeded();
        Map<String, String> limits = v1
                ? Map.of("/sys/fs/cgroup/memory/memory.limit_in_bytes", memory,
                        "/sys/fs/cgroup/cpu/cpu.cfs_quota_us", "50000",
                        "/sys/fs/cgroup/pids/pids.max", "100")
                : Map.of("/sys/fs/cgroup/memory.max", memory,
                        "/sys/fs/cgroup/memory.swap.max", "0",
                        "/sys/fs/cgroup/cpu.max", "50000 100000",
                        "/sys/fs/cgroup/pids.max", "100");
        limits.forEach((file, expected) -> assertThat(
                engine.exec(container, List.of("cat", file), Duration.ofSeconds(20)).stdout().strip())
                .as(file).isEqualTo(expected));
        ExecResult swap = engine.exec(container,
                List.of("cat", "/sys/fs/cgroup/memory/memory.memsw.limit_in_bytes"), Duration.ofSeconds(20));
        if (v1 && swap.succeeded()) { // only where the kernel accounts swap
            assertThat(swap.stdout().strip()).isEqualTo(memory);
        }
    }

    @Test
    void aCpusetKeepsTheContainerOnItsCores() {
        int last = Runtime.getRuntime().availableProcessors() - 1;
        RunningContainer container = host.start(host.spec(jdkImage).cpus(1).cpuset(Integer.toString(last))
                .command("sleep", "60").build());
        // the kernel's own word: the affinity every process in the container starts with
        String allowed = engine.exec(container, List.of("grep", "Cpus_allowed_list", "/proc/self/status"),
                Duration.ofSeconds(20)).stdout();
        assertThat(allowed.strip()).endsWith("\t" + last);
    }

    @Test
    void removeManagedRemovesEveryContainerWithTheLabelsAndNothingElse() {
        String runId = "remove-managed-" + java.util.UUID.randomUUID();
        Map<String, String> group = Map.of("bench.run-id", runId);
        RunningContainer first = host.start(host.spec(jdkImage).runId(runId).command("sleep", "60").build());
        RunningContainer second = host.start(host.spec(jdkImage).runId(runId).command("true").build());
        RunningContainer other = host.start(host.spec(jdkImage).command("sleep", "60").build());
        assertThat(engine.awaitExit(second, Duration.ofSeconds(20))).isInstanceOf(ContainerOutcome.Exited.class);

        int removed = engine.removeManaged(group);

        assertThat(removed).isEqualTo(2);
        assertThat(engine.findManaged(group)).isEmpty();
        assertThat(engine.findManaged(host.labels())).extracting(ContainerSummary::id)
                .contains(other.id()).doesNotContain(first.id(), second.id());
        assertThat(engine.removeManaged(group)).isZero();
    }

    @Test
    void aMissingImageIsAClearError() {
        assertThatThrownBy(() -> host.start(host.spec("jvmbench/no-such-image:0").build()))
                .isInstanceOf(ContainerEngineException.class)
                .isNotInstanceOf(ContainerEngineUnavailableException.class)
                .hasMessageContaining("jvmbench/no-such-image:0")
                .hasMessageContaining("404");
    }

    private static String readHost(String file) {
        try {
            return Files.readString(Path.of(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Interface names from a {@code /proc/net/dev} listing. */
    private static Set<String> interfaces(String procNetDev) {
        return procNetDev.lines().filter(line -> line.contains(":"))
                .map(line -> line.substring(0, line.indexOf(':')).strip())
                .collect(Collectors.toSet());
    }
}
