package dev.jvmbench.worker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.database.EmbeddedPostgres;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngines;
import dev.jvmbench.worker.container.ContainerEngineProperties;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The platform's PostgreSQL stopped for about 10 s while a run measures: the api answers 503
 * problem details meanwhile and recovers by itself; the worker retries its writes and the run
 * ends with all its points.
 */
class DatabaseOutageTest {

    private static final Duration OUTAGE = Duration.ofSeconds(10);
    private static final Path PG_BINARIES = Path.of(System.getProperty("user.home"), ".cache/jvmbench/pg-binaries");
    @TempDir
    static Path dataDir;
    static EmbeddedPostgres postgres;
    static Platform platform;
    static final String WORKER_ID = "outage-test-" + UUID.randomUUID().toString().substring(0, 8);

    @BeforeAll
    static void start() throws Exception {
        postgres = EmbeddedPostgres.start(dataDir.resolve("pg"), PG_BINARIES, 0, false);
        platform = Platform.startApi(dataDir, Map.of("BENCH_DB_URL", postgres.jdbcUrl(),
                "BENCH_DB_USER", postgres.user(), "BENCH_DB_PASSWORD", postgres.password()));
    }

    @AfterAll
    static void stop() {
        if (platform != null) {
            platform.close();
        }
        if (postgres != null) {
            postgres.close();
        }
        // A failed assertion kills the worker (SIGKILL) before it tears down: its containers go here.
        try (ContainerEngine engine = ContainerEngines.docker(ContainerEngineProperties.defaults())) {
            engine.removeManaged(Map.of("bench.worker", WORKER_ID));
        }
    }

    @Test
    void theApiAnswers503WhileTheDatabaseIsDownAndTheRunKeepsAllItsPoints() throws Exception {
        RunWatch watch = RunWatch.submitOneRun(platform, List.of(10, 20, 30), "database-outage");
        long jobId = watch.jobId();

        try (WorkerProcess worker = WorkerProcess.start(WORKER_ID, dataDir, platform.databaseEnvironment(),
                dataDir.resolve("worker.log"))) {
            watch.awaitLoadLevel(10, worker);
            int port = postgres.port();
            postgres.close();
            Instant down = Instant.now();
            int unavailableAnswers = 0;
            List<Integer> readinessAnswers = new ArrayList<>();
            while (Duration.between(down, Instant.now()).compareTo(OUTAGE) < 0) {
                HttpResponse<String> answer = platform.raw("/api/v1/jobs/" + jobId);
                assertThat(answer.statusCode()).as("GET a job with the database down: %s; api log: %s", answer.body(),
                        apiErrors()).isEqualTo(503);
                assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
                assertThat(answer.headers().firstValue("Retry-After")).hasValue("5");
                assertThat(answer.body()).contains("database is not reachable");
                unavailableAnswers++;
                HttpResponse<String> readiness = platform.raw("/actuator/health/readiness");
                readinessAnswers.add(readiness.statusCode());
                Thread.sleep(500);
            }
            postgres = EmbeddedPostgres.start(dataDir.resolve("pg"), PG_BINARIES, port, false);
            Instant up = Instant.now();
            System.out.printf("database down %.1f s: GET /api/v1/jobs/%d answered {503=%d}, readiness %s%n",
                    Duration.between(down, up).toMillis() / 1000.0, jobId, unavailableAnswers,
                    readinessAnswers.stream().collect(Collectors.groupingBy(status -> status, TreeMap::new, Collectors.counting())));

            Instant deadline = up.plus(Duration.ofSeconds(60));
            HttpResponse<String> answer;
            while ((answer = platform.raw("/api/v1/jobs/" + jobId)).statusCode() != 200) {
                assertThat(Instant.now()).as("the api recovers by itself: %s", answer.body()).isBefore(deadline);
                Thread.sleep(250);
            }
            System.out.printf("the api answered 200 again %.1f s after the database was back%n",
                    Duration.between(up, Instant.now()).toMillis() / 1000.0);

            JsonNode ended = platform.awaitEnd(jobId, Duration.ofMinutes(5));
            System.out.println("worker retries: " + worker.log().lines()
                    .filter(l -> l.contains("; retry ")).map(l -> l.substring(l.indexOf(": ") + 2)).limit(6).toList());
            assertThat(ended.get("status").asString()).as(ended.toString()).isEqualTo("SUCCEEDED");
        }
        JsonNode run = watch.run();
        System.out.println("after the outage: run " + run + ", points per level " + watch.pointsPerLevel());
        assertThat(run.get("attempt").asInt()).as("the run was not restarted: the outage was absorbed").isEqualTo(1);
        assertThat(watch.pointsPerLevel()).isEqualTo(Map.of(10, 1, 20, 1, 30, 1));
    }

    private static List<String> apiErrors() throws IOException {
        return Files.readAllLines(dataDir.resolve("api.log")).stream()
                .filter(l -> l.contains("ERROR") || l.startsWith("Caused by") || l.contains("Exception:")).limit(30).toList();
    }
}
