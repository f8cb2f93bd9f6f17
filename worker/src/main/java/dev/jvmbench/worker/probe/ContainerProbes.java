package dev.jvmbench.worker.probe;

/** Starts a {@link ContainerProbe} on a container that has just started. */
@FunctionalInterface
public interface ContainerProbes {

    /**
     * @param containerId the engine's container id
     * @param hostPid     the container's JVM in the host's PID namespace
     * @param cpus        the container's CPU limit
     * @throws IllegalStateException when the container cannot be watched (wrong pid, no cgroup)
     */
    ContainerProbe start(String containerId, long hostPid, double cpus);

    /** Sampling this host's cgroup and /proc files. */
    static ContainerProbes ofHost() {
        return ContainerSampler::start;
    }
}
