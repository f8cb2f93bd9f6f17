package dev.jvmbench.api.job;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import io.swagger.v3.core.util.Json31;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Bad input: every case gets a 4xx problem that says what is wrong, and nothing is stored. */
@ApiIntegrationTest
class JobValidationTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    ApiClient api;
    long jobsBefore;

    @BeforeEach
    void client() {
        api = ApiClient.admin(port);
    }

    private ApiClient.Response submit(Object body) {
        jobsBefore = jdbc.sql("SELECT count(*) FROM jobs").query(Long.class).single();
        var response = api.postJson("/api/v1/jobs", body);
        if (response.status() >= 400) {
            assertThat(jdbc.sql("SELECT count(*) FROM jobs").query(Long.class).single())
                    .as("a refused job stores nothing").isEqualTo(jobsBefore);
        }
        return response;
    }

    /**
     * The rules between fields are declared once (SubmissionRules): each is checked (the tests
     * below) and each is in the served contract as it is, with no second declaration to forget.
     */
    @Test
    void everyRuleBetweenFieldsIsInTheServedContract() {
        JsonNode submission = api.withToken(null).get("/v3/api-docs").expect(200).json().at("/components/schemas/JobSubmission");
        List<JsonNode> served = new ArrayList<>();
        submission.get("allOf").forEach(served::add);
        for (SubmissionRule rule : SubmissionRules.ALL) {
            JsonNode declared = JsonMapper.builder().build().readTree(Json31.pretty(rule.schema()));
            assertThat(served).as("JobSubmission.allOf holds the rule '%s'", rule.message()).contains(declared);
        }
    }

    @Test
    void malformedJson() {
        var response = submit("{\"threadModels\": [\"platform\",").expect(400);
        assertThat(response.json().get("detail").asString()).startsWith("malformed JSON at line 1");
    }

    @Test
    void missingBody() {
        var response = api.post("/api/v1/jobs", "application/json", new byte[0]).expect(400);
        assertThat(response.json().get("detail").asString()).contains("missing");
    }

    @Test
    void wrongContentType() {
        api.post("/api/v1/jobs", "text/plain", "hello".getBytes(StandardCharsets.UTF_8)).expect(415);
    }

    @Test
    void wrongTypes() {
        Map<String, Object> body = JobBodies.valid();
        body.put("repetitions", "many");
        assertThat(submit(body).expect(400).fieldError("repetitions")).isEqualTo("'many' is not an integer");

        body = JobBodies.valid();
        body.put("repetitions", 1.5);
        submit(body).expect(400).fieldError("repetitions");

        body = JobBodies.valid();
        body.put("load", List.of(20, 80));
        assertThat(submit(body).expect(400).fieldError("load")).isEqualTo("must be an object");

        body = JobBodies.valid();
        JobBodies.child(body, "load").put("levels", List.of(20, "eighty"));
        submit(body).expect(400).fieldError("load.levels[1]");
    }

    @Test
    void confirmationRunsAreBounded() {
        for (Object bad : List.of(7, -1)) {
            Map<String, Object> body = JobBodies.valid();
            body.put("gate", ApiClient.map("confirm", ApiClient.map("extraRepetitions", bad)));
            assertThat(submit(body).expect(400).fieldError("gate.confirm.extraRepetitions")).isEqualTo("must be between 0 and 6");
        }
        Map<String, Object> body = JobBodies.valid();
        body.put("gate", ApiClient.map("confirm", ApiClient.map("extraRepetitions", 1.5)));
        submit(body).expect(400).fieldError("gate.confirm.extraRepetitions");
    }

    @Test
    void unknownEnumValuesNameTheAllowedOnes() {
        Map<String, Object> body = JobBodies.valid();
        body.put("threadModels", List.of("platform", "green"));
        assertThat(submit(body).expect(400).fieldError("threadModels[1]"))
                .isEqualTo("'green' is not one of [platform, virtual, webflux]");

        body = JobBodies.valid();
        JobBodies.child(body, "load").put("model", "poisson");
        assertThat(submit(body).expect(400).fieldError("load.model")).contains("[closed, open]");
    }

    @Test
    void unknownPropertiesAreRefusedRatherThanIgnored() {
        Map<String, Object> body = JobBodies.valid();
        body.put("threadModel", List.of("virtual"));
        assertThat(submit(body).expect(400).fieldError("threadModel")).isEqualTo("unknown property 'threadModel'");
    }

    @Test
    void outOfRangeNumbersNameTheAllowedRange() {
        Map<String, Object> body = JobBodies.valid();
        JobBodies.child(body, "load").put("levels", List.of(0, 100001));
        JobBodies.child(body, "load").put("stepSeconds", 3601);
        JobBodies.child(body, "load").put("warmupSeconds", -1);
        JobBodies.child(body, "limits").put("cpus", 0);
        JobBodies.child(body, "limits").put("memoryMb", 64);
        body.put("repetitions", 21);
        var response = submit(body).expect(400);
        assertThat(response.fieldError("load.levels[0]")).isEqualTo("must be between 1 and 100000");
        assertThat(response.fieldError("load.levels[1]")).isEqualTo("must be between 1 and 100000");
        assertThat(response.fieldError("load.stepSeconds")).isEqualTo("must be between 1 and 3600 seconds");
        assertThat(response.fieldError("load.warmupSeconds")).isEqualTo("must be between 0 and 3600 seconds");
        assertThat(response.fieldError("limits.cpus")).isEqualTo("must be greater than 0 and at most 64");
        assertThat(response.fieldError("limits.memoryMb")).isEqualTo("must be between 128 and 262144 MB");
        assertThat(response.fieldError("repetitions")).isEqualTo("must be between 1 and 20");
        assertThat(response.json().get("detail").asString()).isEqualTo("7 fields are invalid");
    }

    @Test
    void tooManyLevelsAndEmptyMatrix() {
        Map<String, Object> body = JobBodies.valid();
        List<Integer> levels = new ArrayList<>();
        for (int i = 1; i <= 51; i++) {
            levels.add(i * 10);
        }
        JobBodies.child(body, "load").put("levels", levels);
        body.put("threadModels", Collections.emptyList());
        body.put("jdks", Collections.emptyList());
        var response = submit(body).expect(400);
        assertThat(response.fieldError("load.levels")).isEqualTo("must hold 1 to 50 levels");
        assertThat(response.fieldError("threadModels")).contains("at least one");
        assertThat(response.fieldError("jdks")).contains("at least one");

        body = JobBodies.valid();
        JobBodies.child(body, "load").put("levels", List.of(20, 20));
        assertThat(submit(body).expect(400).fieldError("load.levels")).isEqualTo("must not repeat a level");
    }

    @Test
    void requiredParts() {
        Map<String, Object> body = JobBodies.valid();
        body.remove("scenario");
        body.remove("load");
        var response = submit(body).expect(400);
        assertThat(response.fieldError("scenario")).isEqualTo("is required");
        assertThat(response.fieldError("load")).isEqualTo("is required");
    }

    @Test
    void levelsOrACapacitySearchWithAnSlo() {
        Map<String, Object> body = JobBodies.valid();
        JobBodies.child(body, "load").remove("levels");
        assertThat(submit(body).expect(400).fieldError("load")).startsWith("give exactly one of levels");

        body = JobBodies.valid();
        JobBodies.child(body, "load").put("search", Map.of("start", 10, "max", 400));
        body.put("slo", Map.of("latencyP95Ms", 250));
        assertThat(submit(body).expect(400).fieldError("load")).startsWith("give exactly one of levels");

        body = JobBodies.valid();
        JobBodies.child(body, "load").remove("levels");
        JobBodies.child(body, "load").put("search", Map.of("start", 10, "max", 400));
        assertThat(submit(body).expect(400).fieldError("slo")).startsWith("a capacity search (load.search) needs an slo");

        body = JobBodies.valid();
        JobBodies.child(body, "load").remove("levels");
        JobBodies.child(body, "load").put("search", Map.of("start", 900, "max", 400, "maxSteps", 1));
        body.put("slo", Map.of("latencyP95Ms", 250));
        assertThat(submit(body).expect(400).fieldError("load.search.maxSteps")).isEqualTo("must be between 2 and 30");

        body = JobBodies.valid();
        JobBodies.child(body, "load").put("warmup", Map.of("mode", "gradual"));
        submit(body).expect(400).fieldError("load.warmup.mode");

        body = JobBodies.valid();
        JobBodies.child(body, "load").put("warmup", Map.of("mode", "adaptive", "jitCpuPercent", 0.1));
        assertThat(submit(body).expect(400).fieldError("load.warmup.jitCpuPercent"))
                .isEqualTo("must be between 0.5 and 100 percent");
    }

    @Test
    void aCapacitySearchAndAnAdaptiveWarmUpAreStoredNormalised() {
        Map<String, Object> body = JobBodies.valid();
        JobBodies.child(body, "load").remove("levels");
        JobBodies.child(body, "load").put("search", Map.of("start", 900, "max", 400));
        JobBodies.child(body, "load").put("warmup", Map.of("mode", "adaptive"));
        body.put("slo", Map.of("latencyP95Ms", 250));
        var load = submit(body).expect(201).json().get("spec").get("load");
        assertThat(load.get("search").get("start").asInt()).as("a start above max starts at max").isEqualTo(400);
        assertThat(load.get("search").get("maxSteps").asInt()).isEqualTo(10);
        assertThat(load.get("warmup").get("mode").asString()).isEqualTo("adaptive");
        assertThat(load.get("warmup").get("maxSeconds").asInt()).isEqualTo(300);
        assertThat(load.get("warmup").get("jitCpuPercent").asDouble()).as("the JIT's bound, docs/statistics.md")
                .isEqualTo(3.0);
    }

    @Test
    void anUnavailableJdkIsRefusedWithTheReason() {
        Map<String, Object> body = JobBodies.valid();
        body.put("jdks", List.of(21, 24));
        assertThat(submit(body).expect(400).fieldError("jdks[1]"))
                .startsWith("JDK 24 is unavailable here: ").contains("registry");

        body.put("jdks", List.of(17));
        assertThat(submit(body).expect(400).fieldError("jdks[0]"))
                .isEqualTo("JDK 17 is not in the catalogue; available: [21, 25, 26]");
    }

    @Test
    void scenariosAndTheirParametersComeFromTheCatalogue() {
        Map<String, Object> body = JobBodies.valid();
        body.put("scenario", map("name", "io-htp"));
        assertThat(submit(body).expect(400).fieldError("scenario.name")).contains("not a built-in scenario")
                .contains("io-http");

        body.put("scenario", map("name", "io-db", "params", map("poolSize", 0, "sleepMillis", 5)));
        var response = submit(body).expect(400);
        assertThat(response.fieldError("scenario.params.poolSize")).isEqualTo("must be between 1 and 1000 connections");
        assertThat(response.fieldError("scenario.params.sleepMillis")).contains("[sleepMs, poolSize]");

        // a switch or a count takes whole numbers only (the app would refuse 0.5 on every request)
        body.put("scenario", map("name", "io-http", "params", map("leakConnections", 0.5, "delayMs", 0.5)));
        var fraction = submit(body).expect(400);
        assertThat(fraction.fieldError("scenario.params.leakConnections")).isEqualTo("must be a whole number");
        assertThat(fraction.fieldError("scenario.params.delayMs")).isEqualTo("must be between 1 and 60000 ms");
    }

    @Test
    void appAndScenarioMustFitTogether() {
        Map<String, Object> body = JobBodies.valid();
        body.put("scenario", map("name", "checkout", "request", map("path", "/checkout")));
        assertThat(submit(body).expect(400).fieldError("scenario.request")).contains("needs the app under test");

        body = JobBodies.userImage("jvmbench/shop:1.0");
        body.put("scenario", map("name", "io-http"));
        assertThat(submit(body).expect(400).fieldError("scenario.request")).contains("is required for a user's app");

        body = JobBodies.userImage("jvmbench/shop:1.0");
        body.put("app", map("image", "jvmbench/shop:1.0", "artifactId", 5));
        assertThat(submit(body).expect(400).fieldError("app")).isEqualTo("give exactly one of image or artifactId");

        body = JobBodies.userImage("jvmbench/shop:1.0");
        body.put("app", map("artifactId", 999999));
        // the body is valid; what it refers to is not there
        assertThat(submit(body).expect(404).fieldError("app.artifactId")).contains("no uploaded artifact with id 999999");

        body = JobBodies.userImage("jvmbench/shop:1.0");
        body.put("jdks", List.of(21, 25));
        assertThat(submit(body).expect(400).fieldError("app.image")).contains("{jdk}");

        body = JobBodies.userImage("jvmbench/shop:1.0");
        body.put("threadModels", List.of("virtual", "webflux"));
        assertThat(submit(body).expect(400).fieldError("threadModels[1]")).contains("app.reactive=true");

        body = JobBodies.userImage("jvmbench/shop:jdk{jdk}");
        body.put("jdks", List.of(21, 25));
        api.postJson("/api/v1/jobs", body).expect(201);
    }

    @Test
    void anIdempotencyKeyMustBePrintable() {
        var response = api.postJson("/api/v1/jobs", JobBodies.valid(), Map.of("Idempotency-Key", "x".repeat(256)))
                .expect(400);
        assertThat(response.fieldError("Idempotency-Key")).contains("1-255 visible ASCII");
    }

    @Test
    void badListParameters() {
        assertThat(api.get("/api/v1/jobs?page=-1").expect(400).fieldError("page")).isEqualTo("must be 0 or more");
        assertThat(api.get("/api/v1/jobs?size=1000").expect(400).fieldError("size")).isEqualTo("must be between 1 and 200");
        assertThat(api.get("/api/v1/jobs?status=BOGUS").expect(400).fieldError("status")).contains("QUEUED");
        assertThat(api.get("/api/v1/jobs?label=nokey").expect(400).fieldError("label")).contains("key=value");
        assertThat(api.get("/api/v1/jobs?threadModel=green").expect(400).fieldError("threadModel")).contains("virtual");
        assertThat(api.get("/api/v1/jobs?createdAfter=yesterday").expect(400).fieldError("createdAfter"))
                .contains("ISO-8601");
        api.get("/api/v1/jobs?jdk=twenty-one").expect(400);
        api.get("/api/v1/jobs?page=abc").expect(400);
    }
}
