package dev.jvmbench.api.result;

import static dev.jvmbench.api.support.ApiClient.map;
import static dev.jvmbench.api.support.JvmFactsSeeds.facts;
import static dev.jvmbench.api.support.JvmFactsSeeds.flag;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.common.jvm.Recording;
import dev.jvmbench.common.store.RunJvm;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** GET /api/v1/runs/{id}/jvm: what the run's JVM saw, as the worker stored it, and who chose what. */
@ApiIntegrationTest
class JvmApiTest {

    @LocalServerPort
    int port;
    @Autowired
    RunJvm jvms;

    @Test
    void aRunsJvmFactsSayWhatErgonomicsChoseAndWhatTheJobSet() {
        ApiClient api = ApiClient.admin(port);
        Map<String, Object> body = JobBodies.valid();
        body.put("jvmOptions", List.of("-XX:MaxRAMPercentage=75", "-XX:+AlwaysPreTouch"));
        body.put("platform", map("maxThreads", 200, "stackSizeKb", 512));
        long jobId = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
        JsonNode run = api.get("/api/v1/jobs/" + jobId + "/runs").json().at("/items/0");
        assertThat(run.get("threadModel").asString()).isEqualTo("platform");
        long runId = run.get("id").asLong();
        assertThat(run.at("/links/jvm").asString()).isEqualTo("/api/v1/runs/" + runId + "/jvm");
        jvms.store(runId, Recording.PARTIAL, facts(21, "Serial", 1, 512, 384,
                flag("MaxRAMPercentage", "75.0", "Environment variable"), flag("AlwaysPreTouch", "true", "Environment variable"),
                flag("ThreadStackSize", "512", "Command line"), flag("UseCompressedOops", "true", "Ergonomic")));

        JsonNode jvm = api.get("/api/v1/runs/" + runId + "/jvm").expect(200).json();

        assertThat(jvm.get("runId").asLong()).isEqualTo(runId);
        assertThat(jvm.get("jobId").asLong()).isEqualTo(jobId);
        assertThat(jvm.get("jdk").asInt()).isEqualTo(21);
        assertThat(jvm.get("recording").asString()).isEqualTo("partial");
        assertThat(jvm.get("vendor").asString()).isEqualTo("Eclipse Adoptium");
        assertThat(jvm.get("version").asString()).isEqualTo("21.0.1+8");
        assertThat(jvm.get("featureVersion").asInt()).isEqualTo(21);
        assertThat(jvm.at("/gc/name").asString()).isEqualTo("Serial");
        assertThat(jvm.at("/gc/oldCollector").asString()).isEqualTo("SerialOld");
        assertThat(jvm.at("/gc/chosenByErgonomics").asBoolean()).isTrue();
        assertThat(jvm.at("/heap/maxBytes").asLong()).isEqualTo(384L * 1024 * 1024);
        assertThat(jvm.at("/heap/maxChosenByErgonomics").asBoolean()).as("MaxRAMPercentage sized it").isFalse();
        assertThat(jvm.at("/cpus/availableProcessors").asInt()).isEqualTo(1);
        assertThat(jvm.at("/cpus/hardwareThreads").asInt()).isEqualTo(8);
        assertThat(jvm.at("/container/type").asString()).isEqualTo("cgroupv2");
        assertThat(jvm.at("/container/memoryLimitBytes").asLong()).isEqualTo(512L * 1024 * 1024);
        assertThat(jvm.get("jobOptions").toString())
                .isEqualTo("[\"-Xss512k\",\"-XX:MaxRAMPercentage=75\",\"-XX:+AlwaysPreTouch\"]");
        Map<String, String> setBy = new java.util.TreeMap<>();
        StreamSupport.stream(jvm.get("flags").spliterator(), false)
                .forEach(f -> setBy.put(f.get("name").asString(), f.get("setBy").asString()));
        assertThat(setBy).containsEntry("UseSerialGC", "ergonomics").containsEntry("MaxHeapSize", "ergonomics")
                .containsEntry("StartFlightRecording", "launch").containsEntry("MaxRAMPercentage", "job")
                .containsEntry("AlwaysPreTouch", "job").containsEntry("ThreadStackSize", "job")
                .containsEntry("UseCompressedOops", "ergonomics");
        assertThat(jvm.at("/systemProperties/java.vm.vendor").asString()).isEqualTo("Eclipse Adoptium");
    }

    @Test
    void anUnknownRunARunNotReadYetAndALostRecordingAreNotFound() {
        ApiClient api = ApiClient.admin(port);
        long jobId = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        JsonNode runs = api.get("/api/v1/jobs/" + jobId + "/runs").json().get("items");
        long notRead = runs.get(0).get("id").asLong();
        long lost = runs.get(1).get("id").asLong();
        jvms.store(lost, Recording.LOST, null);

        var unknown = api.get("/api/v1/runs/987654321/jvm").expect(404);
        assertThat(unknown.header("Content-Type")).startsWith("application/problem+json");
        assertThat(unknown.json().get("detail").asString()).contains("no run with id 987654321");
        assertThat(api.get("/api/v1/runs/" + notRead + "/jvm").expect(404).json().get("detail").asString())
                .contains("no JVM facts yet");
        assertThat(api.get("/api/v1/runs/" + lost + "/jvm").expect(404).json().get("detail").asString())
                .contains("recording was lost");
    }

    @Test
    void itNeedsAReadTokenLikeTheOtherRunEndpoints() {
        ApiClient api = ApiClient.admin(port);
        long jobId = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        long runId = api.get("/api/v1/jobs/" + jobId + "/runs").json().at("/items/0/id").asLong();
        jvms.store(runId, Recording.COMPLETE, facts(25, "G1", 2, 2048, 512));

        api.withToken(null).get("/api/v1/runs/" + runId + "/jvm").expect(401);
        String reader = api.postJson("/api/v1/tokens", map("name", "jvm-reader", "role", "read")).expect(201)
                .json().get("token").asString();
        JsonNode jvm = api.withToken(reader).get("/api/v1/runs/" + runId + "/jvm").expect(200).json();
        assertThat(jvm.at("/gc/name").asString()).isEqualTo("G1");
        assertThat(jvm.at("/heap/maxChosenByErgonomics").asBoolean()).isTrue();
    }
}
