package dev.jvmbench.worker.load;

import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.loadgen.protocol.LevelCommand;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One load step, as the worker describes it. Its rules are the protocol's: the compact
 * constructor builds the {@link LevelCommand} it travels as, so a request the generator would
 * refuse is refused here, with the same message, before any process is involved.
 *
 * @param model          closed (concurrent users) or open (arrival rate)
 * @param level          users (closed) or requests per second (open)
 * @param warmup         loaded first, reported only as a per-second series; may be zero
 * @param measured       the window the result describes (whole milliseconds travel)
 * @param requestTimeout a request slower than this is an error with cause {@code timeout}
 * @param method         GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS; null = GET
 * @param body           sent as is (UTF-8), or null
 * @param expectedStatus any other status is an error with cause {@code status-<code>}
 */
public record LevelRequest(LoadModel model, int level, Duration warmup, Duration measured, Duration requestTimeout,
        String method, URI url, Map<String, String> headers, String body, int expectedStatus) {

    public LevelRequest {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(measured, "measured");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        Objects.requireNonNull(url, "url");
        method = method == null ? "GET" : method.toUpperCase(Locale.ROOT);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        command(model, level, warmup, measured, requestTimeout, method, url, headers, body, expectedStatus);
    }

    /** A GET expecting 200: the common case. */
    public static LevelRequest get(LoadModel model, int level, Duration warmup, Duration measured,
            Duration requestTimeout, URI url) {
        return new LevelRequest(model, level, warmup, measured, requestTimeout, "GET", url, Map.of(), null, 200);
    }

    /** The line this request travels as. */
    LevelCommand toCommand() {
        return command(model, level, warmup, measured, requestTimeout, method, url, headers, body, expectedStatus);
    }

    private static LevelCommand command(LoadModel model, int level, Duration warmup, Duration measured,
            Duration requestTimeout, String method, URI url, Map<String, String> headers, String body, int expectedStatus) {
        return LevelCommand.of(model, level, warmup, measured, requestTimeout, method,
                url, headers, body, expectedStatus);
    }
}
