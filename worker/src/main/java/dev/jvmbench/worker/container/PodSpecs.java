package dev.jvmbench.worker.container;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Capabilities;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EmptyDirVolumeSourceBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSecurityContextBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.SeccompProfileBuilder;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;

/**
 * A {@link ContainerSpec} as the pod the Kubernetes engine creates: a pure function of the spec,
 * the pod's name and where it goes, so its every field is unit-tested without a cluster.
 *
 * <p>What the Docker engine sets on a container, the pod gets, as far as Kubernetes can say it:
 * <ul>
 *   <li><b>Placement</b>: {@code nodeName} (the worker's node, no scheduler), {@code hostNetwork}
 *       (everything on the node's 127.0.0.1), {@code restartPolicy: Never}, tolerating every
 *       NoSchedule taint (the node is the worker's own benchmark node, tainted against others).</li>
 *   <li><b>Guaranteed QoS</b>: requests = limits for CPU and memory on every container (init and
 *       helpers included); a spec without a limit gets the engine's defaults. An integer CPU limit
 *       thus gets whole cores to itself under the kubelet's static CPU manager policy.</li>
 *   <li><b>The box</b>: the spec's numeric user ({@code runAsUser}/{@code runAsGroup},
 *       {@code runAsNonRoot}), no privilege escalation, all capabilities dropped, read-only root,
 *       the runtime's default seccomp profile (as Docker applies), no service account token.</li>
 *   <li><b>Writable places</b>: a tmpfs is a memory-backed emptyDir with its size; an anonymous
 *       volume is an emptyDir seeded, like Docker does, with a copy of the image's directory (its
 *       mode, and its owner unless that is another user than the container's) by init containers
 *       ({@code cp -a}, {@code chmod --reference}), and a helper container
 *       ({@code files}, the same image, asleep) keeps it readable after the main container
 *       stopped: that is where the JFR recording is copied from.</li>
 *   <li><b>Labels</b>: every spec label as a pod label (a value Kubernetes does not accept as a
 *       label value, e.g. longer than 63 characters, is replaced by a hash of it, which a selector
 *       computes the same way) and all of them verbatim in one annotation.</li>
 * </ul>
 * What a pod cannot say: a pids limit per pod (the kubelet's {@code podPidsLimit} is node-wide)
 * and a nofile ulimit (the runtime's default applies). Both are kept as annotations for the
 * record; docs/security.md says what that means.
 */
final class PodSpecs {

    /** The container that runs the spec. */
    static final String MAIN = "main";
    /** The helper that keeps the spec's volumes readable after {@link #MAIN} stopped. */
    static final String FILES = "files";
    /** Where a seeding init container mounts the volume it fills. */
    static final String SEED_MOUNT = "/jvmbench-seed";
    /** All the spec's labels, verbatim, as JSON: label values are restricted, annotations are not. */
    static final String LABELS_ANNOTATION = "jvmbench.dev/labels";
    static final String PIDS_LIMIT_ANNOTATION = "jvmbench.dev/pids-limit";
    static final String NOFILE_LIMIT_ANNOTATION = "jvmbench.dev/nofile-limit";
    /** What {@code kubectl logs/exec} pick without {@code -c}. */
    static final String DEFAULT_CONTAINER_ANNOTATION = "kubectl.kubernetes.io/default-container";
    /** The helper sleeps; the pod's deletion ends it (its sleep has no SIGTERM handler: grace 0). */
    static final List<String> FILES_COMMAND = List.of("sleep", "2147483647");
    static final String FILES_CPU = "50m";
    static final long TERMINATION_GRACE_SECONDS = 2;
    static final String FILES_MEMORY = "32Mi";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LABEL_VALUE = Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");
    private static final Pattern NUMERIC_USER = Pattern.compile("(\\d+)(?::(\\d+))?");
    private static final Pattern TMPFS_SIZE = Pattern.compile("(?:^|,)size=(\\d+)([kKmMgG]?)(?:,|$)");

    private PodSpecs() {
    }

