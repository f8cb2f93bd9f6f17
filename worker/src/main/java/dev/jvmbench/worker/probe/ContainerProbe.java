package dev.jvmbench.worker.probe;

import java.time.Instant;

/**
 * Watches one running container from the host: its cgroup (CPU, throttling, memory) and its
 * JVM's threads. {@link ContainerSampler} is the real one; the run flow's unit tests use one
 * that answers fixed windows.
 */
public interface ContainerProbe extends AutoCloseable {

    /** The container over {@code [from, to]} (a load step). */
    ContainerWindow window(Instant from, Instant to);

    /** Stops watching; idempotent, never throws. */
    @Override
    void close();
}
