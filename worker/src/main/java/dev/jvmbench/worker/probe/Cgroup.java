package dev.jvmbench.worker.probe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cgroup a container's processes run in, found from the process side rather than guessed
 * from the engine's layout: {@code /proc/<pid>/cgroup} names the group, {@code
 * /proc/self/mountinfo} says where its hierarchy is mounted here. That covers cgroup v1 (this
 * benchmark host), v2, the systemd driver's {@code docker-<id>.scope} names and hierarchies
 * mounted at other places.
 */
sealed interface Cgroup permits Cgroup.V1, Cgroup.V2 {

    CgroupReading read() throws IOException;

    /** The directories read, for error messages. */
    String describe();

    /** The cgroup of {@code pid}, which must belong to container {@code containerId}. */
    static Cgroup of(String containerId, long pid) {
        try {
            return locate(containerId,
                    Files.readString(Path.of("/proc", Long.toString(pid), "cgroup")),
                    Files.readString(Path.of("/proc/self/mountinfo")));
        } catch (NoSuchFileException e) {
            throw new IllegalStateException("no process " + pid + " on this host (container " + containerId
                    + " exited, or the worker does not share the host's PID namespace)", e);
        } catch (IOException e) {
            throw new UncheckedIOException("reading the cgroup of pid " + pid, e);
        }
    }

    /**
     * v1 wins when the v1 hierarchies with {@code cpuacct}, {@code cpu} and {@code memory} are
     * mounted: a host in hybrid mode (as this one) also lists a v2 group, but without controllers.
     */
    static Cgroup locate(String containerId, String procCgroup, String mountinfo) {
        Map<String, String> v1Paths = new HashMap<>();
        String v2Path = null;
        for (String line : procCgroup.lines().toList()) {
            String[] parts = line.split(":", 3);
            if (parts.length != 3) {
                continue;
            }
            if (parts[0].equals("0") && parts[1].isEmpty()) {
                v2Path = parts[2];
            } else {
                for (String controller : parts[1].split(",")) {
                    v1Paths.put(controller, parts[2]);
                }
            }
        }
        List<Mount> mounts = Mount.parseAll(mountinfo);
        Optional<Path> cpuacct = v1Directory(mounts, v1Paths, "cpuacct");
        Optional<Path> cpu = v1Directory(mounts, v1Paths, "cpu");
        Optional<Path> memory = v1Directory(mounts, v1Paths, "memory");
        if (cpuacct.isPresent() && cpu.isPresent() && memory.isPresent()) {
            requireContainer(containerId, v1Paths.get("cpuacct"));
            return new V1(cpuacct.get(), cpu.get(), memory.get());
        }
        if (v2Path != null) {
            String path = v2Path;
            Optional<Path> unified = mounts.stream()
                    .filter(mount -> mount.fsType().equals("cgroup2"))
                    .flatMap(mount -> mount.resolve(path).stream())
                    .findFirst();
            if (unified.isPresent()) {
                requireContainer(containerId, v2Path);
                return new V2(unified.get());
            }
        }
        throw new IllegalStateException("no mounted cgroup hierarchy with cpu, cpuacct and memory (v1) or a cgroup2 "
                + "mount (v2) for the process's groups: " + procCgroup.strip().replace('\n', ' '));
    }

    private static Optional<Path> v1Directory(List<Mount> mounts, Map<String, String> paths, String controller) {
        String path = paths.get(controller);
        if (path == null) {
            return Optional.empty();
        }
        return mounts.stream()
                .filter(mount -> mount.fsType().equals("cgroup") && mount.superOptions().contains(controller))
                .flatMap(mount -> mount.resolve(path).stream())
                .findFirst();
    }

    // A PID that was reused, or a container id mixed up with another, would silently measure
    // the wrong group; every engine driver puts the full id into the group's name.
    private static void requireContainer(String containerId, String cgroupPath) {
        if (!cgroupPath.contains(containerId)) {
            throw new IllegalStateException("the process is in cgroup " + cgroupPath
                    + ", which is not container " + containerId + "'s");
        }
    }

