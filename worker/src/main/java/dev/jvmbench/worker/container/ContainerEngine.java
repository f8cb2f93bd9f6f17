package dev.jvmbench.worker.container;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The benchmark host's container engine, as the rest of the worker sees it.
 *
 * <p>Every container it starts carries {@code bench.managed=true} (see {@link ContainerSpec}),
 * and cleanup goes by label ({@link #removeManaged}), never by pruning the host: the engine may
 * hold containers and images that are not ours.
 *
 * <p>Failures to reach the engine raise {@link ContainerEngineUnavailableException}; every other
 * engine error raises {@link ContainerEngineException}. No engine client type leaks through.
 *
 * <p>It names none of its implementations: {@link ContainerEngines} builds them (for the
 * configuration and for tests), and an architecture test ({@code DependencyDirectionTest}) keeps it so.
 */
public interface ContainerEngine extends AutoCloseable {

    /** Which implementation a worker uses ({@code bench.worker.engine}). */
    enum Kind {
        /** The host's Docker engine (the default outside a cluster). */
        DOCKER,
        /** Pods on the worker's own node through the Kubernetes API. */
        KUBERNETES;

        /** {@code docker} or {@code kubernetes}, in any case. */
        public static Kind of(String value) {
            for (Kind kind : values()) {
                if (kind.name().equalsIgnoreCase(value == null ? "" : value.strip())) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("bench.worker.engine must be docker or kubernetes, was '" + value + "'");
        }
    }

    /** Checks the engine answers; throws {@link ContainerEngineUnavailableException} with the reason when not. */
    void ping();

    /** The engine's version and the API version this client talks to it with. */
    EngineVersion version();

    boolean imageExists(String imageReference);

    /** Local images carrying all of the given labels (a value of {@code ""} matches any value). */
    List<ImageSummary> findImages(Map<String, String> labels);

    /** Creates and starts a container; it is running (or already exited) when this returns. */
    RunningContainer start(ContainerSpec spec);

    /**
     * Polls the container until the strategy says it is ready, it exits, or the strategy's
     * timeout passes. Never throws for an app that fails: the outcome says how it failed.
     */
    ContainerOutcome awaitReady(RunningContainer container, ReadinessStrategy readiness);

    /**
     * Waits until the container exits: {@link ContainerOutcome.Exited}, {@link
     * ContainerOutcome.OomKilled} or {@link ContainerOutcome.TimedOut}.
     */
    ContainerOutcome awaitExit(RunningContainer container, Duration timeout);

    /** The current state as an outcome: {@code Optional.empty()} while it still runs. */
    Optional<ContainerOutcome> exitOutcome(RunningContainer container);

    /** The last {@code lines} lines of stdout and stderr, interleaved as written. */
    String logs(RunningContainer container, int lines);

    /** All of stdout and stderr. */
    String logs(RunningContainer container);

    /**
     * Every line of stdout and stderr, each with the engine's time stamp, in stamp order: to place
     * what the app printed (an OutOfMemoryError, a pool timeout) on the same time line as the load
     * and the probes. The engine reads the two streams side by side, so lines written on both
     * within microseconds may be stamped either way round; each stream keeps its own order.
     */
    List<LogLine> logLines(RunningContainer container);

    /**
     * Runs a command in a running container as the container's user and waits for it. On
     * timeout it throws {@link ContainerEngineException}; the command itself is not killed (the
     * engine has no way to), it ends with the container.
     */
    ExecResult exec(RunningContainer container, List<String> command, Duration timeout);

    /** Reads one regular file out of a running or stopped container. */
    byte[] copyFile(RunningContainer container, String pathInContainer);

    /** Copies one regular file out of a running or stopped container to {@code target}. */
    void copyFile(RunningContainer container, String pathInContainer, Path target);

    /** The most {@link #copyDirectory(RunningContainer, String, Path)} copies: a full JFR repository and then some. */
    long DEFAULT_COPY_LIMIT_BYTES = 512L * 1024 * 1024;

    /**
     * {@link #copyDirectory(RunningContainer, String, Path, long)} of at most {@link
     * #DEFAULT_COPY_LIMIT_BYTES}.
     */
    default List<Path> copyDirectory(RunningContainer container, String pathInContainer, Path targetDirectory) {
        return copyDirectory(container, pathInContainer, targetDirectory, DEFAULT_COPY_LIMIT_BYTES);
    }

    /**
     * Copies a directory tree out of a running or stopped container (a stopped one's anonymous
     * volumes included) into {@code targetDirectory}, which then stands for {@code
     * pathInContainer}. Only directories and regular files are copied; links, devices and pipes
     * are skipped, and an entry that would land outside {@code targetDirectory} (absolute, with
     * {@code ..}, or through a link already there) fails the copy, as does more than {@code
     * maxBytes} of file content. Returns the regular files written.
     */
    List<Path> copyDirectory(RunningContainer container, String pathInContainer, Path targetDirectory, long maxBytes);

    /**
     * Sends the image's stop signal, then kills after {@code timeout} (whole seconds, rounded
     * up); a no-op for a stopped or removed container. The timeout must stay a few seconds below
     * the engine properties' response timeout.
     */
    void stop(RunningContainer container, Duration timeout);

    /** Removes the container (killing it if it still runs); a no-op if it is already gone. */
    void remove(RunningContainer container);

    /** Containers (running or not) that carry {@code bench.managed=true} and all of the given labels. */
    List<ContainerSummary> findManaged(Map<String, String> labels);

    /**
     * Removes every container that carries {@code bench.managed=true} and all of the given
     * labels, running or not. Returns how many it removed.
     */
    int removeManaged(Map<String, String> labels);

    @Override
    void close();
}
