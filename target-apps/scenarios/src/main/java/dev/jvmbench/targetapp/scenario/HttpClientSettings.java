package dev.jvmbench.targetapp.scenario;

import java.util.Locale;

/**
 * How io-http's client is built, from {@code bench.http-client.*} (the {@code BENCH_HTTP_CLIENT_*}
 * variables). Read once at start: a bad value fails the start with a message naming the variable.
 *
 * @param executor          MVC: BENCH_HTTP_CLIENT_EXECUTOR, see {@link ClientExecutor}
 * @param maxConnections    WebFlux: BENCH_HTTP_CLIENT_MAX_CONNECTIONS, Reactor Netty pool size
 * @param pendingAcquireMax WebFlux: BENCH_HTTP_CLIENT_PENDING_ACQUIRE_MAX, requests that may wait for a
 *                          pooled connection; -1 unbounded. One more fails with Reactor Netty's
 *                          PoolAcquirePendingLimitException
 */
public record HttpClientSettings(ClientExecutor executor, int maxConnections, int pendingAcquireMax) {

    public static final int DEFAULT_MAX_CONNECTIONS = 10_000;
    public static final int MAX_MAX_CONNECTIONS = 100_000;
    public static final int UNBOUNDED = -1;
    public static final int MAX_PENDING_ACQUIRE = 1_000_000;

    /**
     * MVC's JDK HttpClient executor. Catalogue code 0 = {@code auto}: a virtual thread per task in
     * virtual mode, a named cached platform pool in platform mode (today's behaviour);
     * 1 = {@code platform-pool}: no executor given, the JDK's default cached platform pool even
     * in virtual mode (field report slide 28, "hidden platform threads").
     */
    public enum ClientExecutor {
        AUTO, PLATFORM_POOL;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** Accepts the name or the catalogue's code: {@code auto|0}, {@code platform-pool|1}. */
        public static ClientExecutor parse(String value) {
            String v = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
            return switch (v) {
                case "", "auto", "0" -> AUTO;
                case "platform-pool", "1" -> PLATFORM_POOL;
                default -> throw new IllegalArgumentException(
                        "BENCH_HTTP_CLIENT_EXECUTOR must be auto (0) or platform-pool (1), got '" + value + "'");
            };
        }
    }

    public HttpClientSettings {
        executor = executor == null ? ClientExecutor.AUTO : executor;
        if (maxConnections < 1 || maxConnections > MAX_MAX_CONNECTIONS) {
            throw new IllegalArgumentException("BENCH_HTTP_CLIENT_MAX_CONNECTIONS must be between 1 and "
                    + MAX_MAX_CONNECTIONS + ", got " + maxConnections);
        }
        if (pendingAcquireMax < UNBOUNDED || pendingAcquireMax > MAX_PENDING_ACQUIRE) {
            throw new IllegalArgumentException("BENCH_HTTP_CLIENT_PENDING_ACQUIRE_MAX must be -1 (unbounded) or "
                    + "between 0 and " + MAX_PENDING_ACQUIRE + ", got " + pendingAcquireMax);
        }
    }

    public static HttpClientSettings defaults() {
        return new HttpClientSettings(ClientExecutor.AUTO, DEFAULT_MAX_CONNECTIONS, UNBOUNDED);
    }

    /** From the raw property values (null = default). */
    public static HttpClientSettings of(String executor, String maxConnections, String pendingAcquireMax) {
        return new HttpClientSettings(ClientExecutor.parse(executor),
                integer("BENCH_HTTP_CLIENT_MAX_CONNECTIONS", maxConnections, DEFAULT_MAX_CONNECTIONS),
                integer("BENCH_HTTP_CLIENT_PENDING_ACQUIRE_MAX", pendingAcquireMax, UNBOUNDED));
    }

    private static int integer(String variable, String value, int defaultValue) {
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            // the worker writes catalogue numbers as plain decimals: "8", never "8.0"
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(variable + " must be a whole number, got '" + value + "'");
        }
    }
}
