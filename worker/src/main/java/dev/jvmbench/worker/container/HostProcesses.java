package dev.jvmbench.worker.container;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The host PID of a container's first process, found from the node's process table: the
 * Kubernetes API knows a container's id but not its PID (Docker's inspect says both).
 *
 * <p>A process belongs to the container when its cgroup path names the container id (every
 * runtime and cgroup driver put the full id in the leaf: {@code /kubepods/pod<uid>/<id>} with
 * cgroupfs, {@code cri-containerd-<id>.scope} with systemd). Its first process is the one that is
 * PID 1 in its own PID namespace ({@code NSpid: <host pid> 1}): pods do not share a PID namespace
 * unless asked, and that is the process the runtime started (the JVM, for the app). The worker
 * needs the host's PID namespace for this ({@code hostPID: true}), as it does for the probes.
 */
final class HostProcesses {

    private final Path proc;

    HostProcesses(Path proc) {
        this.proc = proc;
    }

    static HostProcesses ofHost() {
        return new HostProcesses(Path.of("/proc"));
    }

    /** The host PID of the container's PID 1, if one of the visible processes is it. */
    OptionalLong firstProcess(String containerId) {
        if (containerId == null || containerId.length() < 12) {
            throw new IllegalArgumentException("a full container id is needed, was '" + containerId + "'");
        }
        long fallback = -1;
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(proc, "[0-9]*")) {
            for (Path process : processes) {
                String cgroup = read(process.resolve("cgroup"));
                if (cgroup == null || !cgroup.contains(containerId)) {
                    continue;
                }
                long pid = Long.parseLong(process.getFileName().toString());
                String status = read(process.resolve("status"));
                if (status == null) {
                    continue;
                }
                String nspid = status.lines().filter(line -> line.startsWith("NSpid:")).findFirst().orElse(null);
                if (nspid != null) {
                    String[] ids = nspid.substring("NSpid:".length()).strip().split("\\s+");
                    if (ids.length > 1 && ids[ids.length - 1].equals("1")) {
                        return OptionalLong.of(pid);
                    }
                } else if (fallback < 0 || pid < fallback) {
                    // a kernel before 4.1 has no NSpid: the lowest PID started first (no wrap-around here)
                    fallback = pid;
                }
            }
        } catch (IOException e) {
            throw new ContainerEngineException("cannot list the processes in " + proc + ": " + e.getMessage(), e);
        }
        return fallback > 0 ? OptionalLong.of(fallback) : OptionalLong.empty();
    }

    /** Whether {@code pid} is (still) a process of the container: a PID may have been reused. */
    boolean belongs(long pid, String containerId) {
        String cgroup = read(proc.resolve(Long.toString(pid)).resolve("cgroup"));
        return cgroup != null && cgroup.contains(containerId);
    }

    /**
     * Sends SIGTERM ({@code force} false) or SIGKILL to a process of the container, from this
     * process: allowed when both run as the same user (the app's 10001, the worker's too) and
     * delivered to a PID namespace's init from outside it, SIGKILL included, which no process
     * inside the container can do. False when the process is not the container's or the signal
     * was refused.
     */
    boolean signal(long pid, String containerId, boolean force) {
        if (pid <= 0 || !belongs(pid, containerId)) {
            return false;
        }
        return ProcessHandle.of(pid).map(process -> force ? process.destroyForcibly() : process.destroy()).orElse(false);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException gone) {
            // the process ended while we looked, or is not ours to read
            return null;
        }
    }
}
