package dev.jvmbench.targetapp.scenario.testing;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The tests' HTTP client: a blocking {@link HttpURLConnection} on the calling thread. It owns
 * no executor, so requests fired from virtual threads add no platform threads to the JVM whose
 * platform threads a test counts (the JDK {@code HttpClient} would need its own executor for
 * that, which is exactly what the apps are tested for).
 */
public final class TestClient {

    private static final ObjectMapper JSON = JsonMapper.builder().build();
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(60);

    public record Response(int status, String contentType, String virtualThreadHeader, String body) {

        public JsonNode json() {
            return JSON.readTree(body);
        }
    }

    private final int port;
    private final Duration readTimeout;

    public TestClient(int port) {
        this(port, READ_TIMEOUT);
    }

    /** A client that gives up on an answer after {@code readTimeout} (for an app that stopped answering). */
    public TestClient(int port, Duration readTimeout) {
        this.port = port;
        this.readTimeout = readTimeout;
    }

    public Response get(String pathAndQuery) {
        try {
            var connection = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + pathAndQuery).toURL()
                    .openConnection();
            connection.setConnectTimeout((int) CONNECT_TIMEOUT.toMillis());
            connection.setReadTimeout((int) readTimeout.toMillis());
            int status = connection.getResponseCode();
            String body;
            try (InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream()) {
                body = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            return new Response(status,
                    connection.getContentType() == null ? "" : connection.getContentType(),
                    connection.getHeaderField("X-Bench-Virtual-Thread"),
                    body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
