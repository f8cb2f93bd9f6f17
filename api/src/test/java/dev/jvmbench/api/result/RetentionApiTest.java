package dev.jvmbench.api.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.config.BenchProperties;
import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import dev.jvmbench.common.store.RunArtifacts;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/** bench.retention.raw-artifacts: old raw artifacts lose their content, points and summaries stay. */
@ApiIntegrationTest
class RetentionApiTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    BenchProperties properties;
    @Autowired
    RunArtifacts artifacts;

    @Test
    void rawArtifactsPastTheRetentionArePrunedAndPointsAreKept() {
        ApiClient api = ApiClient.admin(port);
        long jobId = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).complete(jobId, List.of(20, 80), (jdk, model, rep, level) -> Map.of("throughput_rps", 90.0 + level));
        long runId = api.get("/api/v1/jobs/" + jobId + "/runs").json().at("/items/0/id").asLong();
        // The pruner's clock is the real now (other tests' fresh artifacts stay); this test's rows
        // are seeded with ages around the retention.
        Instant now = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MICROS);
        Duration retention = properties.retention().rawArtifacts();
        seed(runId, "app.jfr", "application/octet-stream", new byte[4096], now.minus(retention).minus(Duration.ofDays(5)));
        seed(runId, "app.log", "text/plain", "old log".getBytes(), now.minus(retention).minus(Duration.ofMinutes(1)));
        seed(runId, "load-levels.json", "application/json", "{\"levels\":[]}".getBytes(), now.minus(retention).plus(Duration.ofDays(1)));
        String pointsBefore = api.get("/api/v1/runs/" + runId + "/points").expect(200).body();
        String statisticsBefore = api.get("/api/v1/jobs/" + jobId + "/statistics").expect(200).body();

        var pruner = new RawArtifactPruner(artifacts, properties, Clock.fixed(now, ZoneOffset.UTC));
        RawArtifactPruner.Pruned pruned = pruner.prune();

        System.out.printf("retention test: pruned %d raw artifacts, %d bytes (retention %s)%n",
                pruned.artifacts(), pruned.bytes(), retention);
        assertThat(pruned.artifacts()).as("this run's two old artifacts, plus any older ones other tests left")
                .isGreaterThanOrEqualTo(2);
        assertThat(pruned.bytes()).isGreaterThanOrEqualTo(4096 + 7);
        var rows = jdbc.sql("SELECT name, octet_length(content) AS stored, size_bytes, pruned_at FROM run_artifacts "
                + "WHERE run_id = :run ORDER BY name").param("run", runId).query().listOfRows();
        assertThat(rows).extracting(r -> r.get("name") + " stored=" + r.get("stored") + " size=" + r.get("size_bytes")
                        + " pruned=" + (r.get("pruned_at") != null))
                .containsExactly("app.jfr stored=0 size=4096 pruned=true", "app.log stored=0 size=7 pruned=true",
                        "load-levels.json stored=13 size=13 pruned=false");

        JsonNode listing = api.get("/api/v1/runs/" + runId + "/artifacts").expect(200).json().get("items");
        assertThat(listing.get(0).get("name").asString()).isEqualTo("app.jfr");
        assertThat(Instant.parse(listing.get(0).get("prunedAt").asString())).isEqualTo(now);
        assertThat(listing.get(0).get("sizeBytes").asLong()).isEqualTo(4096);
        assertThat(listing.get(2).has("prunedAt")).isFalse();
        var gone = api.get("/api/v1/runs/" + runId + "/artifacts/app.jfr").expect(410);
        assertThat(gone.json().get("type").asString()).isEqualTo("https://jvmbench.dev/problems/artifact-pruned");
        assertThat(gone.json().get("detail").asString()).contains("pruned at " + now, "bench.retention.raw-artifacts",
                "points");
        assertThat(api.get("/api/v1/runs/" + runId + "/artifacts/load-levels.json").expect(200).body())
                .isEqualTo("{\"levels\":[]}");
        api.get("/api/v1/runs/" + runId + "/artifacts/no-such.log").expect(404);

        assertThat(api.get("/api/v1/runs/" + runId + "/points").expect(200).body()).isEqualTo(pointsBefore);
        assertThat(api.get("/api/v1/jobs/" + jobId + "/statistics").expect(200).body()).isEqualTo(statisticsBefore);
        assertThat(api.get("/api/v1/jobs/" + jobId + "/summary.md").expect(200).body()).contains("#");

        assertThat(pruner.prune().artifacts()).as("a second pass finds nothing new").isZero();
    }

    @Test
    void theArtifactsOfAnUnfinishedRunAreNotPruned() {
        ApiClient api = ApiClient.admin(port);
        long jobId = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        long runId = api.get("/api/v1/jobs/" + jobId + "/runs").json().at("/items/0/id").asLong();
        jdbc.sql("UPDATE runs SET status = 'RUNNING' WHERE id = :id").param("id", runId).update();
        Instant now = Instant.now();
        seed(runId, "app.jfr", "application/octet-stream", new byte[16], now.minus(Duration.ofDays(400)));

        new RawArtifactPruner(artifacts, properties, Clock.fixed(now, ZoneOffset.UTC)).prune();

        api.get("/api/v1/runs/" + runId + "/artifacts/app.jfr").expect(200);
    }

    private void seed(long runId, String name, String type, byte[] content, Instant createdAt) {
        jdbc.sql("INSERT INTO run_artifacts (run_id, name, content_type, size_bytes, content, created_at) "
                        + "VALUES (:run, :name, :type, :size, :content, :created)")
                .param("run", runId).param("name", name).param("type", type).param("size", content.length)
                .param("content", content).param("created", Timestamp.from(createdAt)).update();
    }
}
