package dev.jvmbench.api.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

@ApiIntegrationTest
class PointApiTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;

    @Test
    void aRunsPointsCarryEveryMetricGroup() {
        ApiClient api = ApiClient.admin(port);
        long jobId = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        long runId = api.get("/api/v1/jobs/" + jobId + "/runs").json().at("/items/0/id").asLong();
        insertPoint(runId, 1, 80);
        insertPoint(runId, 0, 20);

        JsonNode body = api.get("/api/v1/runs/" + runId + "/points").expect(200).json();
        assertThat(body.get("jobId").asLong()).isEqualTo(jobId);
        JsonNode first = body.at("/items/0");
        assertThat(first.get("level").asInt()).isEqualTo(20);
        assertThat(body.at("/items/1/level").asInt()).isEqualTo(80);
        assertThat(first.get("throughputRps").asDouble()).isEqualTo(97.5);
        assertThat(first.at("/latencyMs/p95").asDouble()).isEqualTo(204.0);
        assertThat(first.at("/cpu/msPerRequest").asDouble()).isEqualTo(1.5);
        assertThat(first.at("/memory/perRequestMb").asDouble()).isEqualTo(2.0);
        assertThat(first.at("/jvm/virtualThreadPinnedEvents").asLong()).isEqualTo(3);
        assertThat(first.at("/loadGenerator/saturated").asBoolean()).isFalse();
        assertThat(first.at("/ceiling/theoreticalRps").asDouble()).isEqualTo(100.0);
        assertThat(first.at("/errorsByCause/timeout").asLong()).isEqualTo(2);
        assertThat(first.get("flags").toString()).isEqualTo("[\"pinning-seen\"]");
    }

    @Test
    void aPointIsNeverStoredTwiceForOneLevel() {
        ApiClient api = ApiClient.admin(port);
        long jobId = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        long runId = api.get("/api/v1/jobs/" + jobId + "/runs").json().at("/items/0/id").asLong();
        insertPoint(runId, 0, 20);
        assertThatThrownBy(() -> insertPoint(runId, 0, 20)).hasMessageContaining("duplicate key");
    }

    @Test
    void aRunsRawArtifactsAreListedAndDownloadable() {
        ApiClient api = ApiClient.admin(port);
        long jobId = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        long runId = api.get("/api/v1/jobs/" + jobId + "/runs").json().at("/items/0/id").asLong();
        jdbc.sql("INSERT INTO run_artifacts (run_id, name, content_type, size_bytes, content) VALUES (:run, 'app.log', 'text/plain', 5, :bytes)")
                .param("run", runId).param("bytes", "hello".getBytes(java.nio.charset.StandardCharsets.UTF_8)).update();
        JsonNode list = api.get("/api/v1/runs/" + runId + "/artifacts").expect(200).json();
        assertThat(list.at("/items/0/name").asString()).isEqualTo("app.log");
        assertThat(list.at("/items/0/sizeBytes").asLong()).isEqualTo(5);
        var download = api.get(list.at("/items/0/href").asString()).expect(200);
        assertThat(download.body()).isEqualTo("hello");
        assertThat(download.header("Content-Disposition")).contains("app.log");
        api.get("/api/v1/runs/" + runId + "/artifacts/missing.jfr").expect(404);
        api.get("/api/v1/runs/987654321/artifacts").expect(404);
    }

    private void insertPoint(long runId, int levelIndex, int level) {
        jdbc.sql("""
                INSERT INTO result_points (run_id, level_index, level, measured_seconds, requests, successes, errors,
                    error_rate, errors_by_cause, throughput_rps, latency_p50_ms, latency_p95_ms, latency_p99_ms,
                    latency_max_ms, cpu_ms_per_request, memory_per_request_mb, vt_pinned_events,
                    theoretical_ceiling_rps, ceiling_share, flags)
                VALUES (:run, :idx, :level, 10, 977, 975, 2, 0.002, '{"timeout": 2}'::jsonb, 97.5, 201, 204, 210,
                    260, 1.5, 2.0, 3, 100.0, 0.975, ARRAY['pinning-seen'])
                """).param("run", runId).param("idx", levelIndex).param("level", level).update();
    }
}
