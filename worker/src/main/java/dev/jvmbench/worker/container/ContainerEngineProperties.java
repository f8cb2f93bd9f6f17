package dev.jvmbench.worker.container;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How to reach the container engine ({@code bench.container-engine.*}). Every value has a
 * default, set here rather than with {@code @DefaultValue} so that code and tests that build
 * the engine without Spring get the same defaults.
 *
 * @param host            {@code unix:///var/run/docker.sock} or {@code tcp://127.0.0.1:2375}
 * @param apiVersion      blank (the default) negotiates with the engine: the lower of the
 *                        engine's API version and the newest this client knows; set e.g.
 *                        {@code 1.41} to pin it
 * @param connectTimeout  to open a connection to the engine
 * @param responseTimeout longest silence on one engine call; also bounds {@code stop}, whose
 *                        call lasts as long as the container's stop grace period
 * @param maxConnections  concurrent engine calls (streams such as logs and exec hold one each)
 * @param pollInterval    between two state checks while waiting for readiness or exit
 * @param logTailLines    log lines kept in an {@code Exited} or {@code OomKilled} outcome
 */
@ConfigurationProperties("bench.container-engine")
public record ContainerEngineProperties(
        URI host,
        String apiVersion,
        Duration connectTimeout,
        Duration responseTimeout,
        Integer maxConnections,
        Duration pollInterval,
        Integer logTailLines) {

    public static final URI DEFAULT_HOST = URI.create("unix:///var/run/docker.sock");

    private static final Set<String> SCHEMES = Set.of("unix", "tcp");

    public ContainerEngineProperties {
        host = Objects.requireNonNullElse(host, DEFAULT_HOST);
        if (host.getScheme() == null || !SCHEMES.contains(host.getScheme())) {
            throw new IllegalArgumentException("host must be unix:///path or tcp://host:port, was " + host);
        }
        apiVersion = apiVersion == null ? "" : apiVersion.strip();
        if (!apiVersion.isEmpty() && !apiVersion.matches("1\\.\\d+")) {
            throw new IllegalArgumentException("apiVersion must be blank (negotiate) or like 1.41, was " + apiVersion);
        }
        connectTimeout = positive(connectTimeout, Duration.ofSeconds(5), "connectTimeout");
        responseTimeout = positive(responseTimeout, Duration.ofMinutes(2), "responseTimeout");
        maxConnections = Objects.requireNonNullElse(maxConnections, 32);
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be >= 1, was " + maxConnections);
        }
        pollInterval = positive(pollInterval, Duration.ofMillis(100), "pollInterval");
        logTailLines = Objects.requireNonNullElse(logTailLines, 50);
        if (logTailLines < 0) {
            throw new IllegalArgumentException("logTailLines must be >= 0, was " + logTailLines);
        }
    }

    public static ContainerEngineProperties defaults() {
        return new ContainerEngineProperties(null, null, null, null, null, null, null);
    }

    public ContainerEngineProperties withHost(URI host) {
        return new ContainerEngineProperties(host, apiVersion, connectTimeout, responseTimeout, maxConnections,
                pollInterval, logTailLines);
    }

    private static Duration positive(Duration value, Duration fallback, String name) {
        Duration result = Objects.requireNonNullElse(value, fallback);
        if (result.isNegative() || result.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + result);
        }
        return result;
    }
}
