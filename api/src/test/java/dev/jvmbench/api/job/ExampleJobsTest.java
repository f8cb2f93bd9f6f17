package dev.jvmbench.api.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The job files the README tells people to copy (docs/examples) are accepted as they are: a demo
 * that the api refused, or that silently fell back to defaults it does not show, would be the first
 * thing a team copies. The demo also keeps the practice it preaches: at least 3 repetitions and an
 * adaptive warm-up.
 */
@ApiIntegrationTest
class ExampleJobsTest {

    private static final tools.jackson.databind.json.JsonMapper JSON = tools.jackson.databind.json.JsonMapper.builder().build();
    private static final Path EXAMPLES = Path.of("..", "docs", "examples");

    @LocalServerPort
    int port;

    @Test
    void everyExampleJobIsAccepted() throws Exception {
        List<Path> files;
        try (Stream<Path> listed = Files.list(EXAMPLES)) {
            files = listed.filter(p -> p.toString().endsWith("-job.json")).sorted().toList();
        }
        assertThat(files).extracting(p -> p.getFileName().toString()).contains("demo-job.json", "jdk-upgrade-job.json");
        ApiClient api = ApiClient.admin(port);
        for (Path file : files) {
            var body = (tools.jackson.databind.node.ObjectNode) JSON.readTree(Files.readAllBytes(file));
            if (body.at("/scenario/request").isObject() && !body.has("app")) {
                // a custom request is for a team's own app, which `./bench submit --jar` adds (README, sample apps)
                body.putObject("app").put("image", "jvmbench/shop:1").put("name", "shop");
            }
            JsonNode job = api.post("/api/v1/jobs", "application/json", JSON.writeValueAsBytes(body)).expect(201).json();
            assertThat(job.get("id").asLong()).as(file.toString()).isPositive();
            api.post("/api/v1/jobs/" + job.get("id").asLong() + "/cancel");
        }
    }

    @Test
    void theDemoModelsGoodPractice() throws Exception {
        ApiClient api = ApiClient.admin(port);
        JsonNode job = api.post("/api/v1/jobs", "application/json",
                Files.readAllBytes(EXAMPLES.resolve("demo-job.json"))).expect(201).json();
        assertThat(job.at("/spec/repetitions").asInt()).as("a verdict needs an interval").isGreaterThanOrEqualTo(3);
        assertThat(job.at("/spec/load/warmup/mode").asString()).isEqualTo("adaptive");
        api.post("/api/v1/jobs/" + job.get("id").asLong() + "/cancel");
    }
}
