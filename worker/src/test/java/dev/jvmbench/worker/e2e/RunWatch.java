package dev.jvmbench.worker.e2e;

import java.sql.DriverManager;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/** Watches one run of a platform under test: through the API, and its points straight from the database. */
final class RunWatch {

    private final Platform platform;
    private final long jobId;
    private final long runId;

    private RunWatch(Platform platform, long jobId, long runId) {
        this.platform = platform;
        this.jobId = jobId;
        this.runId = runId;
    }

    /**
     * Submits a job of one run (JDK 25, virtual threads, a 50 ms upstream, 8 s per level): long
     * enough to act during a level, short enough to finish well inside a test's bounds.
     */
    static RunWatch submitOneRun(Platform platform, List<Integer> levels, String testLabel) throws Exception {
        long jobId = platform.post("/api/v1/jobs", Map.of(
                "threadModels", List.of("virtual"),
                "jdks", List.of(25),
                "scenario", Map.of("name", "io-http", "params", Map.of("delayMs", 50)),
                "load", Map.of("levels", levels, "stepSeconds", 8, "warmupSeconds", 2),
                "repetitions", 1,
                "labels", Map.of("test", testLabel)), 201).get("id").asLong();
        long runId = platform.firstRun(jobId).get("id").asLong();
        return new RunWatch(platform, jobId, runId);
    }

    long jobId() {
        return jobId;
    }

    JsonNode run() throws Exception {
        for (JsonNode run : platform.get("/api/v1/jobs/" + jobId + "/runs").get("items")) {
            if (run.get("id").asLong() == runId) {
                return run;
            }
        }
        throw new AssertionError("run " + runId + " not found");
    }

    /**
     * Waits until the run measures {@code level}; fails when the worker exits or after 8 minutes
     * (a generous bound: image checks, the app's start and its verification on a loaded host).
     */
    void awaitLoadLevel(int level, WorkerProcess worker) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(8));
        while (true) {
            JsonNode run = run();
            if ("RUNNING".equals(run.get("status").asString()) && "load".equals(run.path("currentStep").asString(""))
                    && run.path("currentLevel").asInt(0) == level) {
                return;
            }
            // an ended run never gets there: say so now rather than after the deadline
            boolean ended = Set.of("SUCCEEDED", "FAILED", "CANCELLED").contains(run.get("status").asString());
            if (ended || !worker.isAlive() || Instant.now().isAfter(deadline)) {
                throw new AssertionError("run " + runId + " did not reach level " + level + " (worker "
                        + (worker.isAlive() ? "alive" : "exited") + "): " + run + "\nworker log:\n" + worker.log());
            }
            Thread.sleep(500);
        }
    }

    /** Level -> number of stored points, from the database (the API would hide a duplicate in a list). */
    Map<Integer, Integer> pointsPerLevel() throws Exception {
        Map<Integer, Integer> counts = new TreeMap<>();
        Map<String, String> db = platform.databaseEnvironment();
        try (var connection = DriverManager.getConnection(db.get("BENCH_DB_URL"), db.get("BENCH_DB_USER"),
                db.get("BENCH_DB_PASSWORD"));
             var statement = connection.prepareStatement(
                     "SELECT level, count(*) FROM result_points WHERE run_id = ? GROUP BY level")) {
            statement.setLong(1, runId);
            try (var rs = statement.executeQuery()) {
                while (rs.next()) {
                    counts.put(rs.getInt(1), rs.getInt(2));
                }
            }
        }
        return counts;
    }
}
