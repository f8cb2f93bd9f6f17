package dev.jvmbench.api.report;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import dev.jvmbench.common.stats.LatencyHistogram;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The report page of a one-level job with latency histograms, in a real browser: the percentile
 * distribution chart is drawn with its intervals, and the metric charts, which have no second
 * level to spread a band over, draw each interval as an error bar instead of a bare dot.
 */
@ApiIntegrationTest
class ReportDistributionsTest {

    private static final Pattern FIGURE_TAG = Pattern.compile("<figure class=\"chart[^\"]*\"[^>]*>");

    private static final Path KEPT_SCREENSHOT = Path.of("target", "report-distributions-screenshot.png");

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @TempDir
    Path temp;

    @Test
    void aOneLevelJobDrawsItsDistributionAndEveryIntervalAsAnErrorBar() {
        ApiClient api = ApiClient.admin(port);
        Map<String, Object> body = JobBodies.valid();
        body.put("jdks", new ArrayList<>(List.of(25)));
        body.put("repetitions", 3);
        JobBodies.child(body, "load").put("levels", new ArrayList<>(List.of(80)));
        long jobId = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).complete(jobId, List.of(80), (jdk, model, repetition, level) -> {
            double jitter = 1 + 0.03 * (repetition - 2);
            long base = model.equals("virtual") ? 10 : 30;
            long[] latencies = LongStream.range(0, 3000).map(i -> base + i % 40 + (i % 997 == 0 ? 400 + repetition * 50 : 0))
                    .toArray();
            return map("throughput_rps", 400 * jitter, "latency_p95_ms", base * 1.5 * jitter, "cpu_ms_per_request", 1.4 * jitter,
                    "latency_histogram", LatencyHistogram.ofMillis(latencies).encode());
        });

        String url = "http://127.0.0.1:" + port + "/jobs/" + jobId + "/report#token=" + ApiClient.ADMIN_TOKEN;
        HeadlessChromium chromium = new HeadlessChromium(temp);
        String dom = chromium.dumpDom(url);

        assertThat(dom).contains("data-state=\"ready\"");
        List<String> figures = new ArrayList<>();
        Matcher tag = FIGURE_TAG.matcher(dom);
        while (tag.find()) {
            figures.add(tag.group());
        }
        // one level, two cells: each measured metric chart draws two intervals as bars
        for (String metric : List.of("throughputRps", "latencyP95Ms", "cpuMsPerRequest")) {
            assertThat(figures).as(metric).anySatisfy(f -> assertThat(f).contains("data-metric=\"" + metric + "\"")
                    .contains("data-rendered=\"true\"").contains("data-error-bars=\"2\""));
        }
        // the distribution at 80 users: two cells x five percentiles, each with its interval
        assertThat(figures).anySatisfy(f -> assertThat(f).contains("distribution-chart").contains("data-level=\"80\"")
                .contains("data-rendered=\"true\"").contains("data-error-bars=\"10\""));
        assertThat(dom).contains("Latency distributions", "Latency by percentile at 80 users", "p99.9 per run");
        // for a developer to look at (api/target/report-distributions-screenshot.png)
        chromium.screenshot(url, KEPT_SCREENSHOT, 3600);
    }
}
