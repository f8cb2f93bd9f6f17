package dev.jvmbench.loadgen;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** One {@code "cmd":"level"} command: a warm-up simulation, then the measured one. */
record LevelCommand(Model model, int level, Duration warmup, Duration measured, Duration requestTimeout,
        String method, String url, Map<String, String> headers, String body, int expectedStatus) {

    enum Model { CLOSED, OPEN }

    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    LevelCommand {
        if (level < 1) {
            throw new BadCommandException("level must be >= 1");
        }
        if (warmup.isNegative() || measured.isZero() || measured.isNegative()) {
            throw new BadCommandException("warmupSeconds must be >= 0 and measuredSeconds > 0");
        }
        if (requestTimeout.isZero() || requestTimeout.isNegative()) {
            throw new BadCommandException("requestTimeoutMs must be > 0");
        }
        if (!METHODS.contains(method)) {
            throw new BadCommandException("unsupported method: " + method);
        }
        checkUrl(url);
        if (expectedStatus < 100 || expectedStatus > 599) {
            throw new BadCommandException("expectedStatus must be an HTTP status");
        }
        headers = Map.copyOf(headers);
    }

    static LevelCommand parse(JsonNode c) {
        var headers = new LinkedHashMap<String, String>();
        JsonNode h = c.path("headers");
        if (h.isObject()) {
            h.properties().forEach(e -> headers.put(e.getKey(), e.getValue().asText()));
        } else if (!h.isMissingNode() && !h.isNull()) {
            throw new BadCommandException("headers must be an object");
        }
        JsonNode body = c.path("body");
        return new LevelCommand(
                model(required(c, "model").asText()),
                requiredInt(c, "level"),
                seconds(c, "warmupSeconds", 0),
                seconds(c, "measuredSeconds", -1),
                Duration.ofMillis(c.path("requestTimeoutMs").asLong(60_000)),
                c.path("method").asText("GET").toUpperCase(Locale.ROOT),
                required(c, "url").asText(),
                headers,
                body.isMissingNode() || body.isNull() ? null : body.asText(),
                c.path("expectedStatus").asInt(200));
    }

    private static Model model(String model) {
        return switch (model) {
            case "closed" -> Model.CLOSED;
            case "open" -> Model.OPEN;
            default -> throw new BadCommandException("model must be closed or open, was " + model);
        };
    }

    static JsonNode required(JsonNode c, String field) {
        JsonNode n = c.path(field);
        if (n.isMissingNode() || n.isNull()) {
            throw new BadCommandException("missing field: " + field);
        }
        return n;
    }

    static int requiredInt(JsonNode c, String field) {
        JsonNode n = required(c, field);
        if (!n.canConvertToInt()) {
            throw new BadCommandException(field + " must be an integer");
        }
        return n.asInt();
    }

    static Duration seconds(JsonNode c, String field, double absent) {
        JsonNode n = c.path(field);
        if (n.isMissingNode() || n.isNull()) {
            if (absent < 0) {
                throw new BadCommandException("missing field: " + field);
            }
            return Duration.ofMillis(Math.round(absent * 1000));
        }
        if (!n.isNumber()) {
            throw new BadCommandException(field + " must be a number");
        }
        return Duration.ofMillis(Math.round(n.asDouble() * 1000));
    }

    static void checkUrl(String url) {
        try {
            URI uri = new URI(url);
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new BadCommandException("url must be an absolute http(s) URL: " + url);
            }
        } catch (URISyntaxException e) {
            throw new BadCommandException("bad url: " + e.getMessage());
        }
    }
}
