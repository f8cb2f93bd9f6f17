package dev.jvmbench.api.job;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

@ApiIntegrationTest
class JobApiTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    ApiClient api;

    @BeforeEach
    void client() {
        api = ApiClient.admin(port);
    }

    @Test
    void submitStoresTheJobAndOneRunPerCellInterleaved() {
        var response = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201);
        JsonNode job = response.json();
        long id = job.get("id").asLong();
        assertThat(response.header("Location")).isEqualTo("/api/v1/jobs/" + id);
        assertThat(job.get("status").asString()).isEqualTo("QUEUED");
        assertThat(job.at("/progress/runsTotal").asInt()).isEqualTo(8);
        assertThat(job.at("/progress/runsDone").asInt()).isZero();
        assertThat(job.at("/progress/estimatedSecondsLeft").asLong()).isPositive();
        // Defaults are filled in and stored with the job.
        assertThat(job.at("/spec/load/requestTimeoutMs").asInt()).isEqualTo(10_000);
        assertThat(job.at("/spec/platform/maxThreads").asInt()).isEqualTo(200);

        JsonNode runs = api.get("/api/v1/jobs/" + id + "/runs").expect(200).json().get("items");
        List<String> order = StreamSupport.stream(runs.spliterator(), false)
                .map(r -> r.get("repetition").asInt() + ":" + r.get("jdk").asInt() + ":" + r.get("threadModel").asString())
                .toList();
        assertThat(order).containsExactly(
                "1:21:platform", "1:21:virtual", "1:25:platform", "1:25:virtual",
                "2:21:platform", "2:21:virtual", "2:25:platform", "2:25:virtual");
        assertThat(runs.get(0).get("status").asString()).isEqualTo("QUEUED");
        assertThat(runs.get(0).at("/links/points").asString()).startsWith("/api/v1/runs/");

        assertThat(api.get("/api/v1/jobs/" + id).expect(200).json().get("id").asLong()).isEqualTo(id);
    }

    @Test
    void theSameIdempotencyKeyWithTheSameBodyReturnsTheSameJob() {
        String key = "ci-build-" + UUID.randomUUID();
        Map<String, Object> body = JobBodies.valid();
        long first = api.postJson("/api/v1/jobs", body, Map.of("Idempotency-Key", key)).expect(201).json().get("id").asLong();
        var replay = api.postJson("/api/v1/jobs", body, Map.of("Idempotency-Key", key)).expect(201);
        assertThat(replay.json().get("id").asLong()).isEqualTo(first);
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");

        JobBodies.child(body, "load").put("stepSeconds", 11);
        var conflict = api.postJson("/api/v1/jobs", body, Map.of("Idempotency-Key", key)).expect(409);
        assertThat(conflict.json().get("detail").asString()).contains(key).contains("different request body");
        assertThat(countJobsLabelled(JobBodies.child(body, "labels").get("test-run").toString())).isEqualTo(1);
    }

    @Test
    void concurrentRetriesWithOneKeyCreateExactlyOneJob() throws Exception {
        String key = "retry-" + UUID.randomUUID();
        Map<String, Object> body = JobBodies.valid();
        List<Callable<Long>> calls = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            calls.add(() -> api.postJson("/api/v1/jobs", body, Map.of("Idempotency-Key", key)).expect(201)
                    .json().get("id").asLong());
        }
        Set<Long> ids;
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            ids = executor.invokeAll(calls).stream().map(f -> {
                try {
                    return f.get();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }).collect(java.util.stream.Collectors.toSet());
        }
        assertThat(ids).hasSize(1);
        assertThat(countJobsLabelled(JobBodies.child(body, "labels").get("test-run").toString())).isEqualTo(1);
    }

    @Test
    void listFiltersAndPagesNewestFirstInAStableOrder() {
        String tag = UUID.randomUUID().toString();
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Map<String, Object> body = JobBodies.valid();
            JobBodies.child(body, "labels").put("suite", tag);
            if (i % 2 == 0) {
                body.put("jdks", new ArrayList<>(List.of(26)));
                body.put("threadModels", new ArrayList<>(List.of("webflux")));
                body.put("scenario", map("name", "cpu"));
            }
            ids.add(api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong());
        }
        List<Long> newestFirst = ids.reversed();

        assertThat(idsOf(api.get("/api/v1/jobs?label=suite=" + tag + "&size=2&page=0").expect(200).json()))
                .containsExactly(newestFirst.get(0), newestFirst.get(1));
        JsonNode page2 = api.get("/api/v1/jobs?label=suite=" + tag + "&size=2&page=2").expect(200).json();
        assertThat(idsOf(page2)).containsExactly(newestFirst.get(4));
        assertThat(page2.get("totalItems").asLong()).isEqualTo(5);
        assertThat(page2.get("totalPages").asInt()).isEqualTo(3);

        assertThat(idsOf(api.get("/api/v1/jobs?label=suite=" + tag + "&jdk=26").json()))
                .containsExactlyInAnyOrder(ids.get(0), ids.get(2), ids.get(4));
        assertThat(idsOf(api.get("/api/v1/jobs?label=suite=" + tag + "&threadModel=virtual").json()))
                .containsExactlyInAnyOrder(ids.get(1), ids.get(3));
        assertThat(idsOf(api.get("/api/v1/jobs?label=suite=" + tag + "&scenario=cpu&app=stock").json()))
                .containsExactlyInAnyOrder(ids.get(0), ids.get(2), ids.get(4));
        assertThat(idsOf(api.get("/api/v1/jobs?label=suite=" + tag + "&label=branch=main&status=QUEUED").json()))
                .hasSize(5);
        assertThat(idsOf(api.get("/api/v1/jobs?label=suite=" + tag + "&status=SUCCEEDED,FAILED").json())).isEmpty();
        assertThat(idsOf(api.get("/api/v1/jobs?label=suite=" + tag + "&createdAfter=2000-01-01T00:00:00Z&createdBefore=2999-01-01T00:00:00Z").json()))
                .hasSize(5);
        assertThat(idsOf(api.get("/api/v1/jobs?label=suite=" + tag + "&createdBefore=2000-01-01T00:00:00Z").json())).isEmpty();
    }

    @Test
    void cancellingAQueuedJobCancelsItAndItsRunsAndIsIdempotent() {
        long id = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        JsonNode cancelled = api.post("/api/v1/jobs/" + id + "/cancel").expect(200).json();
        assertThat(cancelled.get("status").asString()).isEqualTo("CANCELLED");
        assertThat(cancelled.at("/progress/runsCancelled").asInt()).isEqualTo(8);
        assertThat(cancelled.get("finishedAt").isNull()).isFalse();
        assertThat(api.post("/api/v1/jobs/" + id + "/cancel").expect(200).json().get("status").asString()).isEqualTo("CANCELLED");
    }

    @Test
    void cancellingARunningJobAsksTheWorkerToStop() {
        long id = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        workerTakes(id);
        JsonNode pending = api.post("/api/v1/jobs/" + id + "/cancel").expect(202).json();
        assertThat(pending.get("status").asString()).isEqualTo("CANCEL_REQUESTED");
        assertThat(pending.at("/progress/currentRun/step").asString()).isEqualTo("load");
        assertThat(pending.at("/progress/currentRun/level").asInt()).isEqualTo(80);
        assertThat(pending.at("/progress/runsCancelled").asInt()).isEqualTo(7);
        api.post("/api/v1/jobs/" + id + "/cancel").expect(202);
    }

    @Test
    void cancellingAFinishedJobIsAnIllegalTransition() {
        long id = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        jdbc.sql("UPDATE jobs SET status = 'SUCCEEDED', finished_at = now() WHERE id = :id").param("id", id).update();
        var conflict = api.post("/api/v1/jobs/" + id + "/cancel").expect(409);
        assertThat(conflict.json().get("detail").asString()).contains("SUCCEEDED");
        assertThat(api.get("/api/v1/jobs/" + id).json().get("status").asString()).isEqualTo("SUCCEEDED");
    }

    @Test
    void unknownAndMalformedIdsAreClientErrors() {
        api.get("/api/v1/jobs/987654321").expect(404);
        api.get("/api/v1/jobs/987654321/runs").expect(404);
        api.post("/api/v1/jobs/987654321/cancel").expect(404);
        api.get("/api/v1/runs/987654321/points").expect(404);
        api.get("/api/v1/jobs/not-a-number").expect(400);
        api.get("/api/v1/no-such-endpoint").expect(404);
    }

    @Test
    void theDatabaseRefusesAStatusOutsideTheStateMachine() {
        long id = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                        jdbc.sql("UPDATE jobs SET status = 'PAUSED' WHERE id = :id").param("id", id).update())
                .hasMessageContaining("check constraint");
    }

    /** What a worker does when it takes the first run: the job and the run become RUNNING. */
    private void workerTakes(long jobId) {
        jdbc.sql("UPDATE jobs SET status = 'RUNNING', started_at = now() WHERE id = :id").param("id", jobId).update();
        jdbc.sql("""
                UPDATE runs SET status = 'RUNNING', started_at = now(), current_step = 'load', current_level = 80,
                       worker_id = 'test-worker', heartbeat_at = now()
                 WHERE job_id = :id AND seq = 1
                """).param("id", jobId).update();
    }

    private long countJobsLabelled(String testRun) {
        return jdbc.sql("SELECT count(*) FROM jobs WHERE labels ->> 'test-run' = :run").param("run", testRun)
                .query(Long.class).single();
    }

    private static List<Long> idsOf(JsonNode page) {
        return StreamSupport.stream(page.get("items").spliterator(), false).map(j -> j.get("id").asLong()).toList();
    }
}
