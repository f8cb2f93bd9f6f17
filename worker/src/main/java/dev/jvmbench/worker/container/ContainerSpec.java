package dev.jvmbench.worker.container;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What to start. Every container runs with host networking (the benchmark host has no bridge
 * and everything talks on 127.0.0.1) and with memory-swap equal to memory, so the JVM and the
 * kernel see one and the same limit (without it the JVM sees memory + swap).
 *
 * @param image           image reference, e.g. {@code jvmbench/target-mvc:jdk25}
 * @param namePrefix      the container is named {@code <namePrefix>-<random>}, unique per start
 * @param labels          always holds {@code bench.managed=true}, and {@code bench.run-id} when
 *                        {@code runId} is given
 * @param env             environment variables
 * @param entrypoint      replaces the image's entrypoint; empty keeps it
 * @param command         replaces the image's command; empty keeps it
 * @param nanoCpus        CPU quota in billionths of a CPU ({@code --cpus}); 0 for no limit
 * @param memoryBytes     memory limit ({@code --memory}, and {@code --memory-swap} to the same
 *                        value); 0 for no limit
 * @param pidsLimit       most processes + threads; 0 for no limit
 * @param user            {@code uid[:gid]} or a name; null keeps the image's user
 * @param readOnlyRootfs  mount the image's filesystem read-only (give writable paths as tmpfs)
 * @param tmpfs           tmpfs mounts: path to mount options (e.g. {@code rw,size=64m}, or "")
 * @param volumes         anonymous volumes the engine creates, by path in the container: they
 *                        start as a copy of the image's directory there (owner and mode
 *                        included), survive a stop so files can be copied out of them (a tmpfs
 *                        cannot: the engine does not see it), and go with the container. There is
 *                        deliberately no way to mount a host path or a named volume: nothing of
 *                        the host (least of all the engine's socket) is ever visible inside.
 * @param dropAllCapabilities {@code --cap-drop ALL}
 * @param noNewPrivileges {@code --security-opt no-new-privileges}
 * @param nofileLimit     soft and hard {@code nofile} ulimit; 0 inherits the engine's (which
 *                        cannot be exceeded: the engine's own hard limit caps it, e.g. 20000 on
 *                        the benchmark VM, and asking for more fails the start)
 * @param runId           the benchmark run this container belongs to, or null
 * @param cpuset          the host cores the container may run on ({@code --cpuset-cpus}, e.g. {@code 1}
 *                        or {@code 2-3}); null floats over every core. An engine that places
 *                        containers itself (Kubernetes' static CPU manager) ignores it
 */
public record ContainerSpec(
        String image,
        String namePrefix,
        Map<String, String> labels,
        Map<String, String> env,
        List<String> entrypoint,
        List<String> command,
        long nanoCpus,
        long memoryBytes,
        long pidsLimit,
        String user,
        boolean readOnlyRootfs,
        Map<String, String> tmpfs,
        Set<String> volumes,
        boolean dropAllCapabilities,
        boolean noNewPrivileges,
        long nofileLimit,
        String runId,
        String cpuset) {

    /** The user {@code app} of the JDK images (and the images built on them); numeric, so it works on any image. */
    public static final String APP_USER = "10001:10001";

    /** The engine refuses less (and a JVM cannot start in it anyway). */
    static final long MIN_MEMORY_BYTES = 6L * 1024 * 1024;

    // Docker's own rule for names, minus the random suffix we add.
    private static final Pattern NAME_PREFIX = Pattern.compile("[a-zA-Z0-9][a-zA-Z0-9_.-]{0,100}");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");
    private static final Pattern LABEL_KEY = Pattern.compile("[a-z0-9][a-z0-9._/-]*");

    public ContainerSpec {
        requireText(image, "image");
        if (image.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("image must not contain whitespace: '" + image + "'");
        }
        Objects.requireNonNull(namePrefix, "namePrefix");
        if (!NAME_PREFIX.matcher(namePrefix).matches()) {
            throw new IllegalArgumentException(
                    "namePrefix must match " + NAME_PREFIX.pattern() + ", was '" + namePrefix + "'");
        }
        if (runId != null) {
            requireText(runId, "runId");
        }
        labels = managedLabels(Objects.requireNonNull(labels, "labels"), runId);
        env = copyEnv(Objects.requireNonNull(env, "env"));
        entrypoint = List.copyOf(entrypoint);
        command = List.copyOf(command);
        if (nanoCpus < 0) {
            throw new IllegalArgumentException("nanoCpus must be >= 0 (0 = no limit), was " + nanoCpus);
        }
        if (memoryBytes != 0 && memoryBytes < MIN_MEMORY_BYTES) {
            throw new IllegalArgumentException(
                    "memoryBytes must be 0 (no limit) or >= " + MIN_MEMORY_BYTES + ", was " + memoryBytes);
        }
        if (pidsLimit < 0) {
            throw new IllegalArgumentException("pidsLimit must be >= 0 (0 = no limit), was " + pidsLimit);
        }
        if (user != null) {
            requireText(user, "user");
        }
        tmpfs = copyTmpfs(Objects.requireNonNull(tmpfs, "tmpfs"));
        volumes = copyVolumes(Objects.requireNonNull(volumes, "volumes"), tmpfs);
        if (nofileLimit < 0) {
            throw new IllegalArgumentException("nofileLimit must be >= 0 (0 = the engine's), was " + nofileLimit);
        }
        if (cpuset != null && !CPUSET.matcher(cpuset).matches()) {
            throw new IllegalArgumentException("cpuset must list cores such as 1 or 0-2,4, was '" + cpuset + "'");
        }
    }

    private static final Pattern CPUSET = Pattern.compile("\\d+(-\\d+)?(,\\d+(-\\d+)?)*");

    private static Set<String> copyVolumes(Set<String> given, Map<String, String> tmpfs) {
        Set<String> result = new LinkedHashSet<>();
        for (String path : given) {
            Objects.requireNonNull(path, "volume path");
            if (!path.startsWith("/") || path.equals("/") || path.contains(":") || path.contains("..")) {
                throw new IllegalArgumentException(
                        "volume path must be an absolute container path, not '/', without ':' or '..', was '" + path + "'");
            }
            if (tmpfs.containsKey(path)) {
                throw new IllegalArgumentException(path + " cannot be both a tmpfs and a volume");
            }
            result.add(path);
        }
        return Collections.unmodifiableSet(result);
    }

    /**
     * Whether this spec is the box an untrusted program runs in: no capabilities, no privilege
     * gain, a read-only root filesystem, a user other than root, and explicit pids and nofile
     * limits. (No host path can be mounted by any spec.)
     */
    public boolean isSandboxed() {
        return dropAllCapabilities && noNewPrivileges && readOnlyRootfs && isNonRoot(user)
                && pidsLimit > 0 && nofileLimit > 0;
    }

    static boolean isNonRoot(String user) {
        if (user == null) {
            return false; // the image's user: unknown, so not trusted to be non-root
        }
        String name = user.split(":", 2)[0];
        return !name.equals("0") && !name.equals("root");
    }

    public static Builder builder(String image) {
        return new Builder(image);
    }

    /** A builder preset with this spec's values, for a variant of it. */
    public Builder toBuilder() {
        Builder b = new Builder(image);
        b.namePrefix = namePrefix;
        b.labels.putAll(labels);
        b.labels.remove(ContainerLabels.MANAGED);
        b.labels.remove(ContainerLabels.RUN_ID);
        b.env.putAll(env);
        b.entrypoint = entrypoint;
        b.command = command;
        b.nanoCpus = nanoCpus;
        b.cpuset = cpuset;
        b.memoryBytes = memoryBytes;
        b.pidsLimit = pidsLimit;
        b.user = user;
        b.readOnlyRootfs = readOnlyRootfs;
        b.tmpfs.putAll(tmpfs);
        b.volumes.addAll(volumes);
        b.dropAllCapabilities = dropAllCapabilities;
        b.noNewPrivileges = noNewPrivileges;
        b.nofileLimit = nofileLimit;
        b.runId = runId;
        return b;
    }

    private static void requireText(String value, String field) {
        Objects.requireNonNull(value, field);
        if (value.isBlank()) {
            throw new IllegalArgumentException(field + " must not be blank");
        }
    }

    private static Map<String, String> managedLabels(Map<String, String> given, String runId) {
        Map<String, String> result = new LinkedHashMap<>();
        given.forEach((key, value) -> {
            Objects.requireNonNull(key, "label key");
            Objects.requireNonNull(value, "label value of " + key);
            if (!LABEL_KEY.matcher(key).matches()) {
                throw new IllegalArgumentException("label key must match " + LABEL_KEY.pattern() + ", was '" + key + "'");
            }
            result.put(key, value);
        });
        String managed = result.put(ContainerLabels.MANAGED, "true");
        if (managed != null && !managed.equals("true")) {
            // a container we start but do not clean up would outlive the run
            throw new IllegalArgumentException(ContainerLabels.MANAGED + " is always 'true', was '" + managed + "'");
        }
        if (runId != null) {
            String previous = result.put(ContainerLabels.RUN_ID, runId);
            if (previous != null && !previous.equals(runId)) {
                throw new IllegalArgumentException(
                        ContainerLabels.RUN_ID + " label '" + previous + "' contradicts runId '" + runId + "'");
            }
        }
        return Collections.unmodifiableMap(result);
    }

    private static Map<String, String> copyEnv(Map<String, String> given) {
        Map<String, String> result = new LinkedHashMap<>();
        given.forEach((name, value) -> {
            Objects.requireNonNull(name, "env name");
            Objects.requireNonNull(value, "env value of " + name);
            if (!ENV_NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("env name must match " + ENV_NAME.pattern() + ", was '" + name + "'");
            }
            result.put(name, value);
        });
        return Collections.unmodifiableMap(result);
    }

    private static Map<String, String> copyTmpfs(Map<String, String> given) {
        Map<String, String> result = new LinkedHashMap<>();
        given.forEach((path, options) -> {
            Objects.requireNonNull(path, "tmpfs path");
            Objects.requireNonNull(options, "tmpfs options of " + path);
            if (!path.startsWith("/") || path.equals("/")) {
                throw new IllegalArgumentException("tmpfs path must be absolute and not '/', was '" + path + "'");
            }
            result.put(path, options);
        });
        return Collections.unmodifiableMap(result);
    }

    /**
     * Defaults are the safe choices the JDK images run with: no capabilities, no privilege
     * gain, and a pids limit far above what a JVM with a few hundred platform threads needs. The
     * nofile limit stays the engine's: a higher one is refused by the kernel when the engine's own
     * hard limit is lower, and the engine's default (1048576 under systemd, 20000 on the benchmark
     * VM) already covers thousands of load-test connections. The root filesystem stays
     * writable by default (the engine's own tests run plain commands); untrusted code runs in
     * {@link #sandbox}: read-only root, non-root user, with writable places given as tmpfs or
     * anonymous volumes, and explicit pids and nofile limits.
     */
    public static final class Builder {
        public static final long DEFAULT_PIDS_LIMIT = 4096;

        private final String image;
        private String namePrefix = "bench";
        private final Map<String, String> labels = new LinkedHashMap<>();
        private final Map<String, String> env = new LinkedHashMap<>();
        private List<String> entrypoint = List.of();
        private List<String> command = List.of();
        private long nanoCpus;
        private long memoryBytes;
        private long pidsLimit = DEFAULT_PIDS_LIMIT;
        private String user;
        private boolean readOnlyRootfs;
        private final Map<String, String> tmpfs = new LinkedHashMap<>();
        private final Set<String> volumes = new LinkedHashSet<>();
        private boolean dropAllCapabilities = true;
        private boolean noNewPrivileges = true;
        private long nofileLimit;
        private String runId;
        private String cpuset;

        private Builder(String image) {
            this.image = image;
        }

        public Builder namePrefix(String namePrefix) {
            this.namePrefix = namePrefix;
            return this;
        }

        public Builder label(String key, String value) {
            labels.put(key, value);
            return this;
        }

        public Builder labels(Map<String, String> labels) {
            this.labels.putAll(labels);
            return this;
        }

        public Builder env(String name, String value) {
            env.put(name, value);
            return this;
        }

        public Builder env(Map<String, String> env) {
            this.env.putAll(env);
            return this;
        }

        public Builder entrypoint(String... entrypoint) {
            this.entrypoint = List.of(entrypoint);
            return this;
        }

        public Builder command(String... command) {
            this.command = List.of(command);
            return this;
        }

        public Builder command(List<String> command) {
            this.command = List.copyOf(command);
            return this;
        }

        /** {@code --cpus}: 1.0 is one CPU. */
        public Builder cpus(double cpus) {
            if (!(cpus >= 0) || Double.isInfinite(cpus)) {
                throw new IllegalArgumentException("cpus must be a finite number >= 0, was " + cpus);
            }
            this.nanoCpus = Math.round(cpus * 1e9);
            return this;
        }

        public Builder memoryBytes(long memoryBytes) {
            this.memoryBytes = memoryBytes;
            return this;
        }

        public Builder memoryMegabytes(long megabytes) {
            return memoryBytes(Math.multiplyExact(megabytes, 1024L * 1024));
        }

        public Builder pidsLimit(long pidsLimit) {
            this.pidsLimit = pidsLimit;
            return this;
        }

        public Builder user(String user) {
            this.user = user;
            return this;
        }

        public Builder readOnlyRootfs(boolean readOnlyRootfs) {
            this.readOnlyRootfs = readOnlyRootfs;
            return this;
        }

        public Builder tmpfs(String path, String options) {
            tmpfs.put(path, options);
            return this;
        }

        /** An anonymous volume at {@code path} (see {@link ContainerSpec#volumes()}). */
        public Builder volume(String path) {
            volumes.add(path);
            return this;
        }

        /**
         * The box for untrusted code: runs as {@code user} (never root), read-only root
         * filesystem, no capabilities, no privilege gain. Writable places are added with
         * {@link #tmpfs} or {@link #volume}; pids and nofile limits must be set too (see
         * {@link ContainerSpec#isSandboxed()}).
         */
        public Builder sandbox(String user) {
            if (!isNonRoot(user)) {
                throw new IllegalArgumentException("a sandbox runs as a non-root user, was '" + user + "'");
            }
            this.user = user;
            this.readOnlyRootfs = true;
            this.dropAllCapabilities = true;
            this.noNewPrivileges = true;
            return this;
        }

        public Builder dropAllCapabilities(boolean dropAllCapabilities) {
            this.dropAllCapabilities = dropAllCapabilities;
            return this;
        }

        public Builder noNewPrivileges(boolean noNewPrivileges) {
            this.noNewPrivileges = noNewPrivileges;
            return this;
        }

        public Builder nofileLimit(long nofileLimit) {
            this.nofileLimit = nofileLimit;
            return this;
        }

        public Builder runId(String runId) {
            this.runId = runId;
            return this;
        }

        /** {@code --cpuset-cpus}: the cores the container may run on; null floats. */
        public Builder cpuset(String cpuset) {
            this.cpuset = cpuset;
            return this;
        }

        public ContainerSpec build() {
            return new ContainerSpec(image, namePrefix, labels, env, entrypoint, command, nanoCpus, memoryBytes,
                    pidsLimit, user, readOnlyRootfs, tmpfs, volumes, dropAllCapabilities, noNewPrivileges, nofileLimit, runId,
                    cpuset);
        }
    }
}
