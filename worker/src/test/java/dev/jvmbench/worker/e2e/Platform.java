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
 * its embedded PostgreSQL), one or more workers in this JVM (each its own Spring context with its
 * own worker id, work directory and metrics port, all on the api's database) or none (see
 * {@link #startApi}, for tests that run workers as processes), and a client that speaks only HTTP
 * to the api.
 */
final class Platform implements AutoCloseable {

    static final String ADMIN_TOKEN = "bench_end-to-end-test-admin-token-0123456789";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final Process api;
    private final Map<String, ConfigurableApplicationContext> workers;
    private final String base;
    private final Properties database;
    private final HttpClient http = HttpClient.newHttpClient();

    private Platform(Process api, Map<String, ConfigurableApplicationContext> workers, String base,
                     Properties database) {
        this.api = api;
        this.workers = workers;
        this.base = base;
        this.database = database;
    }

    /**
     * The worker id of {@link #start(Path)}, unique per test JVM: other builds on the same engine
     * run this test at the same time, and a test that looks for its leftover containers by the
     * bench.worker label must not find theirs.
     */
    static final String WORKER_ID = "e2e-worker-" + ProcessHandle.current().pid();

    static Platform start(Path dataDir) throws Exception {
        return start(dataDir, List.of(WORKER_ID));
    }

    /** The api and one worker per id, all started before this returns. */
    static Platform start(Path dataDir, List<String> workerIds) throws Exception {
        return start(dataDir, workerIds, Map.of());
    }

    /**
     * The api and one worker per id with {@code workerSettings} on top of the test defaults
     * (e.g. {@code bench.worker.generator-warmup}), all started before this returns.
     */
    static Platform start(Path dataDir, List<String> workerIds, Map<String, Object> workerSettings) throws Exception {
        Platform apiOnly = startApi(dataDir);
        Map<String, ConfigurableApplicationContext> workers = new LinkedHashMap<>();
        try {
            for (String id : workerIds) {
                workers.put(id, apiOnly.startWorker(dataDir, id, workerSettings));
            }
            return new Platform(apiOnly.api, workers, apiOnly.base, apiOnly.database);
        } catch (RuntimeException e) {
            // The test class gets no Platform to close: stop what started here, or it outlives the build.
            workers.values().forEach(ConfigurableApplicationContext::close);
            apiOnly.api.destroyForcibly();
            throw e;
        }
    }

    private ConfigurableApplicationContext startWorker(Path dataDir, String id, Map<String, Object> settings) {
        // The names application.properties reads its placeholders from (default properties rank lowest).
        Map<String, Object> props = new LinkedHashMap<>(databaseEnvironment());
        props.put("bench.worker.id", id);
        props.put("bench.worker.poll-interval", "500ms");
        props.put("bench.worker.data-dir", dataDir.toString());
        props.put("bench.worker.work-dir", dataDir.resolve("work-" + id).toString());
        props.put("bench.worker.generator-warmup", "3s");
        props.put("BENCH_WORKER_METRICS_PORT", "0");
        // Low box limits so the hostile-app runs hit them before the 512 MB memory limit.
        props.put("bench.worker.pids-limit", "512");
        props.put("bench.worker.nofile-limit", "4096");
        props.putAll(settings);
        return new SpringApplicationBuilder(WorkerApplication.class).properties(props).run();
    }

    /**
     * Stops the worker {@code id} (gracefully, as SIGTERM would) and starts it again with {@code
     * settings}: for a test that needs one run under other worker settings.
     */
    void restartWorker(Path dataDir, String id, Map<String, Object> settings) {
        ConfigurableApplicationContext old = workers.remove(id);
        if (old != null) {
            old.close();
        }
        workers.put(id, startWorker(dataDir, id, settings));
    }

    /** The api alone on its embedded PostgreSQL, for tests that run workers as processes of their own. */
    static Platform startApi(Path dataDir) throws Exception {
        return startApi(dataDir, Map.of());
    }

    /**
     * The api alone; on the PostgreSQL {@code externalDatabase} names (BENCH_DB_URL, BENCH_DB_USER,
     * BENCH_DB_PASSWORD) when given, which a test can then stop and start.
     */
    static Platform startApi(Path dataDir, Map<String, String> externalDatabase) throws Exception {
        Path apiJar = Path.of("..", "api", "target", "jvmbench-api-0.1.0-SNAPSHOT.jar").toAbsolutePath().normalize();
        if (!Files.exists(apiJar)) {
            throw new IllegalStateException(apiJar + " is missing: build the api first (./mvnw verify from the root does)");
        }
        int port = freePort();
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder builder = new ProcessBuilder(java, "-jar", apiJar.toString(), "--bench.data-dir=" + dataDir,
                "--server.port=" + port, "--bench.security.bootstrap-token=" + ADMIN_TOKEN,
                "--bench.db.embedded.binaries-dir=" + Path.of(System.getProperty("user.home"), ".cache/jvmbench/pg-binaries"))
                .redirectErrorStream(true).redirectOutput(dataDir.resolve("api.log").toFile());
        builder.environment().putAll(externalDatabase);
        Process api = builder.start();
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
        if (externalDatabase.isEmpty()) {
            try (var in = Files.newInputStream(dataDir.resolve("embedded-db.env"))) {
                db.load(in);
            }
        } else {
            db.putAll(externalDatabase);
        }
        return new Platform(api, Map.of(), base, db);
    }

    /** The names application.properties reads its placeholders from, as environment or default properties. */
    Map<String, String> databaseEnvironment() {
        return Map.of("BENCH_DB_URL", database.getProperty("BENCH_DB_URL"),
                "BENCH_DB_USER", database.getProperty("BENCH_DB_USER"),
                "BENCH_DB_PASSWORD", database.getProperty("BENCH_DB_PASSWORD"));
    }

    /** The worker's own /actuator/prometheus, as text. */
    String workerMetrics(String workerId) throws Exception {
        int port = workers.get(workerId).getBean(dev.jvmbench.worker.metrics.MetricsServer.class).port();
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + dev.jvmbench.worker.metrics.MetricsServer.PATH))
                .timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    /** The api's /actuator/prometheus, as text. */
    String apiMetrics() throws Exception {
        return getText("/actuator/prometheus");
    }

    JsonNode post(String path, Object body, int expectedStatus) throws Exception {
        HttpResponse<String> response = http.send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("POST %s: %s", path, response.body()).isEqualTo(expectedStatus);
        return JSON.readTree(response.body());
    }

    /** The bench.platform label of this platform's containers (other platforms may share the engine). */
    String platformId() {
        return workers.values().iterator().next().getBean(dev.jvmbench.worker.queue.RunQueue.class).platformId();
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

    /** POSTs JSON with extra headers and returns whatever the api answers (no assertion). */
    HttpResponse<String> postRaw(String path, Object body, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** SIGKILL to the api process: no shutdown hook, no graceful end of requests in flight. */
    void killApi() throws InterruptedException {
        api.destroyForcibly();
        api.waitFor();
    }

    /** Whatever the api answers, for tests that expect errors. */
    HttpResponse<String> raw(String path) throws Exception {
        return http.send(request(path).timeout(Duration.ofSeconds(20)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    String getText(String path) throws Exception {
        HttpResponse<String> response = http.send(request(path).GET().build(),
                HttpResponse.BodyHandlers.ofString(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
        return response.body();
    }

    int post(String path) throws Exception {
        return http.send(request(path).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** The job's first run (a one-cell job's only one), as the API lists it. */
    JsonNode firstRun(long jobId) throws Exception {
        return get("/api/v1/jobs/" + jobId + "/runs").at("/items/0");
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
        workers.values().forEach(ConfigurableApplicationContext::close);
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
