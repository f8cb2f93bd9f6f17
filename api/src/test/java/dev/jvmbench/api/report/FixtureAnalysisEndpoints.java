package dev.jvmbench.api.report;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** TEMPORARY until the analysis endpoints are merged: serves the fixtures at their paths. */
@TestConfiguration
class FixtureAnalysisEndpoints {

    @RestController
    static class Stub {
        @GetMapping("/api/v1/jobs/{id}/statistics")
        ResponseEntity<String> statistics() throws java.io.IOException {
            return json("statistics");
        }

        @GetMapping("/api/v1/comparisons")
        ResponseEntity<String> comparisons() throws java.io.IOException {
            return json("comparisons");
        }

        private static ResponseEntity<String> json(String name) throws java.io.IOException {
            return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(new ClassPathResource(
                    "report/fixture-" + name + ".json").getContentAsString(java.nio.charset.StandardCharsets.UTF_8));
        }
    }
}
