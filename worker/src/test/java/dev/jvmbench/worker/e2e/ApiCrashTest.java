package dev.jvmbench.worker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * The api killed with SIGKILL while clients post jobs: a job is stored whole (job, runs and
 * idempotency key in one transaction) or not at all, and a client that retries with its
 * Idempotency-Key after the restart gets exactly one job, the one it may already have been told of.
 */
class ApiCrashTest {

    private static final int CLIENTS = 40;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    @TempDir
    static Path dataDir;
    static Platform platform;

    @AfterAll
    static void stop() {
        if (platform != null) {
            platform.close();
        }
    }

    @Test
    void aJobIsStoredWholeOrNotAtAllAndARetryWithItsKeyGetsExactlyOneJob() throws Exception {
        platform = Platform.startApi(dataDir);
        Map<String, Long> answeredBeforeKill = new ConcurrentHashMap<>();
        AtomicInteger failedByKill = new AtomicInteger();
        CountDownLatch someAnswered = new CountDownLatch(5);
        try (var clients = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < CLIENTS; i++) {
                int client = i;
                clients.submit(() -> {
                    try {
                        HttpResponse<String> answer = platform.postRaw("/api/v1/jobs", job(client), key(client));
                        if (answer.statusCode() == 201) {
                            answeredBeforeKill.put(keyOf(client), JSON.readTree(answer.body()).get("id").asLong());
                            someAnswered.countDown();
                        } else {
                            failedByKill.incrementAndGet();
                        }
                    } catch (Exception connectionLost) {
                        failedByKill.incrementAndGet();
                    }
                    return null;
                });
            }
            assertThat(someAnswered.await(3, TimeUnit.MINUTES)).as("some jobs are accepted before the kill").isTrue();
            platform.killApi();
        }
        System.out.printf("SIGKILL with %d clients posting: %d answered 201 before the kill, %d lost their answer%n",
                CLIENTS, answeredBeforeKill.size(), failedByKill.get());

        platform = Platform.startApi(dataDir);
        Map<String, Long> jobByKey = new HashMap<>();
        int replayed = 0;
        for (int i = 0; i < CLIENTS; i++) {
            HttpResponse<String> answer = platform.postRaw("/api/v1/jobs", job(i), key(i));
            assertThat(answer.statusCode()).as("retry of client %d: %s", i, answer.body()).isEqualTo(201);
            long id = JSON.readTree(answer.body()).get("id").asLong();
            jobByKey.put(keyOf(i), id);
            if (answer.headers().firstValue("Idempotent-Replayed").isPresent()) {
                replayed++;
            }
            Long told = answeredBeforeKill.get(keyOf(i));
            if (told != null) {
                assertThat(id).as("client %d was told job %d before the kill", i, told).isEqualTo(told);
            }
        }
        System.out.printf("after the restart: %d retries replayed a job stored before the kill, %d created one%n",
                replayed, CLIENTS - replayed);
        assertThat(replayed).as("every job answered before the kill is replayed").isGreaterThanOrEqualTo(answeredBeforeKill.size());
        assertThat(jobByKey.values()).as("one job per key").doesNotHaveDuplicates().hasSize(CLIENTS);

        // Nothing half-written: every job in the database has its two runs and its key, no job is extra.
        List<long[]> jobs = new ArrayList<>();
        Map<String, String> db = platform.databaseEnvironment();
        try (var connection = DriverManager.getConnection(db.get("BENCH_DB_URL"), db.get("BENCH_DB_USER"),
                db.get("BENCH_DB_PASSWORD")); var statement = connection.createStatement();
             var rs = statement.executeQuery("""
                     SELECT j.id, j.runs_total, (SELECT count(*) FROM runs r WHERE r.job_id = j.id),
                            (SELECT count(*) FROM idempotency_keys k WHERE k.job_id = j.id)
                       FROM jobs j ORDER BY j.id""")) {
            while (rs.next()) {
                jobs.add(new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)});
            }
        }
        assertThat(jobs).as("jobs in the database").hasSize(CLIENTS);
        for (long[] job : jobs) {
            assertThat(job[2]).as("runs of job %d", job[0]).isEqualTo(2).isEqualTo(job[1]);
            assertThat(job[3]).as("idempotency key of job %d", job[0]).isEqualTo(1);
        }
    }

    private static String keyOf(int client) {
        return "crash-client-" + client;
    }

    private static Map<String, String> key(int client) {
        return Map.of("Idempotency-Key", keyOf(client));
    }

    private static Map<String, Object> job(int client) {
        return Map.of("threadModels", List.of("platform", "virtual"), "jdks", List.of(25),
                "scenario", Map.of("name", "io-http", "params", Map.of("delayMs", 50)),
                "load", Map.of("levels", List.of(10), "stepSeconds", 8, "warmupSeconds", 2),
                "repetitions", 1, "labels", Map.of("client", Integer.toString(client)));
    }
}
