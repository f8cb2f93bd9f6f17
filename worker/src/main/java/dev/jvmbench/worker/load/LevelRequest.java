package dev.jvmbench.worker.load;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One load step.
 *
 * @param model          closed (concurrent users) or open (arrival rate)
 * @param level          users (closed) or requests per second (open)
 * @param warmup         loaded first and discarded; may be zero
 * @param measured       the window the result describes
 * @param requestTimeout a request slower than this is an error with cause {@code timeout}
 * @param body           sent as is (UTF-8), or null
 * @param expectedStatus any other status is an error with cause {@code status-<code>}
 */
public record LevelRequest(LoadModel model, int level, Duration warmup, Duration measured, Duration requestTimeout,
        String method, URI url, Map<String, String> headers, String body, int expectedStatus) {

    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    public LevelRequest {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(measured, "measured");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        Objects.requireNonNull(url, "url");
        if (level < 1) {
            throw new IllegalArgumentException("level must be >= 1, was " + level);
        }
        if (warmup.isNegative()) {
            throw new IllegalArgumentException("warmup must not be negative");
        }
        // the protocol carries whole milliseconds; a sub-millisecond window would round to nothing
        if (measured.toMillis() < 1) {
            throw new IllegalArgumentException("measured must be positive");
        }
        if (requestTimeout.toMillis() < 1) {
            throw new IllegalArgumentException("requestTimeout must be positive");
        }
        method = method == null ? "GET" : method;
        if (!METHODS.contains(method)) {
            throw new IllegalArgumentException("unsupported method " + method);
        }
        if (!url.isAbsolute() || !("http".equals(url.getScheme()) || "https".equals(url.getScheme()))
                || url.getHost() == null) {
            throw new IllegalArgumentException("url must be an absolute http(s) URL: " + url);
        }
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        if (expectedStatus < 100 || expectedStatus > 599) {
            throw new IllegalArgumentException("expectedStatus must be an HTTP status, was " + expectedStatus);
        }
    }

    /** A GET expecting 200: the common case. */
    public static LevelRequest get(LoadModel model, int level, Duration warmup, Duration measured,
            Duration requestTimeout, URI url) {
        return new LevelRequest(model, level, warmup, measured, requestTimeout, "GET", url, Map.of(), null, 200);
    }
}