    /** cgroup v1: CPU time in cpuacct, throttling in cpu, memory in memory; all in ns and bytes. */
    record V1(Path cpuacct, Path cpu, Path memory) implements Cgroup {

        @Override
        public CgroupReading read() throws IOException {
            long cpuNanos = readLong(cpuacct.resolve("cpuacct.usage"));
            Map<String, Long> cpuStat = readKeyed(cpu.resolve("cpu.stat"));
            return new CgroupReading(cpuNanos,
                    cpuStat.getOrDefault("nr_throttled", 0L),
                    cpuStat.getOrDefault("throttled_time", 0L),
                    readLong(memory.resolve("memory.usage_in_bytes")),
                    readLong(memory.resolve("memory.max_usage_in_bytes")));
        }

        @Override
        public String describe() {
            return "cgroup v1 " + cpuacct + ", " + cpu + ", " + memory;
        }
    }

    /** cgroup v2: one directory; CPU figures in microseconds. */
    record V2(Path directory) implements Cgroup {

        @Override
        public CgroupReading read() throws IOException {
            Map<String, Long> cpuStat = readKeyed(directory.resolve("cpu.stat"));
            Path peak = directory.resolve("memory.peak");
            return new CgroupReading(
                    Math.multiplyExact(cpuStat.getOrDefault("usage_usec", 0L), 1000L),
                    cpuStat.getOrDefault("nr_throttled", 0L),
                    Math.multiplyExact(cpuStat.getOrDefault("throttled_usec", 0L), 1000L),
                    readLong(directory.resolve("memory.current")),
                    // memory.peak came with Linux 5.19
                    Files.exists(peak) ? readLong(peak) : -1);
        }

        @Override
        public String describe() {
            return "cgroup v2 " + directory;
        }
    }

    private static long readLong(Path file) throws IOException {
        return Long.parseLong(Files.readString(file).strip());
    }

    /** {@code key value} lines, as in cpu.stat. */
    private static Map<String, Long> readKeyed(Path file) throws IOException {
        Map<String, Long> values = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] parts = line.strip().split("\\s+");
            if (parts.length == 2) {
                values.put(parts[0], Long.parseLong(parts[1]));
            }
        }
        return values;
    }

    /** One line of mountinfo: the part of the hierarchy it shows (root) and where. */
    record Mount(String root, Path mountPoint, String fsType, List<String> superOptions) {

        static List<Mount> parseAll(String mountinfo) {
            List<Mount> mounts = new ArrayList<>();
            for (String line : mountinfo.lines().toList()) {
                // id parent major:minor root mount-point options [optional fields...] - fstype source super-options
                String[] fields = line.split(" ");
                int separator = List.of(fields).indexOf("-");
                if (fields.length < 5 || separator < 0 || separator + 3 >= fields.length) {
                    continue;
                }
                mounts.add(new Mount(unescape(fields[3]), Path.of(unescape(fields[4])), fields[separator + 1],
                        List.of(fields[separator + 3].split(","))));
            }
            return mounts;
        }

        /**
         * The directory of {@code cgroupPath} under this mount, if the mount shows that part of
         * the hierarchy (inside a container the mount's root is the container's own group).
         */
        Optional<Path> resolve(String cgroupPath) {
            String relative;
            if (root.equals("/")) {
                relative = cgroupPath;
            } else if (cgroupPath.equals(root) || cgroupPath.startsWith(root + "/")) {
                relative = cgroupPath.substring(root.length());
            } else {
                return Optional.empty();
            }
            Path directory = mountPoint.resolve(relative.replaceFirst("^/+", ""));
            return Files.isDirectory(directory) ? Optional.of(directory) : Optional.empty();
        }

        // mountinfo writes space, tab, newline and backslash as octal escapes
        private static String unescape(String field) {
            StringBuilder out = new StringBuilder(field.length());
            for (int i = 0; i < field.length(); i++) {
                char c = field.charAt(i);
                if (c == '\\' && i + 3 < field.length() && field.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                    out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                    i += 3;
                } else {
                    out.append(c);
                }
            }
            return out.toString();
        }
    }
}
