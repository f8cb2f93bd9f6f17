package dev.jvmbench.loadgen.protocol;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;

/** The checks several messages share; each failure reads as the error answer a client sees. */
final class Rules {

    private Rules() {
    }

    static <T> T required(T value, String field) {
        if (value == null) {
            throw new IllegalArgumentException("missing field: " + field);
        }
        return value;
    }

    static void check(boolean rule, String message) {
        if (!rule) {
            throw new IllegalArgumentException(message);
        }
    }

    /** An absolute http(s) URL with a host: the generator never resolves anything relative. */
    static String httpUrl(String url, String field) {
        required(url, field);
        try {
            URI uri = new URI(url);
            check(("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null,
                    field + " must be an absolute http(s) URL: " + url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("bad " + field + ": " + e.getMessage());
        }
        return url;
    }

    static String instant(String value, String field) {
        required(value, field);
        try {
            Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(field + " must be an ISO-8601 instant, was " + value);
        }
        return value;
    }

    /** Copies, refusing null keys and values (JSON null inside a map). */
    static <V> Map<String, V> map(Map<String, V> map, String field) {
        if (map == null) {
            return Map.of();
        }
        map.forEach((k, v) -> check(k != null && v != null, field + " must not hold nulls"));
        return Map.copyOf(map);
    }

    static long sum(Map<String, Long> counts) {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }
}
