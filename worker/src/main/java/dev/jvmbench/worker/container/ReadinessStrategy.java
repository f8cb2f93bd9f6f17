package dev.jvmbench.worker.container;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * When a started container counts as ready, and how long to wait for it. The engine polls
 * {@link #isReady} until it answers true, the container exits, or {@link #timeout()} passes.
 *
 * <p>Probes talk to {@code 127.0.0.1} only: every container uses host networking.
 */
public sealed interface ReadinessStrategy
        permits ReadinessStrategy.Http, ReadinessStrategy.Tcp, ReadinessStrategy.Exec {

    /** How long a single probe may take; a hung app must not eat the whole readiness budget in one call. */
    Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    Duration timeout();

    /** One probe; false (not an exception) for "not yet". */
    boolean isReady(ContainerEngine engine, RunningContainer container);

    /** {@code GET http://127.0.0.1:<port><path>} answers 200. */
    static ReadinessStrategy http(int port, String path, Duration timeout) {
        return new Http(port, path, 200, timeout);
    }

    /** {@code GET http://127.0.0.1:<port><path>} answers {@code expectedStatus}. */
    static ReadinessStrategy http(int port, String path, int expectedStatus, Duration timeout) {
        return new Http(port, path, expectedStatus, timeout);
    }

    /** Something accepts TCP connections on {@code 127.0.0.1:<port>}. */
    static ReadinessStrategy tcp(int port, Duration timeout) {
        return new Tcp(port, timeout);
    }

    /** A command run inside the container exits 0 (e.g. {@code pg_isready}). */
    static ReadinessStrategy exec(List<String> command, Duration timeout) {
        return new Exec(command, timeout);
    }

    private static void requirePort(int port) {
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port must be 1..65535, was " + port);
        }
    }

    private static void requirePositive(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
    }

    record Http(int port, String path, int expectedStatus, Duration timeout) implements ReadinessStrategy {
        public Http {
            requirePort(port);
            Objects.requireNonNull(path, "path");
            if (!path.startsWith("/")) {
                throw new IllegalArgumentException("path must start with '/', was " + path);
            }
            if (expectedStatus < 100 || expectedStatus > 599) {
                throw new IllegalArgumentException("expectedStatus must be an HTTP status, was " + expectedStatus);
            }
            requirePositive(timeout);
        }

        @Override
        public boolean isReady(ContainerEngine engine, RunningContainer container) {
            // HttpURLConnection rather than java.net.http.HttpClient: a probe every 100 ms for
            // a minute would otherwise create (or share, as a static) a client with its own
            // selector thread; a plain blocking connection has nothing to close or leak.
            HttpURLConnection connection = null;
            try {
                connection = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + path).toURL().openConnection();
                connection.setConnectTimeout((int) PROBE_TIMEOUT.toMillis());
                connection.setReadTimeout((int) PROBE_TIMEOUT.toMillis());
                connection.setUseCaches(false);
                connection.setInstanceFollowRedirects(false);
                return connection.getResponseCode() == expectedStatus;
            } catch (IOException notYet) {
                return false;
            } finally {
                if (connection != null) {
                    connection.disconnect();
                }
            }
        }
    }

    record Tcp(int port, Duration timeout) implements ReadinessStrategy {
        public Tcp {
            requirePort(port);
            requirePositive(timeout);
        }

        @Override
        public boolean isReady(ContainerEngine engine, RunningContainer container) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), (int) PROBE_TIMEOUT.toMillis());
                return true;
            } catch (IOException notYet) {
                return false;
            }
        }
    }

    record Exec(List<String> command, Duration timeout) implements ReadinessStrategy {
        public Exec {
            command = List.copyOf(command);
            if (command.isEmpty()) {
                throw new IllegalArgumentException("command must not be empty");
            }
            requirePositive(timeout);
        }

        @Override
        public boolean isReady(ContainerEngine engine, RunningContainer container) {
            try {
                return engine.exec(container, command, PROBE_TIMEOUT.multipliedBy(5)).succeeded();
            } catch (ContainerEngineUnavailableException e) {
                throw e;
            } catch (ContainerEngineException notYet) {
                // e.g. "container is not running" in the instant between two state polls
                return false;
            }
        }
    }
}
