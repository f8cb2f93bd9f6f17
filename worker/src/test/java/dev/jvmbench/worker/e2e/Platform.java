package dev.jvmbench.worker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.worker.WorkerApplication;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The whole platform for an end-to-end test: the api as its own process (the packaged jar, on
 * its embedded PostgreSQL), a worker in this JVM, and a client that speaks only HTTP to the api.
 */
final class Platform implements AutoCloseable {

    static final String ADMIN_TOKEN = "bench_end-to-end-test-admin-token-0123456789";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final Process api;
    private final ConfigurableApplicationContext worker;
    private final String base;
    private final HttpClient http = HttpClient.newHttpClient();

    private Platform(Process api, ConfigurableApplicationContext worker, String base) {
        this.api = api;
        this.worker = worker;
        this.base = base;
    }

    static Platform start(Path dataDir) throws Exception {
        Path apiJar = Path.of("..", "api", "target", "jvmbench-api-0.1.0-SNAPSHOT.jar").toAbsolutePath().normalize();
        if (!Files.exists(apiJar)) {
            throw new IllegalStateException(apiJar + " is missing: build the api first (./mvnw verify from the root does)");
        }
        int port = freePort();
        String java = ProcessHandle.current().info().command().orElse("java");
        Process api = new ProcessBuilder(java, "-jar", apiJar.toString(), "--bench.data-dir=" + dataDir,
                "--server.port=" + port, "--bench.security.bootstrap-token=" + ADMIN_TOKEN,
                "--bench.db.embedded.binaries-dir=" + Path.of(System.getProperty("user.home"), ".cache/jvmbench/pg-binaries"))
                .redirectErrorStream(true).redirectOutput(dataDir.resolve("api.log").toFile()).start();
        String base = "http://127.0.0.1:" + port;
        Instant deadline = Instant.now().plusSeconds(180);
        HttpClient probe = HttpClient.newHttpClient();
        while (true) {
            if (!api.isAlive()) {
                throw new IllegalStateException("the api exited: " + Files.readString(dataDir.resolve("api.log")));
            }
            try {
                if (probe.send(HttpRequest.newBuilder(URI.create(base + "/actuator/health/readiness")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    break;
                }
            } catch (IOException notYet) {
                // starting
            }
            if (Instant.now().isAfter(deadline)) {
                api.destroyForcibly();
                throw new IllegalStateException("the api did not become ready in 180 s");
            }
            Thread.sleep(500);
        }
        Properties db = new Properties();
        try (var in = Files.newInputStream(dataDir.resolve("embedded-db.env"))) {
            db.load(in);
        }
        Map<String, Object> props = new LinkedHashMap<>();
        // The names application.properties reads its placeholders from (default properties rank lowest).
        props.put("BENCH_DB_URL", db.getProperty("BENCH_DB_URL"));
        props.put("BENCH_DB_USER", db.getProperty("BENCH_DB_USER"));
        props.put("BENCH_DB_PASSWORD", db.getProperty("BENCH_DB_PASSWORD"));
        props.put("bench.worker.id", "e2e-worker");
        props.put("bench.worker.poll-interval", "500ms");
        props.put("bench.worker.data-dir", dataDir.toString());
        props.put("bench.worker.work-dir", dataDir.resolve("work").toString());
        props.put("bench.worker.generator-warmup", "3s");
        try {
            ConfigurableApplicationContext worker = new SpringApplicationBuilder(WorkerApplication.class)
                    .properties(props).run();
            return new Platform(api, worker, base);
        } catch (RuntimeException e) {
            // The test class gets no Platform to close: stop the api here, or its process outlives the build.
            api.destroyForcibly();
            throw e;
        }
    }

    JsonNode post(String path, Object body, int expectedStatus) throws Exception {
        HttpResponse<String> response = http.send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("POST %s: %s", path, response.body()).isEqualTo(expectedStatus);
        return JSON.readTree(response.body());
    }

    JsonNode upload(Path jar) throws Exception {
        String boundary = "e2e" + System.nanoTime();
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\""
                + jar.getFileName() + "\"\r\nContent-Type: application/java-archive\r\n\r\n").getBytes();
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes();
        HttpResponse<String> response = http.send(request("/api/v1/artifacts")
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArrays(List.of(head, Files.readAllBytes(jar), tail))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("upload: %s", response.body()).isIn(200, 201);
        return JSON.readTree(response.body());
    }

    JsonNode get(String path) throws Exception {
        HttpResponse<String> response = http.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    String getText(String path) throws Exception {
        HttpResponse<String> response = http.send(request(path).GET().build(),
                HttpResponse.BodyHandlers.ofString(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
        return response.body();
    }

    int delete(String path) throws Exception {
        return http.send(request(path).DELETE().build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** Polls the job until it ends; fails the test past the deadline. */
    JsonNode awaitEnd(long jobId, Duration timeout) throws Exception {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            JsonNode job = get("/api/v1/jobs/" + jobId);
            String status = job.get("status").asString();
            if (List.of("SUCCEEDED", "FAILED", "CANCELLED").contains(status)) {
                return job;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("job " + jobId + " did not end within " + timeout + ": " + get("/api/v1/jobs/" + jobId));
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + ADMIN_TOKEN);
    }

    @Override
    public void close() {
        worker.close();
        api.destroy();
        try {
            if (!api.waitFor(java.util.concurrent.TimeUnit.SECONDS.toMillis(30), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                api.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() throws IOException {
        try (var socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
