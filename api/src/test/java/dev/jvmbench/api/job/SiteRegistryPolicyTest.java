package dev.jvmbench.api.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * A site that lists its registry (bench.policy.registries) runs its images, and its contract says
 * so: the served document states this installation's policy, not the default one of openapi.yaml.
 */
@ApiIntegrationTest
@TestPropertySource(properties = "bench.policy.registries=registry.example/")
class SiteRegistryPolicyTest {

    @LocalServerPort
    int port;

    @Test
    void imagesFromTheSitesRegistryRunAndTheContractSaysSo() {
        ApiClient api = ApiClient.admin(port);
        api.postJson("/api/v1/jobs", JobBodies.userImage("registry.example/shop:1.0")).expect(201);
        Map<String, Object> templated = JobBodies.userImage("registry.example/shop:jdk{jdk}");
        templated.put("jdks", List.of(21, 25));
        api.postJson("/api/v1/jobs", templated).expect(201);
        for (String image : List.of("registry.example.evil/shop:1", "docker.io/evil/miner:1")) {
            assertThat(api.postJson("/api/v1/jobs", JobBodies.userImage(image)).expect(400).fieldError("app.image"))
                    .contains("registry.example/");
        }
        String pattern = api.withToken(null).get("/v3/api-docs").expect(200).json()
                .at("/components/schemas/SubmittedApp/properties/image/pattern").asString();
        assertThat(pattern).contains("registry\\.example/").contains("jvmbench/");
        assertThat("registry.example/shop:jdk{jdk}").matches(pattern);
        assertThat("registry.example.evil/shop:1").doesNotMatch(pattern);
    }
}