    /**
     * Where a pod goes and what it belongs to.
     *
     * @param namespace       the namespace
     * @param nodeName        the node (the worker's own)
     * @param owner           the worker's pod as the owner, or null
     * @param defaultCpu      CPU of a container whose spec sets none (quantity)
     * @param defaultMemory   memory of a container whose spec sets none (quantity)
     * @param volumeSizeLimit size limit of each volume's emptyDir (quantity)
     * @param imagePullPolicy Always or IfNotPresent
     */
    record Placement(String namespace, String nodeName, Owner owner, String defaultCpu, String defaultMemory,
                     String volumeSizeLimit, String imagePullPolicy) {
    }

    /** The worker's own pod. */
    record Owner(String name, String uid) {
    }

    static Pod pod(ContainerSpec spec, String name, Placement placement) {
        List<Volume> volumes = new ArrayList<>();
        List<VolumeMount> mounts = new ArrayList<>();
        List<VolumeMount> volumeMounts = new ArrayList<>();
        List<Container> seeds = new ArrayList<>();
        ResourceRequirements resources = resources(spec, placement);
        SecurityContext security = securityContext(spec);
        int index = 0;
        for (Map.Entry<String, String> tmpfs : spec.tmpfs().entrySet()) {
            String volume = "tmpfs-" + index++;
            volumes.add(new VolumeBuilder().withName(volume)
                    .withEmptyDir(new EmptyDirVolumeSourceBuilder().withMedium("Memory").withSizeLimit(tmpfsSize(tmpfs.getValue())).build())
                    .build());
            mounts.add(new VolumeMountBuilder().withName(volume).withMountPath(tmpfs.getKey()).build());
        }
        index = 0;
        for (String path : spec.volumes()) {
            String volume = "volume-" + index;
            String copy = baseName(path);
            volumes.add(new VolumeBuilder().withName(volume)
                    .withEmptyDir(new EmptyDirVolumeSourceBuilder().withSizeLimit(new Quantity(placement.volumeSizeLimit())).build())
                    .build());
            // The seed copies the image's directory into the volume as <volume>/<name>, with its
            // owner and mode; the main container mounts that copy, so PostgreSQL finds its data
            // directory as the image has it (owned by postgres, 0700) and /tmp keeps its 1777.
            VolumeMount seedMount = new VolumeMountBuilder().withName(volume).withMountPath(SEED_MOUNT).build();
            seeds.add(new ContainerBuilder()
                    .withName("seed-" + index)
                    .withImage(spec.image())
                    .withImagePullPolicy(placement.imagePullPolicy())
                    .withCommand("cp", "-a", path, SEED_MOUNT + "/")
                    .withResources(resources)
                    .withSecurityContext(security)
                    .withVolumeMounts(seedMount)
                    .build());
            // cp drops a directory's sticky bit when it cannot keep its owner (root's /tmp, 1777,
            // copied by the app's user): the copy's owner sets the image directory's mode again.
            seeds.add(new ContainerBuilder()
                    .withName("seed-" + index + "-mode")
                    .withImage(spec.image())
                    .withImagePullPolicy(placement.imagePullPolicy())
                    .withCommand("chmod", "--reference=" + path, SEED_MOUNT + "/" + copy)
                    .withResources(resources)
                    .withSecurityContext(security)
                    .withVolumeMounts(seedMount)
                    .build());
            VolumeMount mount = new VolumeMountBuilder().withName(volume).withMountPath(path).withSubPath(copy).build();
            mounts.add(mount);
            volumeMounts.add(mount);
            index++;
        }

        ContainerBuilder main = new ContainerBuilder()
                .withName(MAIN)
                .withImage(spec.image())
                .withImagePullPolicy(placement.imagePullPolicy())
                .withEnv(env(spec.env()))
                .withResources(resources)
                .withSecurityContext(security)
                .withVolumeMounts(mounts);
        // Docker's semantics exactly: an entrypoint replaces the image's and drops its command;
        // a command alone keeps the image's entrypoint.
        if (!spec.entrypoint().isEmpty()) {
            main.withCommand(spec.entrypoint());
        }
        if (!spec.command().isEmpty()) {
            main.withArgs(spec.command());
        }
        List<Container> containers = new ArrayList<>();
        containers.add(main.build());
        if (!volumeMounts.isEmpty()) {
            containers.add(new ContainerBuilder()
                    .withName(FILES)
                    .withImage(spec.image())
                    .withImagePullPolicy(placement.imagePullPolicy())
                    .withCommand(FILES_COMMAND)
                    .withResources(fixed(FILES_CPU, FILES_MEMORY))
                    .withSecurityContext(security)
                    .withVolumeMounts(volumeMounts)
                    .build());
        }

        Map<String, String> annotations = new LinkedHashMap<>();
        annotations.put(LABELS_ANNOTATION, toJson(spec.labels()));
        annotations.put(DEFAULT_CONTAINER_ANNOTATION, MAIN);
        if (spec.pidsLimit() > 0) {
            annotations.put(PIDS_LIMIT_ANNOTATION, Long.toString(spec.pidsLimit()));
        }
        if (spec.nofileLimit() > 0) {
            annotations.put(NOFILE_LIMIT_ANNOTATION, Long.toString(spec.nofileLimit()));
        }
        PodBuilder pod = new PodBuilder()
                .withNewMetadata()
                    .withName(name)
                    .withNamespace(placement.namespace())
                    .withLabels(labels(spec.labels()))
                    .withAnnotations(annotations)
                    .withOwnerReferences(ownerReferences(placement.owner()))
                .endMetadata()
                .withNewSpec()
                    .withNodeName(placement.nodeName())
                    .withHostNetwork(true)
                    // the node's resolver, as a Docker container on the host network has
                    .withDnsPolicy("Default")
                    .withRestartPolicy("Never")
                    .withAutomountServiceAccountToken(false)
                    .withEnableServiceLinks(false)
                    // Deleted by someone else (the garbage collector, kubectl) the pod goes within
                    // 2 s: the files helper's sleep ignores SIGTERM, and Docker's removal kills at once.
                    .withTerminationGracePeriodSeconds(TERMINATION_GRACE_SECONDS)
                    .withTolerations(tolerateNoSchedule())
                    .withSecurityContext(podSecurityContext())
                    .withInitContainers(seeds)
                    .withContainers(containers)
                    .withVolumes(volumes)
                .endSpec();
        return pod.build();
    }

