package dev.jvmbench.api.load;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A bounded load on the api: N clients (one virtual thread each, one shared JDK HttpClient) for
 * a fixed time, reading jobs, runs and points of seeded jobs plus a few submissions. Counts every
 * response that is not the expected 2xx, and every exception, as an error; measures latency per
 * request. Depends on the JDK only (and java.sql for seeding), so that {@code api/bench/run.sh}
 * runs it as a source file against a live api; {@code ApiLoadTest} runs it in the test suite.
 */
public final class ApiLoad {

    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");
    private static final Pattern GAUGE = Pattern.compile("(?m)^(jvm_threads_(?:live|peak)_threads)(?:\\{[^}]*})?\\s+([0-9.eE+]+)");
    private final HttpClient http;
    private final String base;
    private final String token;
    private final String label = "loadtest=" + UUID.randomUUID();

    public ApiLoad(String base, String token) {
        this.base = base;
        this.token = token;
        // Virtual threads for the client's own work: in a test, the client shares the api's JVM and
        // must not add platform threads to what is being measured.
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10))
                .executor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()).build();
    }

    /** What the load reads: seeded jobs and their runs. */
    public record Seed(List<Long> jobs, List<Long> runs) {
    }

    public record Result(int clients, Duration duration, long requests, long errors, Map<String, Long> errorsByKind,
                         double throughputRps, double p50Ms, double p95Ms, double p99Ms, double maxMs) {

        public String summary() {
            return String.format(java.util.Locale.ROOT,
                    "%d clients, %d s: %d requests, %.0f req/s, p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms, %d errors %s",
                    clients, duration.toSeconds(), requests, throughputRps, p50Ms, p95Ms, p99Ms, maxMs, errors, errorsByKind);
        }
    }

    /** Submits {@code jobs} jobs (8 runs each) through the api; the caller stores their points. */
    public List<Long> submitJobs(int jobs) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < jobs; i++) {
            HttpResponse<String> response = send("POST", "/api/v1/jobs", jobBody());
            if (response.statusCode() != 201) {
                throw new IllegalStateException("seeding: POST /api/v1/jobs answered " + response.statusCode() + ": "
                        + response.body());
            }
            Matcher id = ID.matcher(response.body());
            id.find();
            ids.add(Long.parseLong(id.group(1)));
        }
        return ids;
    }

    /**
     * Plays the worker for the seeded jobs: two points per run, every run and job SUCCEEDED.
     * Returns the run ids.
     */
    public static List<Long> storePoints(Connection db, List<Long> jobs) throws SQLException {
        List<Long> runs = new ArrayList<>();
        boolean autoCommit = db.getAutoCommit();
        db.setAutoCommit(false);
        try (PreparedStatement select = db.prepareStatement("SELECT id FROM runs WHERE job_id = ? ORDER BY seq");
             PreparedStatement point = db.prepareStatement("""
                     INSERT INTO result_points (run_id, level_index, level, measured_seconds, requests, successes,
                                                errors, error_rate, throughput_rps, latency_p50_ms, latency_p95_ms,
                                                latency_p99_ms)
                     VALUES (?, ?, ?, 10, ?, ?, 0, 0, ?, ?, ?, ?)""");
             PreparedStatement run = db.prepareStatement("UPDATE runs SET status = 'SUCCEEDED', attempt = 1, "
                     + "started_at = now(), finished_at = now() WHERE job_id = ?");
             PreparedStatement job = db.prepareStatement("UPDATE jobs SET status = 'SUCCEEDED', started_at = now(), "
                     + "finished_at = now() WHERE id = ?")) {
            for (long jobId : jobs) {
                select.setLong(1, jobId);
                try (var rs = select.executeQuery()) {
                    while (rs.next()) {
                        long runId = rs.getLong(1);
                        runs.add(runId);
                        int[] levels = {20, 80};
                        for (int i = 0; i < levels.length; i++) {
                            double rps = levels[i] * (4.5 + ThreadLocalRandom.current().nextDouble());
                            point.setLong(1, runId);
                            point.setInt(2, i);
                            point.setInt(3, levels[i]);
                            point.setLong(4, (long) (rps * 10));
                            point.setLong(5, (long) (rps * 10));
                            point.setDouble(6, rps);
                            point.setDouble(7, 201.0);
                            point.setDouble(8, 204.0 + i);
                            point.setDouble(9, 210.0 + i);
                            point.addBatch();
                        }
                    }
                }
                point.executeBatch();
                run.setLong(1, jobId);
                run.executeUpdate();
                job.setLong(1, jobId);
                job.executeUpdate();
            }
            db.commit();
        } finally {
            db.setAutoCommit(autoCommit);
        }
        return runs;
    }

    /** {@code clients} clients for {@code duration}; a client sends its next request when the last one answered. */
    public Result run(Seed seed, int clients, Duration duration) throws InterruptedException {
        LongAdder requests = new LongAdder();
        Map<String, LongAdder> errors = new ConcurrentHashMap<>();
        List<long[]> latencies = java.util.Collections.synchronizedList(new ArrayList<>());
        CountDownLatch done = new CountDownLatch(clients);
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        for (int c = 0; c < clients; c++) {
            Thread.ofVirtual().name("load-client-" + c).start(() -> {
                long[] own = new long[1024];
                int n = 0;
                try {
                    do { // at least one request per client, however slow the host
                        long sent = System.nanoTime();
                        String error = one(seed);
                        long took = System.nanoTime() - sent;
                        requests.increment();
                        if (error != null) {
                            errors.computeIfAbsent(error, k -> new LongAdder()).increment();
                        }
                        if (n == own.length) {
                            own = Arrays.copyOf(own, n * 2);
                        }
                        own[n++] = took;
                    } while (System.nanoTime() < end);
                } finally {
                    latencies.add(Arrays.copyOf(own, n));
                    done.countDown();
                }
            });
        }
        done.await();
        double seconds = (System.nanoTime() - start) / 1e9;
        long[] all = latencies.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        Map<String, Long> byKind = new TreeMap<>();
        errors.forEach((k, v) -> byKind.put(k, v.sum()));
        long errorCount = byKind.values().stream().mapToLong(Long::longValue).sum();
        return new Result(clients, duration, requests.sum(), errorCount, byKind, requests.sum() / seconds,
                percentile(all, 0.50), percentile(all, 0.95), percentile(all, 0.99), all.length == 0 ? 0 : all[all.length - 1] / 1e6);
    }

    /** One request of the mix; null when it answered as expected, else what went wrong. */
    private String one(Seed seed) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int pick = random.nextInt(100);
        String method = "GET";
        String path;
        String body = null;
        int expected = 200;
        if (pick < 25) {
            path = "/api/v1/jobs?label=" + label + "&size=20";
        } else if (pick < 45) {
            path = "/api/v1/jobs/" + seed.jobs().get(random.nextInt(seed.jobs().size()));
        } else if (pick < 65) {
            path = "/api/v1/jobs/" + seed.jobs().get(random.nextInt(seed.jobs().size())) + "/runs";
        } else if (pick < 98) {
            path = "/api/v1/runs/" + seed.runs().get(random.nextInt(seed.runs().size())) + "/points";
        } else {
            method = "POST";
            path = "/api/v1/jobs";
            body = jobBody();
            expected = 201;
        }
        try {
            HttpResponse<String> response = send(method, path, body);
            return response.statusCode() == expected ? null : method + " " + path.replaceAll("\\?.*", "").replaceAll("/[0-9]+", "/{id}") + " "
                    + response.statusCode();
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return method + " " + cause.getClass().getSimpleName();
        }
    }

    private HttpResponse<String> send(String method, String path, String body) {
        // A closed loop: a client waits for its answer however long the queue is (the figures show
        // it); only a server that stops answering for 2 minutes counts as an error.
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(120))
                .header("Authorization", "Bearer " + token);
        if (body != null) {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private String jobBody() {
        String[] kv = label.split("=", 2);
        return """
                {"threadModels": ["platform", "virtual"], "jdks": [21, 25],
                 "scenario": {"name": "io-http", "params": {"delayMs": 200}},
                 "load": {"model": "closed", "levels": [20, 80], "stepSeconds": 10, "warmupSeconds": 5},
                 "limits": {"cpus": 1.0, "memoryMb": 512}, "repetitions": 2,
                 "labels": {"%s": "%s", "branch": "main"}}""".formatted(kv[0], kv[1]);
    }

    /** jvm_threads_live_threads and jvm_threads_peak_threads of the api (platform threads: virtual ones are not counted). */
    public Map<String, Long> platformThreads() {
        HttpResponse<String> response = send("GET", "/actuator/prometheus", null);
        Map<String, Long> gauges = new TreeMap<>();
        Matcher m = GAUGE.matcher(response.body());
        while (m.find()) {
            gauges.put(m.group(1).replace("jvm_threads_", "").replace("_threads", ""), (long) Double.parseDouble(m.group(2)));
        }
        if (!gauges.containsKey("live")) {
            throw new IllegalStateException("no jvm_threads_live_threads in /actuator/prometheus");
        }
        return gauges;
    }

    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e6;
    }

    /**
     * {@code java -cp <postgresql driver> ApiLoad.java <base-url> <token> <embedded-db.env> [clients] [seconds] [jobs]}:
     * seeds jobs through the api and their points through the database, runs the load, prints
     * the figures and the api's platform threads before and after; exits 1 on any error.
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: ApiLoad <base-url> <token> <embedded-db.env> [clients=500] [seconds=20] [jobs=50]");
            System.exit(2);
        }
        int clients = args.length > 3 ? Integer.parseInt(args[3]) : 500;
        int seconds = args.length > 4 ? Integer.parseInt(args[4]) : 20;
        int jobCount = args.length > 5 ? Integer.parseInt(args[5]) : 50;
        Properties env = new Properties();
        try (var in = Files.newBufferedReader(Path.of(args[2]))) {
            env.load(in);
        }
        ApiLoad load = new ApiLoad(args[0], args[1]);
        List<Long> jobs = load.submitJobs(jobCount);
        List<Long> runs;
        try (Connection db = DriverManager.getConnection(env.getProperty("BENCH_DB_URL"), env.getProperty("BENCH_DB_USER"),
                env.getProperty("BENCH_DB_PASSWORD"))) {
            runs = storePoints(db, jobs);
        }
        Seed seed = new Seed(jobs, runs);
        System.out.printf("seeded %d jobs, %d runs, %d points%n", jobs.size(), runs.size(), runs.size() * 2);
        System.out.println("warm-up: " + load.run(seed, Math.min(clients, 20), Duration.ofSeconds(5)).summary());
        Map<String, Long> before = load.platformThreads();
        Result result = load.run(seed, clients, Duration.ofSeconds(seconds));
        Map<String, Long> after = load.platformThreads();
        System.out.println("load: " + result.summary());
        System.out.printf("api platform threads: before %d, after %d, peak %d%n", before.get("live"), after.get("live"),
                after.getOrDefault("peak", -1L));
        System.exit(result.errors() == 0 ? 0 : 1);
    }
}
