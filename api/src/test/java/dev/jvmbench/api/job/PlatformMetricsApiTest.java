package dev.jvmbench.api.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The api's platform metrics on /actuator/prometheus after a submission, and docs/metrics.md lists them. */
@ApiIntegrationTest
class PlatformMetricsApiTest {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*})? (\\S+)", Pattern.MULTILINE);

    @LocalServerPort
    int port;

    @Test
    void submittingAJobShowsInTheJobAndQueueMetrics() {
        ApiClient api = ApiClient.admin(port);
        double submittedBefore = samples(scrape(api)).getOrDefault("jvmbench_jobs_submitted_total", 0.0);
        api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201);

        // The gauges are cached a few seconds: wait for a snapshot taken after the submission.
        Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
            Map<String, Double> after = samples(scrape(api));
            assertThat(after.get("jvmbench_jobs{status=\"QUEUED\"}")).isGreaterThanOrEqualTo(1.0);
            assertThat(after.get("jvmbench_queue_runs")).as("the job's 8 runs wait").isGreaterThanOrEqualTo(8.0);
        });
        String text = scrape(api);
        Map<String, Double> after = samples(text);
        System.out.println("api platform metrics after one submission:");
        after.entrySet().stream().filter(e -> e.getKey().startsWith("jvmbench_"))
                .forEach(e -> System.out.println("  " + e.getKey() + " " + e.getValue()));
        assertThat(after.get("jvmbench_jobs_submitted_total")).isEqualTo(submittedBefore + 1);
        assertThat(after.get("jvmbench_queue_oldest_age_seconds")).isGreaterThanOrEqualTo(0.0).isLessThan(86_400.0);
        assertThat(after).containsKeys("jvmbench_jobs{status=\"SUCCEEDED\"}", "jvmbench_jobs{status=\"RUNNING\"}",
                "jvmbench_jobs{status=\"FAILED\"}", "jvmbench_jobs{status=\"CANCELLED\"}");
        assertThat(text).contains("# TYPE jvmbench_jobs gauge", "# TYPE jvmbench_jobs_submitted_total counter",
                "# TYPE jvmbench_queue_runs gauge", "# TYPE jvmbench_queue_oldest_age_seconds gauge");
    }

    @Test
    void everyDocumentedApiMetricIsExported() throws Exception {
        Set<String> exported = samples(scrape(ApiClient.admin(port))).keySet().stream()
                .map(key -> key.replaceAll("\\{.*", "")).collect(Collectors.toSet());
        Set<String> documented = documentedMetrics("api");
        assertThat(documented).isNotEmpty();
        assertThat(exported).containsAll(documented);
    }

    /** Names in the "Platform metrics" table of docs/metrics.md whose side column is the given one. */
    static Set<String> documentedMetrics(String side) throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "metrics.md"));
        String section = doc.substring(doc.indexOf("# Platform metrics"));
        Matcher row = Pattern.compile("^\\| `(jvmbench_[a-z_]+)` \\| (\\w+) \\|", Pattern.MULTILINE).matcher(section);
        Set<String> names = new java.util.TreeSet<>();
        while (row.find()) {
            if (row.group(2).equals(side)) {
                names.add(row.group(1));
            }
        }
        return names;
    }

    private String scrape(ApiClient api) {
        return api.get("/actuator/prometheus").expect(200).body();
    }

    /** Sample name with its labels (as printed) to value; comments skipped. */
    static Map<String, Double> samples(String text) {
        Map<String, Double> samples = new TreeMap<>();
        Matcher m = SAMPLE.matcher(text);
        while (m.find()) {
            String labels = m.group(2) == null ? "" : m.group(2).replaceAll(",?application=\"[^\"]*\"", "")
                    .replace("{,", "{").replace("{}", "");
            samples.put(m.group(1) + labels, Double.parseDouble(m.group(3)));
        }
        return samples;
    }
}