    /** The pod name: the spec's prefix as a DNS label, and a random suffix. */
    static String podName(String namePrefix, String suffix) {
        String prefix = namePrefix.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-").replaceAll("^-+", "");
        int room = 63 - suffix.length() - 1;
        if (prefix.length() > room) {
            prefix = prefix.substring(0, room);
        }
        prefix = prefix.replaceAll("-+$", "");
        return (prefix.isEmpty() ? "bench" : prefix) + "-" + suffix;
    }

    // ---------------------------------------------------------------- labels

    /** The spec's labels as pod labels: a value Kubernetes refuses becomes its hash (see {@link #labelValue}). */
    static Map<String, String> labels(Map<String, String> labels) {
        Map<String, String> result = new LinkedHashMap<>();
        labels.forEach((key, value) -> result.put(key, labelValue(value)));
        return result;
    }

    /**
     * A label value as Kubernetes accepts it: the value itself when it is one (at most 63
     * characters of letters, digits, '-', '_', '.', alphanumeric at both ends), otherwise
     * {@code h-} and 40 hex digits of its sha256. A selector for the value uses the same.
     */
    static String labelValue(String value) {
        if (value.length() <= 63 && LABEL_VALUE.matcher(value).matches()) {
            return value;
        }
        return "h-" + sha256(value).substring(0, 40);
    }

    /** The labels a pod was created with, verbatim, from its annotation (or its labels when it has none). */
    static Map<String, String> specLabels(Map<String, String> annotations, Map<String, String> podLabels) {
        String json = annotations == null ? null : annotations.get(LABELS_ANNOTATION);
        if (json != null) {
            try {
                return JSON.readValue(json, new TypeReference<Map<String, String>>() { });
            } catch (JsonProcessingException e) {
                // someone edited it: the labels still say what selected the pod
            }
        }
        return podLabels == null ? Map.of() : podLabels;
    }

    // ---------------------------------------------------------------- resources

    static ResourceRequirements resources(ContainerSpec spec, Placement placement) {
        String cpu = spec.nanoCpus() > 0 ? cpuQuantity(spec.nanoCpus()) : placement.defaultCpu();
        String memory = spec.memoryBytes() > 0 ? Long.toString(spec.memoryBytes()) : placement.defaultMemory();
        return fixed(cpu, memory);
    }

