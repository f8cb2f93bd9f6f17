package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import org.junit.jupiter.api.Test;

/** The pod the Kubernetes engine creates for a spec, field by field, without a cluster. */
class PodSpecsTest {

    private static final PodSpecs.Placement PLACEMENT = new PodSpecs.Placement("jvmbench", "bench-node-4",
            new PodSpecs.Owner("bench-jvmbench-worker-0", "5f0c3a2e-1111-2222-3333-444455556666"), "250m", "512Mi",
            "2Gi", "Always");

    /** The app of a run as AppContainers builds it: 1 CPU, 512 MB, the sandbox, /tmp as a volume. */
    private static ContainerSpec app() {
        return ContainerSpec.builder("127.0.0.1:5000/jvmbench/target-mvc:jdk25")
                .namePrefix("bench-run42-app")
                .runId("42")
                .labels(Map.of(ContainerLabels.ROLE, ContainerLabels.ROLE_APP, ContainerLabels.JOB_ID, "7",
                        ContainerLabels.WORKER, "bench-jvmbench-worker-0",
                        ContainerLabels.PLATFORM, "7301234567890123456-bench"))
                .env(Map.of("SERVER_PORT", "34567", "JAVA_TOOL_OPTIONS", "-XX:StartFlightRecording=filename=/tmp/jvmbench.jfr"))
                .cpus(1.0)
                .memoryMegabytes(512)
                .pidsLimit(4096)
                .nofileLimit(16384)
                .sandbox(ContainerSpec.APP_USER)
                .volume("/tmp")
                .build();
    }

    /** nginx as AppContainers builds it: no CPU or memory limit, its own user, a tmpfs. */
    private static ContainerSpec nginx() {
        return ContainerSpec.builder("127.0.0.1:5000/jvmbench/nginx-delay:1")
                .namePrefix("bench-run42-nginx")
                .runId("42")
                .labels(Map.of(ContainerLabels.ROLE, ContainerLabels.ROLE_NGINX))
                .sandbox("33:33")
                .tmpfs("/tmp", "rw,nosuid,nodev,size=64m,mode=1777")
                .pidsLimit(4096)
                .nofileLimit(16384)
                .build();
    }

