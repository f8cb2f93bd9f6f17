package dev.jvmbench.api.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A plain HTTP client for the api under test: real requests, raw status, headers and JSON. */
public final class ApiClient {

    public static final String ADMIN_TOKEN = "bench_integration-test-admin-token-0123456789";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final String authorization;

    private ApiClient(String base, String authorization) {
        this.base = base;
        this.authorization = authorization;
    }

    public static ApiClient admin(int port) {
        return new ApiClient("http://127.0.0.1:" + port, "Bearer " + ADMIN_TOKEN);
    }

    /** The same api with another bearer token, or none when {@code otherToken} is null. */
    public ApiClient withToken(String otherToken) {
        return new ApiClient(base, otherToken == null ? null : "Bearer " + otherToken);
    }

    /** The same api with a raw Authorization header. */
    public ApiClient withAuthorization(String header) {
        return new ApiClient(base, header);
    }

    public Response get(String path) {
        return send(request(path).GET());
    }

    /** A GET whose body is kept as bytes (downloads). */
    public HttpResponse<byte[]> getBytes(String path) {
        try {
            return http.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new IllegalStateException("request failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Any method, without a body (e.g. QUERY, which the api does not declare). */
    public Response method(String method, String path) {
        return send(request(path).method(method, HttpRequest.BodyPublishers.noBody()));
    }

    /** POST without a body (e.g. cancelling a job). */
    public Response post(String path) {
        return send(request(path).POST(HttpRequest.BodyPublishers.noBody()));
    }

    public Response delete(String path) {
        return send(request(path).DELETE());
    }

    public Response postJson(String path, Object body) {
        return postJson(path, body, Map.of());
    }

    public Response postJson(String path, Object body, Map<String, String> headers) {
        String json = body instanceof String s ? s : JSON.writeValueAsString(body);
        HttpRequest.Builder builder = request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        headers.forEach(builder::header);
        return send(builder);
    }

    public Response post(String path, String contentType, byte[] body) {
        return send(request(path).header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    /** multipart/form-data with one file part. */
    public Response upload(String path, String partName, String filename, String partType, byte[] content) {
        String boundary = "----jvmbench" + UUID.randomUUID();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            out.write(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + partName + "\"; filename=\""
                    + filename + "\"\r\nContent-Type: " + partType + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            out.write(content);
            out.write(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return post(path, "multipart/form-data; boundary=" + boundary, out.toByteArray());
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return builder;
    }

    private Response send(HttpRequest.Builder builder) {
        try {
            HttpResponse<String> response = http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response);
        } catch (IOException e) {
            throw new IllegalStateException("request failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static Map<String, Object> map(Object... keyValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    /** A response with its JSON body parsed on demand. */
    public record Response(HttpResponse<String> raw) {

        public int status() {
            return raw.statusCode();
        }

        public String body() {
            return raw.body();
        }

        public JsonNode json() {
            return JSON.readTree(raw.body());
        }

        public String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }

        /** Asserts the status and, for an error, an RFC 9457 body with that status. */
        public Response expect(int status) {
            assertThat(status()).as("status of %s %s; body: %s", raw.request().method(), raw.request().uri(), body())
                    .isEqualTo(status);
            if (status >= 400) {
                assertThat(header("Content-Type")).as("content type of an error").startsWith("application/problem+json");
                JsonNode problem = json();
                assertThat(problem.get("status").asInt()).isEqualTo(status);
                assertThat(problem.get("title").asString()).isNotBlank();
                assertThat(problem.get("detail").asString()).isNotBlank();
                assertThat(problem.get("type").asString()).startsWith("https://");
            }
            return this;
        }

        /** The message of the field error on {@code field}, failing when there is none. */
        public String fieldError(String field) {
            JsonNode errors = json().get("errors");
            assertThat(errors).as("field errors in %s", body()).isNotNull();
            for (JsonNode error : errors) {
                if (error.get("field").asString().equals(field)) {
                    return error.get("message").asString();
                }
            }
            throw new AssertionError("no field error on '" + field + "' in " + body());
        }
    }
}
