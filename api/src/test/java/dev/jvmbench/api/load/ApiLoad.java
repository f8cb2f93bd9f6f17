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
 * A bounded load on the api, reading jobs, runs and points of seeded jobs plus a few submissions
 * (2 %), in one of two models:
 * <ul>
 * <li><b>closed</b> ({@link #run}): N clients (one virtual thread each, one shared JDK
 * HttpClient) for a fixed time, each sending its next request when the last one answered;</li>
 * <li><b>open</b> ({@link #runOpen}, {@link OpenLoop}): a fixed arrival rate, each request sent at
 * its planned time whatever the others do, its latency measured from that planned time (so a
 * late sender is not hidden: no coordinated omission), at most a bounded number in flight (a
 * request planned while the bound is reached is not sent, and counted as dropped).</li>
 * </ul>
 * Counts every response that is not the expected 2xx, and every exception, as an error; measures
 * latency per request. Depends on the JDK only (and java.sql for seeding), so that
 * {@code api/bench/run.sh} runs it as a source file against a live api; {@code ApiLoadTest} runs
 * it in the test suite.
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

    /**
     * What an open-model load did. {@code planned} requests were planned at {@code offeredRps} over
     * {@code duration}; {@code sent} of them were sent and {@code dropped} were not (the in-flight
     * bound was reached at their planned time); {@code sent + dropped == planned}. Latencies run
     * from each request's planned time to its answer (errors included, dropped ones have none);
     * the send lag is how late after its planned time a request was handed to the HTTP client.
     * {@code achievedRps} is the expected answers per second over the planned duration, or from the
     * start to the last answer when that is longer (so it is at most the offered rate).
     * Per request (index = planned order): {@code sentAtNanos} (relative to the first planned
     * time) and {@code latencyNanos}, -1 for requests dropped or not answered in time;
     * {@code p99MsByKind}: p99 latency per kind of request, when the caller knows the kinds.
     */
    public record OpenResult(double offeredRps, Duration duration, int maxInFlight, long planned, long sent,
                             long dropped, long answered, long errors, Map<String, Long> errorsByKind,
                             double achievedRps, double p50Ms, double p90Ms, double p99Ms, double maxMs,
                             double sendLagP99Ms, double sendLagMaxMs, int peakInFlight,
                             long[] sentAtNanos, long[] latencyNanos, Map<String, Double> p99MsByKind) {

        /** The same with the p99 of each kind of request (what the loop itself does not know). */
        public OpenResult withP99ByKind(Map<String, Double> byKind) {
            return new OpenResult(offeredRps, duration, maxInFlight, planned, sent, dropped, answered, errors,
                    errorsByKind, achievedRps, p50Ms, p90Ms, p99Ms, maxMs, sendLagP99Ms, sendLagMaxMs, peakInFlight,
                    sentAtNanos, latencyNanos, byKind);
        }

        /** p99 latency (ms) of the requests planned in each {@code window} of the run, in order. */
        public List<Double> p99ByWindow(Duration window) {
            List<Double> p99s = new ArrayList<>();
            double interval = 1e9 / offeredRps;
            long width = window.toNanos();
            for (long from = 0; from < duration.toNanos(); from += width) {
                List<Long> in = new ArrayList<>();
                for (int i = 0; i < latencyNanos.length; i++) {
                    long planned = Math.round(i * interval);
                    if (planned >= from && planned < from + width && latencyNanos[i] >= 0) {
                        in.add(latencyNanos[i]);
                    }
                }
                p99s.add(percentile(in.stream().mapToLong(Long::longValue).sorted().toArray(), 0.99));
            }
            return p99s;
        }

        public String summary() {
            return String.format(java.util.Locale.ROOT,
                    "offered %.0f req/s for %d s (%d planned, at most %d in flight): sent %d, dropped %d, "
                            + "achieved %.1f req/s; from the planned start p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, "
                            + "max %.1f ms; send lag p99 %.1f ms, max %.1f ms; peak in flight %d; %d errors %s",
                    offeredRps, duration.toSeconds(), planned, maxInFlight, sent, dropped, achievedRps, p50Ms, p90Ms,
                    p99Ms, maxMs, sendLagP99Ms, sendLagMaxMs, peakInFlight, errors, errorsByKind);
        }
    }

    /**
     * The open model, apart from what a request is: {@code rate} requests per second planned for
     * {@code duration}, request {@code i} at {@code start + i / rate}. The calling thread plans:
     * it waits until a request's planned time (never sends early), then hands the request to a
     * virtual thread of its own and goes on to the next one without waiting for the answer. A
     * planner that falls behind (a stalled host, a GC pause) sends the overdue requests at once,
     * and their latency still runs from their planned time. At most {@code maxInFlight} requests
     * are in flight: one planned while the bound is reached is not sent and counts as dropped.
     * After the last planned time it waits for the answers, at most {@code drain}; requests still
     * unanswered then are errors ("no answer").
     */
    public static final class OpenLoop {

        /** One request: null when it answered as expected, else what went wrong. */
        @FunctionalInterface
        public interface Request {
            String send(int index) throws Exception;
        }

        private final double rate;
        private final Duration duration;
        private final int maxInFlight;
        private final Duration drain;

        public OpenLoop(double rate, Duration duration, int maxInFlight, Duration drain) {
            if (!(rate > 0) || duration.isNegative() || duration.isZero() || maxInFlight < 1) {
                throw new IllegalArgumentException("rate, duration and maxInFlight must be positive");
            }
            this.rate = rate;
            this.duration = duration;
            this.maxInFlight = maxInFlight;
            this.drain = drain;
        }

        /** Requests planned: rate x duration (rounded), at least one. */
        public int planned() {
            return (int) Math.max(1, Math.round(rate * duration.toNanos() / 1e9));
        }

        /** Runs the loop from now; {@code request} answers null when it went as expected, else what went wrong. */
        public OpenResult run(Request request) throws InterruptedException {
            return run(request, System.nanoTime());
        }

        /**
         * Runs the loop with its first request planned at {@code start} (a {@link System#nanoTime}
         * value); a start in the past is a planner that stalled that long before its first request.
         */
        OpenResult run(Request request, long start) throws InterruptedException {
            int n = planned();
            double interval = 1e9 / rate;
            long[] sentAt = new long[n];
            long[] latency = new long[n];
            String[] error = new String[n];
            java.util.concurrent.atomic.AtomicIntegerArray done = new java.util.concurrent.atomic.AtomicIntegerArray(n);
            java.util.concurrent.Semaphore permits = new java.util.concurrent.Semaphore(maxInFlight);
            java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.atomic.AtomicInteger peak = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.atomic.AtomicLong lastAnswer = new java.util.concurrent.atomic.AtomicLong(start);
            long dropped = 0;
            for (int i = 0; i < n; i++) {
                long planned = start + Math.round(i * interval);
                for (long wait = planned - System.nanoTime(); wait > 0; wait = planned - System.nanoTime()) {
                    java.util.concurrent.locks.LockSupport.parkNanos(wait);
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                }
                if (!permits.tryAcquire()) {
                    dropped++;
                    continue;
                }
                peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                int index = i;
                Thread.ofVirtual().name("load-open-" + i).start(() -> {
                    long sent = System.nanoTime();
                    String outcome;
                    try {
                        outcome = request.send(index);
                    } catch (Exception e) {
                        outcome = e.getClass().getSimpleName();
                    }
                    long answered = System.nanoTime();
                    sentAt[index] = sent - start;
                    latency[index] = answered - planned;
                    error[index] = outcome;
                    done.set(index, 1); // publishes the slots above
                    lastAnswer.accumulateAndGet(answered, Math::max);
                    inFlight.decrementAndGet();
                    permits.release();
                });
            }
            boolean drained = permits.tryAcquire(maxInFlight, drain.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
            long end = drained ? lastAnswer.get() : System.nanoTime();
            Map<String, Long> byKind = new TreeMap<>();
            long sent = n - dropped;
            long answered = 0;
            long ok = 0;
            List<Long> lags = new ArrayList<>();
            List<Long> took = new ArrayList<>();
            long[] sentAtOut = new long[n];
            long[] latencyOut = new long[n];
            for (int i = 0; i < n; i++) {
                if (done.get(i) == 0) { // dropped, or (after an incomplete drain) still in flight
                    sentAtOut[i] = -1;
                    latencyOut[i] = -1;
                    continue;
                }
                sentAtOut[i] = sentAt[i];
                latencyOut[i] = latency[i];
                answered++;
                took.add(latency[i]);
                lags.add(sentAt[i] - Math.round(i * interval));
                if (error[i] == null) {
                    ok++;
                } else {
                    byKind.merge(error[i], 1L, Long::sum);
                }
            }
            if (sent > answered) {
                byKind.merge("no answer in " + drain.toMillis() + " ms", sent - answered, Long::sum);
            }
            long errors = byKind.values().stream().mapToLong(Long::longValue).sum();
            long[] all = took.stream().mapToLong(Long::longValue).sorted().toArray();
            long[] lag = lags.stream().mapToLong(Long::longValue).sorted().toArray();
            // Over the planned duration, or until the last answer when later: at most the offered rate.
            double seconds = Math.max(duration.toNanos(), end - start) / 1e9;
            return new OpenResult(rate, duration, maxInFlight, n, sent, dropped, answered, errors, byKind, ok / seconds,
                    percentile(all, 0.50), percentile(all, 0.90), percentile(all, 0.99),
                    all.length == 0 ? 0 : all[all.length - 1] / 1e6, percentile(lag, 0.99),
                    lag.length == 0 ? 0 : lag[lag.length - 1] / 1e6, peak.get(), sentAtOut, latencyOut, Map.of());
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

    /**
     * The open model ({@link OpenLoop}) on the same mix as {@link #run}: {@code rate} requests per
     * second for {@code duration}, at most {@code maxInFlight} in flight. A request unanswered
     * after {@code timeout} is an error; the loop waits that long plus 10 s for the last answers.
     */
    public OpenResult runOpen(Seed seed, double rate, Duration duration, int maxInFlight, Duration timeout)
            throws InterruptedException {
        OpenLoop loop = new OpenLoop(rate, duration, maxInFlight, timeout.plusSeconds(10));
        int[] picks = new int[loop.planned()];
        OpenResult result = loop.run(index -> {
            picks[index] = ThreadLocalRandom.current().nextInt(100);
            return one(seed, picks[index], timeout);
        });
        Map<String, List<Long>> byKind = new TreeMap<>();
        for (int i = 0; i < picks.length; i++) {
            if (result.latencyNanos()[i] >= 0) {
                byKind.computeIfAbsent(KINDS[kind(picks[i])], k -> new ArrayList<>()).add(result.latencyNanos()[i]);
            }
        }
        Map<String, Double> p99s = new java.util.LinkedHashMap<>();
        for (String kind : KINDS) {
            if (byKind.containsKey(kind)) {
                p99s.put(kind, percentile(byKind.get(kind).stream().mapToLong(Long::longValue).sorted().toArray(), 0.99));
            }
        }
        return result.withP99ByKind(p99s);
    }

    /** The mix: of 100 picks, 25 list jobs, 20 read a job, 20 its runs, 33 a run's points, 2 submit a job. */
    private static final String[] KINDS = {"list", "job", "runs", "points", "submit"};

    private static int kind(int pick) {
        return pick < 25 ? 0 : pick < 45 ? 1 : pick < 65 ? 2 : pick < 98 ? 3 : 4;
    }

    /** One request of the mix; null when it answered as expected, else what went wrong. */
    private String one(Seed seed) {
        // A closed loop: a client waits for its answer however long the queue is (the figures show
        // it); only a server that stops answering for 2 minutes counts as an error.
        return one(seed, ThreadLocalRandom.current().nextInt(100), Duration.ofSeconds(120));
    }

    private String one(Seed seed, int pick, Duration timeout) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        String method = "GET";
        String path;
        String body = null;
        int expected = 200;
        int kind = kind(pick);
        if (kind == 0) {
            path = "/api/v1/jobs?label=" + label + "&size=20";
        } else if (kind == 1) {
            path = "/api/v1/jobs/" + seed.jobs().get(random.nextInt(seed.jobs().size()));
        } else if (kind == 2) {
            path = "/api/v1/jobs/" + seed.jobs().get(random.nextInt(seed.jobs().size())) + "/runs";
        } else if (kind == 3) {
            path = "/api/v1/runs/" + seed.runs().get(random.nextInt(seed.runs().size())) + "/points";
        } else {
            method = "POST";
            path = "/api/v1/jobs";
            body = jobBody();
            expected = 201;
        }
        try {
            HttpResponse<String> response = send(method, path, body, timeout);
            return response.statusCode() == expected ? null : method + " " + path.replaceAll("\\?.*", "").replaceAll("/[0-9]+", "/{id}") + " "
                    + response.statusCode();
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return method + " " + cause.getClass().getSimpleName();
        }
    }

    private HttpResponse<String> send(String method, String path, String body) {
        return send(method, path, body, Duration.ofSeconds(120));
    }

    private HttpResponse<String> send(String method, String path, String body, Duration timeout) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(timeout)
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
     * {@code java -cp <postgresql driver> ApiLoad.java <base-url> <token> <embedded-db.env> [clients] [seconds] [jobs]}
     * (closed model), or {@code ... <embedded-db.env> --rate R [--seconds S] [--jobs J] [--max-in-flight M]
     * [--timeout-seconds T] [--warmup-seconds W]} (open model): seeds jobs through the api and their
     * points through the database, warms the api up (20 clients, 5 s; in the open model then the
     * open load itself for W s, default 10), runs the load, prints the figures and the api's
     * platform threads before and after; exits 1 on any error or dropped request.
     */
    public static void main(String[] args) throws Exception {
        String usage = "usage: ApiLoad <base-url> <token> <embedded-db.env> [clients=500] [seconds=20] [jobs=50]\n"
                + "       ApiLoad <base-url> <token> <embedded-db.env> --rate R [--seconds 20] [--jobs 50] "
                + "[--max-in-flight 200] [--timeout-seconds 10] [--warmup-seconds 10]";
        if (args.length < 3) {
            System.err.println(usage);
            System.exit(2);
        }
        boolean open = args.length > 3 && args[3].startsWith("--");
        int clients = 500;
        int seconds = 20;
        int jobCount = 50;
        double rate = 0;
        int maxInFlight = 200;
        int timeoutSeconds = 10;
        int warmupSeconds = 10;
        if (open) {
            Map<String, String> options = new TreeMap<>();
            for (int i = 3; i < args.length; i += 2) {
                if (!List.of("--rate", "--seconds", "--jobs", "--max-in-flight", "--timeout-seconds", "--warmup-seconds").contains(args[i])
                        || i + 1 >= args.length) {
                    System.err.println("unknown option or missing value: " + args[i] + "\n" + usage);
                    System.exit(2);
                }
                options.put(args[i], args[i + 1]);
            }
            if (!options.containsKey("--rate")) {
                System.err.println("the open model needs --rate\n" + usage);
                System.exit(2);
            }
            rate = Double.parseDouble(options.get("--rate"));
            seconds = Integer.parseInt(options.getOrDefault("--seconds", "20"));
            jobCount = Integer.parseInt(options.getOrDefault("--jobs", "50"));
            maxInFlight = Integer.parseInt(options.getOrDefault("--max-in-flight", "200"));
            timeoutSeconds = Integer.parseInt(options.getOrDefault("--timeout-seconds", "10"));
            warmupSeconds = Integer.parseInt(options.getOrDefault("--warmup-seconds", "10"));
            // Bounded: a load on a shared host, not a stress test.
            if (!(rate >= 0.1 && rate <= 5000) || seconds < 1 || seconds > 600 || maxInFlight < 1 || maxInFlight > 2000
                    || timeoutSeconds < 1 || timeoutSeconds > 120 || warmupSeconds < 0 || warmupSeconds > 120) {
                System.err.println("out of bounds: rate 0.1..5000 req/s, seconds 1..600, max-in-flight 1..2000, "
                        + "timeout-seconds 1..120, warmup-seconds 0..120");
                System.exit(2);
            }
        } else {
            clients = args.length > 3 ? Integer.parseInt(args[3]) : 500;
            seconds = args.length > 4 ? Integer.parseInt(args[4]) : 20;
            jobCount = args.length > 5 ? Integer.parseInt(args[5]) : 50;
        }
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
        System.out.println("warm-up: " + load.run(seed, open ? 20 : Math.min(clients, 20), Duration.ofSeconds(5)).summary());
        if (open && warmupSeconds > 0) {
            // The api's JIT is still at work after 5 s at 20 clients: the open load's first seconds
            // would measure the compiler. The same load for a while first, not counted.
            System.out.println("warm-up (open): " + load.runOpen(seed, rate, Duration.ofSeconds(warmupSeconds), maxInFlight,
                    Duration.ofSeconds(timeoutSeconds)).summary());
        }
        Map<String, Long> before = load.platformThreads();
        long errors;
        if (open) {
            OpenResult result = load.runOpen(seed, rate, Duration.ofSeconds(seconds), maxInFlight,
                    Duration.ofSeconds(timeoutSeconds));
            System.out.println("load (open): " + result.summary());
            System.out.println("p99 (ms) by 5 s of planned time: " + result.p99ByWindow(Duration.ofSeconds(5)).stream()
                    .map(p -> String.format(java.util.Locale.ROOT, "%.1f", p)).toList() + "; by kind: "
                    + result.p99MsByKind().entrySet().stream()
                    .map(e -> String.format(java.util.Locale.ROOT, "%s %.1f", e.getKey(), e.getValue())).toList());
            errors = result.errors() + result.dropped();
        } else {
            Result result = load.run(seed, clients, Duration.ofSeconds(seconds));
            System.out.println("load: " + result.summary());
            errors = result.errors();
        }
        Map<String, Long> after = load.platformThreads();
        System.out.printf("api platform threads: before %d, after %d, peak %d%n", before.get("live"), after.get("live"),
                after.getOrDefault("peak", -1L));
        System.exit(errors == 0 ? 0 : 1);
    }
}
