package dev.jvmbench.worker.container;

import java.util.Objects;

/**
 * A container this engine started.
 *
 * @param hostPid the PID of the container's first process in the host's PID namespace, for
 *                reading {@code /proc/<pid>/...} and cgroup files from the host; 0 when the
 *                container had already exited when it was inspected
 */
public record RunningContainer(String id, String name, long hostPid) {

    public RunningContainer {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
    }
}