    @Test
    void thePodIsBoundToTheWorkersNodeOnTheHostNetworkAndNeverRestarted() {
        PodSpec spec = PodSpecs.pod(app(), "bench-run42-app-0a1b2c3d", PLACEMENT).getSpec();

        assertThat(spec.getNodeName()).isEqualTo("bench-node-4");
        assertThat(spec.getHostNetwork()).isTrue();
        assertThat(spec.getDnsPolicy()).isEqualTo("Default");
        assertThat(spec.getRestartPolicy()).isEqualTo("Never");
        assertThat(spec.getAutomountServiceAccountToken()).isFalse();
        assertThat(spec.getEnableServiceLinks()).isFalse();
        assertThat(spec.getHostPID()).isNull();
        assertThat(spec.getTerminationGracePeriodSeconds()).isEqualTo(2L);
        assertThat(spec.getTolerations()).singleElement().satisfies(t -> {
            assertThat(t.getOperator()).isEqualTo("Exists");
            assertThat(t.getEffect()).isEqualTo("NoSchedule");
        });
        assertThat(spec.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
    }

    @Test
    void everyContainerHasRequestsEqualToLimitsSoThePodIsGuaranteed() {
        Pod pod = PodSpecs.pod(app(), "bench-run42-app-0a1b2c3d", PLACEMENT);

        List<Container> all = all(pod.getSpec());
        assertThat(all).extracting(Container::getName).containsExactly("seed-0", "seed-0-mode", "main", "files");
        for (Container container : all) {
            ResourceRequirements resources = container.getResources();
            assertThat(resources.getRequests()).as(container.getName()).containsOnlyKeys("cpu", "memory");
            assertThat(resources.getLimits()).as(container.getName()).isEqualTo(resources.getRequests());
        }
        Map<String, Quantity> main = container(pod, "main").getResources().getLimits();
        // an integer CPU: whole cores under the static CPU manager
        assertThat(main.get("cpu").toString()).isEqualTo("1");
        assertThat(Quantity.getAmountInBytes(main.get("memory")).longValueExact()).isEqualTo(512L * 1024 * 1024);
    }

    @Test
    void aSpecWithoutLimitsGetsTheEnginesDefaults() {
        Pod pod = PodSpecs.pod(nginx(), "bench-run42-nginx-0a1b2c3d", PLACEMENT);

        Map<String, Quantity> limits = container(pod, "main").getResources().getLimits();
        assertThat(limits.get("cpu").toString()).isEqualTo("250m");
        assertThat(limits.get("memory").toString()).isEqualTo("512Mi");
        assertThat(container(pod, "main").getResources().getRequests()).isEqualTo(limits);
    }

    @Test
    void cpusBecomeWholeCpusOrMillicoresRoundedUp() {
        assertThat(PodSpecs.cpuQuantity(2_000_000_000L)).isEqualTo("2");
        assertThat(PodSpecs.cpuQuantity(1_500_000_000L)).isEqualTo("1500m");
        assertThat(PodSpecs.cpuQuantity(250_000_000L)).isEqualTo("250m");
        assertThat(PodSpecs.cpuQuantity(1L)).isEqualTo("1m");
    }

    @Test
    void theBoxOfTheDockerEngineIsTheContainersSecurityContext() {
        Pod pod = PodSpecs.pod(app(), "bench-run42-app-0a1b2c3d", PLACEMENT);

        for (Container container : all(pod.getSpec())) {
            SecurityContext security = container.getSecurityContext();
            assertThat(security.getRunAsUser()).as(container.getName()).isEqualTo(10001L);
            assertThat(security.getRunAsGroup()).isEqualTo(10001L);
            assertThat(security.getRunAsNonRoot()).isTrue();
            assertThat(security.getAllowPrivilegeEscalation()).isFalse();
            assertThat(security.getPrivileged()).isFalse();
            assertThat(security.getReadOnlyRootFilesystem()).isTrue();
            assertThat(security.getCapabilities().getDrop()).containsExactly("ALL");
            assertThat(security.getCapabilities().getAdd()).isNullOrEmpty();
        }
        // no host path, no service account token: nothing of the node inside
        assertThat(pod.getSpec().getVolumes()).allSatisfy(v -> {
            assertThat(v.getHostPath()).isNull();
            assertThat(v.getEmptyDir()).isNotNull();
        });
    }

    @Test
    void aNamedUserIsRefusedBecauseTheKubeletCannotCheckIt() {
        ContainerSpec named = nginx().toBuilder().sandbox("www-data").build();

        assertThatThrownBy(() -> PodSpecs.pod(named, "x-1", PLACEMENT))
                .isInstanceOf(ContainerEngineException.class)
                .hasMessageContaining("numeric user").hasMessageContaining("www-data");
    }

    @Test
    void aVolumeIsSeededWithTheImagesDirectoryAndKeptReadableByTheFilesHelper() {
        Pod pod = PodSpecs.pod(app(), "bench-run42-app-0a1b2c3d", PLACEMENT);

        Volume volume = pod.getSpec().getVolumes().getFirst();
        assertThat(volume.getName()).isEqualTo("volume-0");
        assertThat(volume.getEmptyDir().getMedium()).isNull();
        assertThat(volume.getEmptyDir().getSizeLimit().toString()).isEqualTo("2Gi");
        Container seed = pod.getSpec().getInitContainers().getFirst();
        assertThat(seed.getImage()).isEqualTo(app().image());
        assertThat(seed.getCommand()).containsExactly("cp", "-a", "/tmp", PodSpecs.SEED_MOUNT + "/");
        assertThat(seed.getVolumeMounts()).extracting(VolumeMount::getMountPath).containsExactly(PodSpecs.SEED_MOUNT);
        Container mode = pod.getSpec().getInitContainers().get(1);
        assertThat(mode.getCommand()).containsExactly("chmod", "--reference=/tmp", PodSpecs.SEED_MOUNT + "/tmp");
        assertThat(mode.getVolumeMounts()).isEqualTo(seed.getVolumeMounts());
        VolumeMount tmp = container(pod, "main").getVolumeMounts().getFirst();
        assertThat(tmp.getMountPath()).isEqualTo("/tmp");
        assertThat(tmp.getSubPath()).isEqualTo("tmp");
        Container files = container(pod, "files");
        assertThat(files.getImage()).isEqualTo(app().image());
        assertThat(files.getCommand()).isEqualTo(PodSpecs.FILES_COMMAND);
        assertThat(files.getVolumeMounts()).containsExactly(tmp);
    }

    @Test
    void aTmpfsIsAMemoryBackedEmptyDirOfItsSizeAndNeedsNoHelper() {
        Pod pod = PodSpecs.pod(nginx(), "bench-run42-nginx-0a1b2c3d", PLACEMENT);

        Volume tmpfs = pod.getSpec().getVolumes().getFirst();
        assertThat(tmpfs.getEmptyDir().getMedium()).isEqualTo("Memory");
        assertThat(tmpfs.getEmptyDir().getSizeLimit().toString()).isEqualTo("64Mi");
        assertThat(container(pod, "main").getVolumeMounts()).singleElement()
                .satisfies(m -> assertThat(m.getMountPath()).isEqualTo("/tmp"));
        assertThat(pod.getSpec().getInitContainers()).isEmpty();
        assertThat(pod.getSpec().getContainers()).extracting(Container::getName).containsExactly("main");
        assertThat(PodSpecs.tmpfsSize("rw,mode=1777")).isNull();
        assertThat(PodSpecs.tmpfsSize("size=2g").toString()).isEqualTo("2Gi");
    }

    @Test
    void theLabelsOfTheDockerContainersAreThePodsAndStayVerbatimInAnAnnotation() {
        Pod pod = PodSpecs.pod(app(), "bench-run42-app-0a1b2c3d", PLACEMENT);

        Map<String, String> labels = pod.getMetadata().getLabels();
        assertThat(labels).containsEntry(ContainerLabels.MANAGED, "true")
                .containsEntry(ContainerLabels.RUN_ID, "42")
                .containsEntry(ContainerLabels.ROLE, ContainerLabels.ROLE_APP)
                .containsEntry(ContainerLabels.JOB_ID, "7")
                .containsEntry(ContainerLabels.WORKER, "bench-jvmbench-worker-0")
                .containsEntry(ContainerLabels.PLATFORM, "7301234567890123456-bench");
        assertThat(PodSpecs.specLabels(pod.getMetadata().getAnnotations(), labels)).isEqualTo(app().labels());
        assertThat(pod.getMetadata().getAnnotations())
                .containsEntry(PodSpecs.DEFAULT_CONTAINER_ANNOTATION, "main")
                .containsEntry(PodSpecs.PIDS_LIMIT_ANNOTATION, "4096")
                .containsEntry(PodSpecs.NOFILE_LIMIT_ANNOTATION, "16384");
    }

    @Test
    void aLabelValueKubernetesRefusesIsHashedTheSameWayForSelectors() {
        String worker = "a worker id with spaces and far more than sixty-three characters, as a host name may be";
        ContainerSpec spec = app().toBuilder().labels(Map.of(ContainerLabels.WORKER, worker)).build();
        Pod pod = PodSpecs.pod(spec, "x-1", PLACEMENT);

        String value = pod.getMetadata().getLabels().get(ContainerLabels.WORKER);
        assertThat(value).matches("h-[0-9a-f]{40}").isEqualTo(PodSpecs.labelValue(worker));
        assertThat(PodSpecs.specLabels(pod.getMetadata().getAnnotations(), pod.getMetadata().getLabels()))
                .containsEntry(ContainerLabels.WORKER, worker);
        assertThat(PodSpecs.labelValue("bench-jvmbench-worker-0")).isEqualTo("bench-jvmbench-worker-0");
        assertThat(PodSpecs.labelValue("")).isEqualTo("");
        assertThat(PodSpecs.labelValue("-leading")).startsWith("h-");
    }

    @Test
    void theWorkersPodOwnsEveryPodItStartsSoTheGarbageCollectorRemovesThem() {
        Pod pod = PodSpecs.pod(app(), "bench-run42-app-0a1b2c3d", PLACEMENT);

        OwnerReference owner = pod.getMetadata().getOwnerReferences().getFirst();
        assertThat(owner.getApiVersion()).isEqualTo("v1");
        assertThat(owner.getKind()).isEqualTo("Pod");
        assertThat(owner.getName()).isEqualTo("bench-jvmbench-worker-0");
        assertThat(owner.getUid()).isEqualTo("5f0c3a2e-1111-2222-3333-444455556666");
        assertThat(owner.getController()).isNull();
        assertThat(owner.getBlockOwnerDeletion()).isNull();

        PodSpecs.Placement outside = new PodSpecs.Placement("jvmbench", "n", null, "250m", "512Mi", "2Gi", "Always");
        assertThat(PodSpecs.pod(app(), "x-1", outside).getMetadata().getOwnerReferences()).isEmpty();
    }

    @Test
    void entrypointCommandAndEnvironmentMeanWhatTheyMeanToDocker() {
        ContainerSpec spec = app().toBuilder().entrypoint("java", "-jar", "/app/app.jar").command("--debug").build();
        Container main = container(PodSpecs.pod(spec, "x-1", PLACEMENT), "main");

        assertThat(main.getCommand()).containsExactly("java", "-jar", "/app/app.jar");
        assertThat(main.getArgs()).containsExactly("--debug");
        assertThat(main.getEnv()).extracting(EnvVar::getName).containsExactlyInAnyOrder("SERVER_PORT", "JAVA_TOOL_OPTIONS");
        assertThat(main.getImagePullPolicy()).isEqualTo("Always");

        Container plain = container(PodSpecs.pod(nginx(), "x-1", PLACEMENT), "main");
        assertThat(plain.getCommand()).isEmpty();
        assertThat(plain.getArgs()).isEmpty();
    }

    @Test
    void podNamesAreDnsLabelsWithTheSpecsPrefix() {
        assertThat(PodSpecs.podName("bench-run42-app", "0a1b2c3d")).isEqualTo("bench-run42-app-0a1b2c3d");
        assertThat(PodSpecs.podName("Bench_Test.App", "0a1b2c3d")).isEqualTo("bench-test-app-0a1b2c3d");
        assertThat(PodSpecs.podName("x".repeat(100), "0a1b2c3d")).hasSize(63).endsWith("-0a1b2c3d");
        assertThat(PodSpecs.pod(app(), "bench-run42-app-0a1b2c3d", PLACEMENT).getMetadata().getName())
                .isEqualTo("bench-run42-app-0a1b2c3d");
        assertThat(PodSpecs.pod(app(), "bench-run42-app-0a1b2c3d", PLACEMENT).getMetadata().getNamespace())
                .isEqualTo("jvmbench");
    }

    private static Container container(Pod pod, String name) {
        return all(pod.getSpec()).stream().filter(c -> c.getName().equals(name)).findFirst().orElseThrow();
    }

    private static List<Container> all(PodSpec spec) {
        return java.util.stream.Stream.concat(spec.getInitContainers().stream(), spec.getContainers().stream()).toList();
    }
}
