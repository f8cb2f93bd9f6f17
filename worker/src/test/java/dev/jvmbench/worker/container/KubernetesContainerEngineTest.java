package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import dev.jvmbench.worker.probe.ContainerProbe;
import dev.jvmbench.worker.probe.ContainerProbes;
import dev.jvmbench.worker.probe.ContainerSecond;
import dev.jvmbench.worker.probe.TcpState;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.jdkhttp.JdkHttpClientFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kubernetes engine against a real cluster: helm/cluster.sh's one node on 127.0.0.1, run by
 * helm/k8s-e2e.sh (tag {@code kubernetes}, left out of the default test run, which needs no
 * cluster). It needs {@code KUBECONFIG}, {@code JVMBENCH_K8S_NODE} and {@code JVMBENCH_REGISTRY}
 * ({@code eval "$(bash helm/cluster.sh env)"}) and the JDK and nginx images in that registry
 * ({@code BENCH_REGISTRY=... ./bench setup}); a missing one fails the class with the reason.
 * Everything runs in a namespace of its own, deleted at the end.
 */
@Tag("kubernetes")
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class KubernetesContainerEngineTest {

    private static final String NAMESPACE = "jvmbench-engine-test";
    private static final Map<String, String> LABELS = Map.of("bench.test", "KubernetesContainerEngineTest");

    private static KubernetesClient admin;
    private static ContainerEngine engine;
    private static String node;
    private static String jdkImage;
    private static String nginxImage;

    @BeforeAll
    static void connect() {
        node = required("JVMBENCH_K8S_NODE");
        String registry = required("JVMBENCH_REGISTRY");
        required("KUBECONFIG");
        jdkImage = registry + "/jvmbench/jdk:25";
        nginxImage = registry + "/jvmbench/nginx-delay:1";
        Config config = Config.autoConfigure(null);
        if (KubernetesContainerEngine.isEcKey(config)) {
            config.setClientKeyAlgo("EC"); // helm/cluster.sh's admin key
        }
        admin = new KubernetesClientBuilder().withConfig(config).withHttpClientFactory(new JdkHttpClientFactory()).build();
        admin.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
                .serverSideApply();
        // the namespace's default service account comes from the controller-manager a moment later
        await().atMost(Duration.ofSeconds(60))
                .until(() -> admin.serviceAccounts().inNamespace(NAMESPACE).withName("default").get() != null);
        engine = ContainerEngines.kubernetes(KubernetesEngineProperties.forNode(node).withNamespace(NAMESPACE));
    }

    /** A failed test leaves no pod behind to take the next one's CPU. */
    @AfterEach
    void removeThisTestsPods() {
        if (engine != null) {
            engine.removeManaged(LABELS);
        }
    }

    @AfterAll
    static void removeEverything() {
        if (engine != null) {
            engine.removeManaged(LABELS);
            assertThat(engine.findManaged(LABELS)).as("pods left").isEmpty();
            engine.close();
        }
        if (admin != null) {
            admin.namespaces().withName(NAMESPACE).delete();
            admin.close();
        }
    }

    private static String required(String variable) {
        String value = System.getenv(variable);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(variable + " is not set: run these tests through helm/k8s-e2e.sh, or after"
                    + " eval \"$(bash helm/cluster.sh env)\" with the cluster up");
        }
        return value;
    }

    private static ContainerSpec.Builder spec(String image) {
        return ContainerSpec.builder(image).namePrefix("test-k8s").labels(LABELS);
    }

    /** The app's box, as AppContainers builds it: numeric user, read-only root, /tmp a volume. */
    private static ContainerSpec.Builder box(String image) {
        return spec(image).sandbox(ContainerSpec.APP_USER).pidsLimit(4096).nofileLimit(16384).volume("/tmp");
    }

    /** A pod of the JDK image in the app's box, with what a contract check adds. */
    private static RunningContainer start(UnaryOperator<ContainerSpec.Builder> spec) {
        return engine.start(spec.apply(box(jdkImage)).build());
    }

    @Test
    void reportsTheClusterAndAnswersPing() {
        engine.ping();
        assertThat(engine.version().engineVersion()).startsWith("Kubernetes v1.");
        assertThatThrownBy(() -> engine.findImages(Map.of())).isInstanceOf(ContainerEngineException.class)
                .hasMessageContaining("registry");
    }

    @Test
    void aGuaranteedPodOnTheNodeWithItsExclusiveCoreAndTheHostPidOfItsProcess() {
        int port = freePort();
        RunningContainer container = engine.start(spec(nginxImage)
                .sandbox("33:33").tmpfs("/tmp", "rw,size=64m").pidsLimit(4096).nofileLimit(16384)
                .cpus(1.0).memoryMegabytes(256)
                .env(Map.of("PORT", Integer.toString(port), "DELAY_SECONDS", "0.05"))
                .build());

        assertThat(container.name()).startsWith("test-k8s-");
        assertThat(container.id()).matches("[0-9a-f]{64}");
        assertThat(container.hostPid()).isPositive();
        assertThat(read("/proc/" + container.hostPid() + "/cgroup")).contains(container.id());
        assertThat(engine.awaitReady(container, ReadinessStrategy.http(port, "/health", Duration.ofSeconds(60))))
                .isInstanceOf(ContainerOutcome.Ready.class);

        Pod pod = admin.pods().inNamespace(NAMESPACE).withName(container.name()).get();
        assertThat(pod.getSpec().getNodeName()).isEqualTo(node);
        assertThat(pod.getStatus().getQosClass()).isEqualTo("Guaranteed");
        assertThat(pod.getStatus().getPodIP()).isEqualTo("127.0.0.1");
        // an integer CPU: a core of its own, out of the static CPU manager's shared pool
        String allowed = status(container.hostPid(), "Cpus_allowed_list");
        assertThat(allowed).matches("\\d+").isNotEqualTo("0");
        assertThat(engine.findManaged(LABELS)).anySatisfy(found -> {
            assertThat(found.id()).isEqualTo(container.id());
            assertThat(found.name()).isEqualTo(container.name());
            assertThat(found.state()).isEqualTo("running");
            assertThat(found.image()).isEqualTo(nginxImage);
            assertThat(found.labels()).containsEntry("bench.managed", "true").containsAllEntriesOf(LABELS);
        });

        engine.remove(container);
        assertThat(admin.pods().inNamespace(NAMESPACE).withName(container.name()).get()).isNull();
        assertThat(engine.findManaged(LABELS)).noneMatch(found -> found.name().equals(container.name()));
        engine.remove(container); // removing a removed one is a no-op
    }

    @Test
    void anAppThatExitsIsReportedWithItsCodeAndLogTail() {
        EngineContract.anAppThatExitsIsReportedWithItsCodeAndLogTail(engine, KubernetesContainerEngineTest::start,
                LABELS, Duration.ofSeconds(60));
    }

    @Test
    void aJvmGoingPastItsMemoryLimitIsOomKilled() {
        EngineContract.aJvmGoingPastItsMemoryLimitIsOomKilled(engine, KubernetesContainerEngineTest::start,
                Duration.ofSeconds(90));
    }

    @Test
    void readinessThatNeverComesTimesOutAndTheContainerKeepsRunning() {
        EngineContract.readinessThatNeverComesTimesOutAndTheContainerKeepsRunning(engine,
                KubernetesContainerEngineTest::start);
    }

    @Test
    void aJvmStoppedWithSigtermLeavesItsFilesToCopyFromTheVolume(@TempDir Path dir) {
        // A JVM as the app runs: SIGTERM runs its shutdown hook, which writes the "recording"
        // into /tmp; the file is read after the stop, as CollectPhase reads the JFR recording.
        String program = "public class Hook { public static void main(String[] a) throws Exception {"
                + " Runtime.getRuntime().addShutdownHook(new Thread(() -> { try { java.nio.file.Files.writeString("
                + "java.nio.file.Path.of(\"/tmp/rec.jfr\"), \"recording bytes\"); } catch (Exception e) { } }));"
                + " System.out.println(\"up\"); Thread.sleep(600_000); } }";
        RunningContainer container = engine.start(box(jdkImage)
                .cpus(1.0).memoryMegabytes(256)
                .command("sh", "-c", "cd /tmp && printf '%s' '" + program + "' > Hook.java && exec java Hook.java")
                .build());
        assertThat(engine.awaitReady(container, ReadinessStrategy.exec(List.of("sh", "-c", "test -e /tmp/Hook.java"),
                Duration.ofSeconds(60)))).isInstanceOf(ContainerOutcome.Ready.class);
        await().atMost(Duration.ofSeconds(90)).until(() -> engine.logs(container).contains("up"));

        engine.stop(container, Duration.ofSeconds(20));

        assertThat(engine.exitOutcome(container)).get().isInstanceOf(ContainerOutcome.Exited.class);
        Path target = dir.resolve("rec.jfr");
        engine.copyFile(container, "/tmp/rec.jfr", target);
        assertThat(target).hasContent("recording bytes");
        assertThat(new String(engine.copyFile(container, "/tmp/rec.jfr"), StandardCharsets.UTF_8))
                .isEqualTo("recording bytes");
        assertThatThrownBy(() -> engine.copyFile(container, "/tmp/missing.jfr"))
                .isInstanceOf(ContainerEngineException.class).hasMessageContaining("tar exited");
        engine.stop(container, Duration.ofSeconds(5)); // stopping a stopped container is a no-op
        engine.remove(container);
    }

    @Test
    void aProcessIgnoringSigtermIsKilledFromTheHostAndItsFilesStay() {
        // sleep as a PID namespace's init ignores SIGTERM, and nothing inside may SIGKILL it
        RunningContainer container = engine.start(box(jdkImage)
                .command("sh", "-c", "printf 'kept' > /tmp/kept; exec sleep 600")
                .build());
        assertThat(engine.awaitReady(container, ReadinessStrategy.exec(List.of("test", "-s", "/tmp/kept"),
                Duration.ofSeconds(60)))).isInstanceOf(ContainerOutcome.Ready.class);

        engine.stop(container, Duration.ofSeconds(1));

        assertThat(engine.exitOutcome(container)).get().isInstanceOfSatisfying(ContainerOutcome.Exited.class,
                exited -> assertThat(exited.exitCode()).isEqualTo(137));
        assertThat(new String(engine.copyFile(container, "/tmp/kept"), StandardCharsets.UTF_8)).isEqualTo("kept");
        engine.remove(container);
    }

    @Test
    void execReturnsExitCodeAndBothStreamsAndLogsCanBeTailed() {
        EngineContract.execReturnsExitCodeAndBothStreamsAndLogsCanBeTailed(engine, KubernetesContainerEngineTest::start,
                Duration.ofSeconds(30));
    }

    @Test
    void logLinesCarryTheKubeletsTimeInTheOrderTheyWereWritten() {
        EngineContract.logLinesCarryTheEnginesTimeInTheOrderTheyWereWritten(engine,
                command -> engine.start(box(jdkImage).memoryMegabytes(128).command(command).build()),
                Duration.ofSeconds(60));
    }

    @Test
    void aDirectoryIsCopiedOutOfAStoppedPodWithoutItsLinksAndPipes(@TempDir Path dir) throws IOException {
        // the main container has stopped: the files helper reads the volume
        EngineContract.aDirectoryIsCopiedOutOfAStoppedContainerWithoutItsLinksAndPipes(engine,
                command -> engine.start(box(jdkImage).memoryMegabytes(128).command(command).build()),
                Duration.ofSeconds(60), dir, "tar exited");
    }

    @Test
    void theProbesReadThePodsCgroupAndProcessSecondBySecond() throws IOException {
        int port = freePort();
        RunningContainer container = engine.start(box(jdkImage).cpus(1.0).memoryMegabytes(256)
                .command("sh", "-c", "exec jwebserver -b 127.0.0.1 -p " + port + " -d /tmp")
                .build());
        assertThat(engine.awaitReady(container, ReadinessStrategy.http(port, "/", Duration.ofSeconds(60))))
                .isInstanceOf(ContainerOutcome.Ready.class);
        List<Socket> clients = new ArrayList<>();
        try (ContainerProbe probe = ContainerProbes.ofHost().start(container.id(), container.hostPid(), 1.0)) {
            Instant from = Instant.now();
            for (int i = 0; i < 5; i++) {
                clients.add(new Socket(InetAddress.getLoopbackAddress(), port));
            }
            Instant until = from.plusMillis(4_500);
            await().atMost(Duration.ofSeconds(10)).until(() -> Instant.now().isAfter(until));
            Instant to = Instant.now();

            List<ContainerSecond> seconds = probe.seconds(from, to);
            seconds.forEach(second -> System.out.printf("    %s%n", second));

            assertThat(seconds).extracting(ContainerSecond::second).isSorted().doesNotHaveDuplicates();
            assertThat(seconds.size()).isBetween(4, 10);
            assertThat(seconds.subList(1, seconds.size() - 1)).allSatisfy(second -> {
                assertThat(second.samples()).isBetween(1, 8);
                assertThat(second.cpuCores()).isNotNull().isBetween(0.0, 1.1);
                assertThat(second.memoryMeanMb()).isNotNull().isPositive().isLessThan(256.0);
                assertThat(second.threadsMax()).isNotNull().isGreaterThan(5);
            });
            // descriptors and sockets about once a second, from the pod's process in the host's tables
            List<ContainerSecond> read = seconds.stream().filter(second -> second.tcpStates() != null).toList();
            assertThat(read.size()).isGreaterThanOrEqualTo(seconds.size() / 2);
            assertThat(read.getLast().tcpStates()).containsEntry(TcpState.LISTEN, 1);
            assertThat(read.getLast().openFdsMax()).isGreaterThan(read.getLast().socketFds());
        } finally {
            for (Socket client : clients) {
                client.close();
            }
            engine.remove(container);
        }
    }

    @Test
    void appliesTheLimitsAndTheBoxAndTheNodesPidsLimit() {
        RunningContainer container = engine.start(box(jdkImage)
                .cpus(0.5).memoryMegabytes(64)
                .tmpfs("/run/scratch", "rw,size=16m")
                .command("sleep", "120")
                .build());

        String status = engine.exec(container, List.of("cat", "/proc/self/status"), Duration.ofSeconds(20)).stdout();
        assertThat(status).containsPattern("CapEff:\\s+0+\\n").containsPattern("NoNewPrivs:\\s+1\\n")
                .containsPattern("Uid:\\s+10001\\s");
        assertThat(engine.exec(container, List.of("touch", "/etc/x"), Duration.ofSeconds(20)).exitCode())
                .as("read-only root filesystem").isNotZero();
        assertThat(engine.exec(container, List.of("touch", "/tmp/x", "/run/scratch/x"), Duration.ofSeconds(20)).exitCode())
                .as("the volume and the tmpfs stay writable").isZero();
        assertThat(engine.exec(container, List.of("stat", "-c", "%a %u", "/tmp"), Duration.ofSeconds(20)).stdout().strip())
                .as("/tmp seeded from the image: its mode (1777), the app's owner").isEqualTo("1777 10001");
        assertThat(interfaces(engine.exec(container, List.of("cat", "/proc/net/dev"), Duration.ofSeconds(20)).stdout()))
                .as("host network").isEqualTo(interfaces(read("/proc/net/dev")));
        // the pod's cgroup seen from the node: memory, CPU quota, and the kubelet's node-wide pids limit
        String cgroup = read("/proc/" + container.hostPid() + "/cgroup");
        String memory = cgroupPath(cgroup, "memory");
        assertThat(read("/sys/fs/cgroup/memory" + memory + "/memory.limit_in_bytes").strip())
                .isEqualTo(Long.toString(64L * 1024 * 1024));
        assertThat(read("/sys/fs/cgroup/cpu" + cgroupPath(cgroup, "cpu") + "/cpu.cfs_quota_us").strip())
                .isEqualTo("50000");
        String pids = cgroupPath(cgroup, "pids");
        String podPids = read("/sys/fs/cgroup/pids" + pids.substring(0, pids.lastIndexOf('/')) + "/pids.max").strip();
        assertThat(podPids).as("podPidsLimit of helm/cluster.sh's kubelet, not the spec's 4096").isEqualTo("8192");
        engine.remove(container);
    }

    @Test
    void removeManagedRemovesEveryPodWithTheLabelsAndNothingElse() {
        String runId = "remove-managed-" + UUID.randomUUID();
        Map<String, String> group = Map.of("bench.run-id", runId);
        RunningContainer first = engine.start(box(jdkImage).runId(runId).command("sleep", "120").build());
        RunningContainer second = engine.start(box(jdkImage).runId(runId).command("true").build());
        RunningContainer other = engine.start(box(jdkImage).command("sleep", "120").build());
        assertThat(engine.awaitExit(second, Duration.ofSeconds(60))).isInstanceOf(ContainerOutcome.Exited.class);

        assertThat(engine.removeManaged(group)).isEqualTo(2);

        assertThat(engine.findManaged(group)).isEmpty();
        assertThat(engine.findManaged(LABELS)).extracting(ContainerSummary::name)
                .contains(other.name()).doesNotContain(first.name(), second.name());
        assertThat(engine.removeManaged(group)).isZero();
        engine.remove(other);
    }

    @Test
    void aMissingImageIsAClearErrorAndLeavesNoPod() {
        String missing = jdkImage.replace("jvmbench/jdk:25", "jvmbench/no-such-image:0");
        assertThatThrownBy(() -> engine.start(box(missing).build()))
                .isInstanceOf(ContainerEngineException.class)
                .isNotInstanceOf(ContainerEngineUnavailableException.class)
                .hasMessageContaining("no-such-image");
        assertThat(engine.findManaged(LABELS)).noneMatch(found -> Objects.equals(found.image(), missing));
    }

    @Test
    void thePodsOfAWorkerPodThatIsGoneAreCollected() {
        // a stand-in for the worker's pod: the engine makes it the owner of what it starts
        Pod owner = admin.pods().inNamespace(NAMESPACE).resource(new PodBuilder()
                .withNewMetadata().withName("owner-" + UUID.randomUUID().toString().substring(0, 8)).endMetadata()
                .withNewSpec().withNodeName(node).withHostNetwork(true).withAutomountServiceAccountToken(false)
                .withRestartPolicy("Never").withTerminationGracePeriodSeconds(0L)
                .addNewContainer().withName("main").withImage(jdkImage).withCommand("sleep", "600").endContainer()
                .endSpec().build()).create();
        try (ContainerEngine owned = ContainerEngines.kubernetes(KubernetesEngineProperties.forNode(node)
                .withNamespace(NAMESPACE).withOwner(owner.getMetadata().getName(), null))) {
            RunningContainer container = owned.start(box(jdkImage).command("sleep", "600").build());
            Pod pod = admin.pods().inNamespace(NAMESPACE).withName(container.name()).get();
            assertThat(pod.getMetadata().getOwnerReferences()).singleElement().satisfies(reference -> {
                assertThat(reference.getKind()).isEqualTo("Pod");
                assertThat(reference.getName()).isEqualTo(owner.getMetadata().getName());
                assertThat(reference.getUid()).isEqualTo(owner.getMetadata().getUid());
            });

            admin.pods().inNamespace(NAMESPACE).withName(owner.getMetadata().getName()).withGracePeriod(0).delete();

            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1))
                    .until(() -> admin.pods().inNamespace(NAMESPACE).withName(container.name()).get() == null);
        }
    }

    // ---------------------------------------------------------------- helpers

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String status(long pid, String field) {
        return read("/proc/" + pid + "/status").lines().filter(line -> line.startsWith(field + ":"))
                .map(line -> line.substring(field.length() + 1).strip()).findFirst().orElseThrow();
    }

    /** The v1 hierarchy path of one controller in a /proc/<pid>/cgroup listing. */
    private static String cgroupPath(String procCgroup, String controller) {
        return procCgroup.lines().map(line -> line.split(":", 3))
                .filter(parts -> parts.length == 3 && Set.of(parts[1].split(",")).contains(controller))
                .map(parts -> parts[2]).findFirst().orElseThrow();
    }

    private static Set<String> interfaces(String procNetDev) {
        return procNetDev.lines().filter(line -> line.contains(":"))
                .map(line -> line.substring(0, line.indexOf(':')).strip())
                .collect(Collectors.toSet());
    }
}
