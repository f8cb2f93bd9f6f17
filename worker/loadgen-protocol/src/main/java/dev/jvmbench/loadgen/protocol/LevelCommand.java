package dev.jvmbench.loadgen.protocol;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code "cmd":"level"}: one load step, its warm-up (loaded, reported only as a series) and
 * then its measured window. Answered with a {@link LevelAnswer}. Durations travel as seconds
 * (warm-up, measured) and milliseconds (request timeout); whole milliseconds count.
 *
 * @param model            {@code closed} (level = looping users) or {@code open} (level = arrivals/s); required
 * @param level            users or arrivals per second, >= 1; required
 * @param warmupSeconds    >= 0, default 0 (no warm-up)
 * @param measuredSeconds  > 0; required
 * @param requestTimeoutMs > 0, default 60000; a slower request is an error with cause {@code timeout}
 * @param method           GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS (any case), default GET
 * @param url              absolute http(s) URL; required
 * @param headers          sent with every request, default none
 * @param body             sent as is (UTF-8), or null
 * @param expectedStatus   100-599, default 200; any other status is an error with cause {@code status-<code>}
 */
@JsonTypeName("level")
@JsonPropertyOrder({"model", "level", "warmupSeconds", "measuredSeconds", "requestTimeoutMs", "method", "url",
        "headers", "body", "expectedStatus"})
public record LevelCommand(LoadModel model, Integer level, Double warmupSeconds, Double measuredSeconds,
        Long requestTimeoutMs, String method, String url, Map<String, String> headers, String body,
        Integer expectedStatus) implements Command {

    public static final List<String> METHODS = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");
    public static final long DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
    public static final int DEFAULT_EXPECTED_STATUS = 200;

    public LevelCommand {
        Rules.required(model, "model");
        Rules.check(Rules.required(level, "level") >= 1, "level must be >= 1, was " + level);
        warmupSeconds = warmupSeconds == null ? 0.0 : warmupSeconds;
        Rules.check(warmupSeconds >= 0, "warmupSeconds must be >= 0, was " + warmupSeconds);
        // whole milliseconds travel: a window that rounds to nothing is no window
        Rules.check(Math.round(Rules.required(measuredSeconds, "measuredSeconds") * 1000) >= 1,
                "measuredSeconds must be > 0, was " + measuredSeconds);
        requestTimeoutMs = requestTimeoutMs == null ? DEFAULT_REQUEST_TIMEOUT_MS : requestTimeoutMs;
        Rules.check(requestTimeoutMs > 0, "requestTimeoutMs must be > 0, was " + requestTimeoutMs);
        method = method == null ? "GET" : method.toUpperCase(Locale.ROOT);
        Rules.check(METHODS.contains(method), "unsupported method: " + method + " (one of " + METHODS + ")");
        Rules.httpUrl(url, "url");
        headers = Rules.map(headers, "headers");
        expectedStatus = expectedStatus == null ? DEFAULT_EXPECTED_STATUS : expectedStatus;
        Rules.check(expectedStatus >= 100 && expectedStatus <= 599,
                "expectedStatus must be an HTTP status (100-599), was " + expectedStatus);
    }

    /** The command for a level as the worker describes it (whole milliseconds travel). */
    public static LevelCommand of(LoadModel model, int level, Duration warmup, Duration measured, Duration requestTimeout,
            String method, URI url, Map<String, String> headers, String body, int expectedStatus) {
        return new LevelCommand(model, level, warmup.toMillis() / 1000.0, measured.toMillis() / 1000.0,
                requestTimeout.toMillis(), method, url.toString(), headers, body, expectedStatus);
    }

    public Duration warmup() {
        return Duration.ofMillis(Math.round(warmupSeconds * 1000));
    }

    public Duration measured() {
        return Duration.ofMillis(Math.round(measuredSeconds * 1000));
    }

    public Duration requestTimeout() {
        return Duration.ofMillis(requestTimeoutMs);
    }
}
