package dev.jvmbench.worker.probe;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Watches one running container from the host: its cgroup (CPU, throttling, memory) and its
 * JVM's threads, descriptors and TCP sockets. {@link ContainerSampler} is the real one; the run flow's unit tests use one
 * that answers fixed windows.
 */
public interface ContainerProbe extends AutoCloseable {

    /** The container over {@code [from, to]} (a load step). */
    ContainerWindow window(Instant from, Instant to);

    /**
     * The container per whole epoch second: one {@link ContainerSecond} for every second that
     * {@code [from, to)} touches, in order, each describing its whole second (so series of
     * different windows and of the load generator join on the second).
     */
    List<ContainerSecond> seconds(Instant from, Instant to);

    /**
     * The JVM's OS threads now, by name with digits folded ({@link ThreadNames}), the most
     * numerous first; empty when they cannot be read (the process has gone, no access).
     */
    default Map<String, Integer> threadNames() {
        return Map.of();
    }

    /** Stops watching; idempotent, never throws. */
    @Override
    void close();
}