    private static ResourceRequirements fixed(String cpu, String memory) {
        Map<String, Quantity> amounts = Map.of("cpu", new Quantity(cpu), "memory", new Quantity(memory));
        return new ResourceRequirementsBuilder().withRequests(amounts).withLimits(amounts).build();
    }

    /**
     * Billionths of a CPU as a quantity: whole CPUs as an integer ({@code "2"}: what the static
     * CPU manager gives exclusive cores to), else millicores rounded up (the API's finest unit).
     */
    static String cpuQuantity(long nanoCpus) {
        if (nanoCpus % 1_000_000_000L == 0) {
            return Long.toString(nanoCpus / 1_000_000_000L);
        }
        long millis = BigDecimal.valueOf(nanoCpus).divide(BigDecimal.valueOf(1_000_000L), 0, RoundingMode.CEILING)
                .longValueExact();
        return millis + "m";
    }

    /** {@code size=64m} of tmpfs options as a quantity ({@code 64Mi}); null (no limit) without one. */
    static Quantity tmpfsSize(String options) {
        Matcher size = TMPFS_SIZE.matcher(options);
        if (!size.find()) {
            return null;
        }
        String unit = switch (size.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> "Ki";
            case "m" -> "Mi";
            case "g" -> "Gi";
            default -> "";
        };
        return new Quantity(size.group(1) + unit);
    }

    // ---------------------------------------------------------------- security

    static SecurityContext securityContext(ContainerSpec spec) {
        SecurityContextBuilder security = new SecurityContextBuilder()
                .withReadOnlyRootFilesystem(spec.readOnlyRootfs())
                .withAllowPrivilegeEscalation(!spec.noNewPrivileges())
                .withPrivileged(false);
        if (spec.dropAllCapabilities()) {
            security.withCapabilities(new Capabilities(null, List.of("ALL")));
        }
        if (spec.user() != null) {
            Matcher user = NUMERIC_USER.matcher(spec.user());
            if (!user.matches()) {
                // runAsUser is a number, and the kubelet cannot check a named image user against
                // runAsNonRoot: a name here would silently run as whatever the image says.
                throw new ContainerEngineException("the Kubernetes engine needs a numeric user (uid or uid:gid), not '"
                        + spec.user() + "'");
            }
            long uid = Long.parseLong(user.group(1));
            security.withRunAsUser(uid).withRunAsNonRoot(uid != 0);
            if (user.group(2) != null) {
                security.withRunAsGroup(Long.parseLong(user.group(2)));
            }
        }
        return security.build();
    }

    private static PodSecurityContext podSecurityContext() {
        // Docker applies its default seccomp profile to every container; the kubelet only when asked.
        return new PodSecurityContextBuilder()
                .withSeccompProfile(new SeccompProfileBuilder().withType("RuntimeDefault").build())
                .build();
    }

    private static Toleration tolerateNoSchedule() {
        // bound to the worker's own node by name: the taint that keeps other pods off a benchmark
        // node is not for these
        return new TolerationBuilder().withOperator("Exists").withEffect("NoSchedule").build();
    }

    private static List<OwnerReference> ownerReferences(Owner owner) {
        if (owner == null) {
            return List.of();
        }
        // Not a controller reference and no blockOwnerDeletion: the worker's pod is deleted at
        // once, and the garbage collector then deletes these in the background.
        return List.of(new OwnerReferenceBuilder().withApiVersion("v1").withKind("Pod").withName(owner.name())
                .withUid(owner.uid()).build());
    }

    // ---------------------------------------------------------------- helpers

    private static List<EnvVar> env(Map<String, String> env) {
        List<EnvVar> result = new ArrayList<>();
        env.forEach((name, value) -> result.add(new EnvVar(name, value, null)));
        return result;
    }

    static String baseName(String path) {
        String trimmed = path.replaceAll("/+$", "");
        return trimmed.substring(trimmed.lastIndexOf('/') + 1);
    }

    private static String toJson(Map<String, String> labels) {
        try {
            return JSON.writeValueAsString(labels);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings is always JSON", e);
        }
    }

    private static String sha256(String value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
