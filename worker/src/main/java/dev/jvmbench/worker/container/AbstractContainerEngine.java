package dev.jvmbench.worker.container;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine-neutral core of the Docker and the Kubernetes engines, written once: the lazy
 * connection and its close, the polling loops of {@link #awaitReady} and {@link #awaitExit} (over
 * the engine's own {@link #exitOutcome}), the checks of every call's arguments, the label filter
 * of a cleanup, and the translation of a client failure into {@link ContainerEngineException} or
 * {@link ContainerEngineUnavailableException}. An engine adds what its client does: start, the
 * state, stop and remove, logs, exec and the copies.
 *
 * @param <C> the engine's connection: its client and what it learnt on connecting
 */
abstract class AbstractContainerEngine<C> implements ContainerEngine {

    private static final Logger log = LoggerFactory.getLogger(AbstractContainerEngine.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** What the engine calls one container ("container", "pod"), for the messages. */
    private final String unit;
    private final Object connectLock = new Object();
    private volatile C connection;
    private volatile boolean closed;

    AbstractContainerEngine(String unit) {
        this.unit = Objects.requireNonNull(unit, "unit");
    }

    // ---------------------------------------------------------------- what an engine adds

    /** Connects to the engine; called once, on the first call that needs it. */
    abstract C connect();

    /** Closes the connection {@link #connect()} made. */
    abstract void disconnect(C connection);

    /** How long waiting sleeps between two looks at a container. */
    abstract Duration pollInterval();

    /** The last {@code lines} lines of the container's stdout and stderr, all of them for {@code lines < 0}. */
    abstract String readLogs(RunningContainer container, int lines);

    /** {@link #exec} with its arguments checked: {@code command} is not empty. */
    abstract ExecResult execChecked(RunningContainer container, List<String> command, Duration timeout);

    /** Streams one regular file out of the container to {@code reader}; a directory, a link or no file fails. */
    abstract void readFile(RunningContainer container, String pathInContainer, EntryReader reader);

    /** {@link #copyDirectory(RunningContainer, String, Path, long)} with its arguments checked. */
    abstract List<Path> copyDirectoryChecked(RunningContainer container, String pathInContainer,
                                             Path targetDirectory, long maxBytes);

    /**
     * The engine client's own failure as an engine error, or null for a failure that is not the
     * client's (it is then an unavailable engine when caused by I/O, an engine error otherwise).
     */
    abstract RuntimeException clientFailure(String what, RuntimeException e);

    /** The engine cannot be reached: {@code io} says why. */
    abstract ContainerEngineUnavailableException unavailable(IOException io, RuntimeException wrapper);

    /** Reads one archive entry's bytes. */
    interface EntryReader {
        void read(InputStream entry) throws IOException;
    }

    // ---------------------------------------------------------------- connection

    /** The connection, made on the first call. */
    final C connection() {
        C current = connection;
        if (current != null) {
            return current;
        }
        synchronized (connectLock) {
            if (closed) {
                throw new IllegalStateException("container engine client is closed");
            }
            if (connection == null) {
                connection = connect();
            }
            return connection;
        }
    }

    /** The connection if one was made (and not closed), without connecting; null otherwise. */
    final C connectionIfAny() {
        return connection;
    }

    @Override
    public final void close() {
        synchronized (connectLock) {
            closed = true;
            if (connection != null) {
                disconnect(connection);
                connection = null;
            }
        }
    }

    // ---------------------------------------------------------------- waiting

    @Override
    public final ContainerOutcome awaitReady(RunningContainer container, ReadinessStrategy readiness) {
        Objects.requireNonNull(container, "container");
        Objects.requireNonNull(readiness, "readiness");
        return poll(container, readiness.timeout(), readiness);
    }

    @Override
    public final ContainerOutcome awaitExit(RunningContainer container, Duration timeout) {
        Objects.requireNonNull(container, "container");
        return poll(container, timeout, null);
    }

    /** Until the container exits, is ready (when a readiness is given) or the timeout passes. */
    private ContainerOutcome poll(RunningContainer container, Duration timeout, ReadinessStrategy readiness) {
        long started = System.nanoTime();
        long deadline = started + timeout.toNanos();
        while (true) {
            Optional<ContainerOutcome> exited = exitOutcome(container);
            if (exited.isPresent()) {
                return exited.get();
            }
            if (readiness != null && readiness.isReady(this, container)) {
                return new ContainerOutcome.Ready(Duration.ofNanos(System.nanoTime() - started));
            }
            long now = System.nanoTime();
            if (now - deadline >= 0) {
                return new ContainerOutcome.TimedOut(Duration.ofNanos(now - started));
            }
            pause(Math.min(pollInterval().toNanos(), deadline - now));
        }
    }

    // ---------------------------------------------------------------- logs, exec, files

    @Override
    public final String logs(RunningContainer container, int lines) {
        if (lines < 0) {
            throw new IllegalArgumentException("lines must be >= 0, was " + lines);
        }
        Objects.requireNonNull(container, "container");
        return readLogs(container, lines);
    }

    @Override
    public final String logs(RunningContainer container) {
        Objects.requireNonNull(container, "container");
        return readLogs(container, -1);
    }

    @Override
    public final ExecResult exec(RunningContainer container, List<String> command, Duration timeout) {
        Objects.requireNonNull(container, "container");
        List<String> cmd = List.copyOf(command);
        if (cmd.isEmpty()) {
            throw new IllegalArgumentException("command must not be empty");
        }
        return execChecked(container, cmd, timeout);
    }

    @Override
    public final byte[] copyFile(RunningContainer container, String pathInContainer) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        readFileChecked(container, pathInContainer, in -> in.transferTo(bytes));
        return bytes.toByteArray();
    }

    @Override
    public final void copyFile(RunningContainer container, String pathInContainer, Path target) {
        Objects.requireNonNull(target, "target");
        readFileChecked(container, pathInContainer,
                in -> Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING));
    }

    private void readFileChecked(RunningContainer container, String pathInContainer, EntryReader reader) {
        Objects.requireNonNull(container, "container");
        Objects.requireNonNull(pathInContainer, "pathInContainer");
        readFile(container, pathInContainer, reader);
    }

    @Override
    public final List<Path> copyDirectory(RunningContainer container, String pathInContainer, Path targetDirectory,
                                          long maxBytes) {
        Objects.requireNonNull(container, "container");
        Objects.requireNonNull(pathInContainer, "pathInContainer");
        Objects.requireNonNull(targetDirectory, "targetDirectory");
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes must be >= 0, was " + maxBytes);
        }
        return copyDirectoryChecked(container, pathInContainer, targetDirectory, maxBytes);
    }

    /** The regular files an unpacked archive wrote; what it skipped is logged. */
    static List<Path> filesOf(TarExtraction.Result result, String what) {
        if (!result.skipped().isEmpty()) {
            log.debug("{}: skipped {} entries that are not regular files: {}", what, result.skipped().size(),
                    result.skipped());
        }
        return result.files();
    }

    // ---------------------------------------------------------------- cleanup

    /** The labels with {@code bench.managed=true} added: never widen a cleanup beyond what the platform started. */
    static Map<String, String> managedFilter(Map<String, String> labels) {
        Objects.requireNonNull(labels, "labels");
        Map<String, String> filter = new LinkedHashMap<>(labels);
        filter.put(ContainerLabels.MANAGED, "true");
        return filter;
    }

    // ---------------------------------------------------------------- errors

    /** Runs one client call, its failure translated (see {@link #clientFailure} and {@link #unavailable}). */
    final <T> T call(String what, Supplier<T> action) {
        try {
            return action.get();
        } catch (ContainerEngineException e) {
            throw e;
        } catch (RuntimeException e) {
            RuntimeException clients = clientFailure(what, e);
            if (clients != null) {
                throw clients;
            }
            IOException io = ioCause(e);
            if (io != null && !(e instanceof UncheckedIOException)) {
                throw unavailable(io, e);
            }
            throw new ContainerEngineException(what + " failed: " + rootMessage(e), e);
        }
    }

    static IOException ioCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException io) {
                return io;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }

    static String rootMessage(Throwable e) {
        Throwable root = e;
        for (int depth = 0; root.getCause() != null && root.getCause() != root && depth < 20; depth++) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return message == null || message.isBlank() ? root.getClass().getSimpleName() : message;
    }

    // ---------------------------------------------------------------- helpers

    /** Eight random hex digits: what a container's name ends in. */
    static String randomSuffix() {
        byte[] bytes = new byte[4];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    final void pause(long nanos) {
        if (nanos <= 0) {
            return;
        }
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ContainerEngineException("interrupted while waiting for a " + unit, e);
        }
    }
}
