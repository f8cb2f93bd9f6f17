package dev.jvmbench.api.analysis;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import dev.jvmbench.common.stats.LatencyHistogram;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * GET /api/v1/jobs/{id}/distributions, the p99.9 comparison and the summary's tails over points
 * stored in the real database, some with a histogram, one without (older data), one unreadable.
 */
@ApiIntegrationTest
class LatencyDistributionApiTest {

    private static final List<Integer> LEVELS = List.of(20, 80);

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;

    /** Run {@code repetition}'s latencies: 1..1000 ms shifted by the repetition, a tail {@code tailMs} at the top. */
    private static String histogram(int repetition, long tailMs) {
        long[] body = LongStream.rangeClosed(1, 2000).map(v -> v / 2 + repetition).toArray();
        long[] tail = LongStream.range(0, 10).map(i -> tailMs + repetition * 10 + i).toArray();
        return LatencyHistogram.ofMillis(body).merge(LatencyHistogram.ofMillis(tail)).encode();
    }

    private long seededJob(ApiClient api, int repetitions, long virtualTailMs) {
        Map<String, Object> body = JobBodies.valid();
        body.put("jdks", new ArrayList<>(List.of(25)));
        body.put("repetitions", repetitions);
        long id = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).complete(id, LEVELS, (jdk, model, repetition, level) -> {
            Map<String, Object> columns = map("throughput_rps", 100.0, "latency_p99_ms", 900.0);
            if (model.equals("virtual")) {
                columns.put("latency_histogram", histogram(repetition, virtualTailMs));
            } else if (repetition == 2) {
                columns.put("latency_histogram", "bm90IGEgaGlzdG9ncmFt");   // base64, not a histogram
            } else if (repetition == 1) {
                columns.put("latency_histogram", histogram(repetition, 1500));
            }   // repetition 3: no histogram, as a point measured before they were kept
            return columns;
        });
        return id;
    }

    /** A null field is left out of the answer (the api's JSON omits nulls). */
    private static boolean absent(JsonNode node, String field) {
        return node.get(field) == null || node.get(field).isNull();
    }

    private static JsonNode cell(JsonNode view, String model) {
        for (JsonNode cell : view.get("cells")) {
            if (cell.get("threadModel").asString().equals(model)) {
                return cell;
            }
        }
        throw new AssertionError("no " + model + " cell in " + view);
    }

    @Test
    void theCellsRunsAreMergedPerLevelWithPercentilesIntervalsAndEachRunsTail() {
        ApiClient api = ApiClient.admin(port);
        long id = seededJob(api, 3, 3000);

        JsonNode view = api.get("/api/v1/jobs/" + id + "/distributions").expect(200).json();
        assertThat(view.get("percentiles").toString()).isEqualTo("[50.0,90.0,99.0,99.9,99.99]");
        JsonNode level = cell(view, "virtual").get("levels").get(1);
        assertThat(level.get("level").asInt()).isEqualTo(80);
        assertThat(level.get("runs").asInt()).isEqualTo(3);
        assertThat(level.get("runsMerged").asInt()).isEqualTo(3);
        assertThat(absent(level, "missing")).isTrue();
        assertThat(level.get("count").asLong()).isEqualTo(3 * 2010);
        assertThat(level.get("maxMs").asLong()).isEqualTo(3039);
        JsonNode p999 = level.get("percentiles").get(3);
        assertThat(p999.get("percentile").asDouble()).isEqualTo(99.9);
        // 6 of 6030 requests above p99.9's rank: the merged p99.9 is in the runs' tails
        assertThat(p999.get("latencyMs").asDouble()).isBetween(3010.0, 3039.0);
        assertThat(p999.get("low").asDouble()).isLessThanOrEqualTo(p999.get("latencyMs").asDouble());
        assertThat(p999.get("high").asDouble()).isGreaterThanOrEqualTo(p999.get("latencyMs").asDouble());
        JsonNode p50 = level.get("percentiles").get(0);
        assertThat(p50.get("latencyMs").asDouble()).isBetween(500.0, 504.0);
        assertThat(level.get("repetitions")).hasSize(3);
        for (JsonNode run : level.get("repetitions")) {
            assertThat(run.get("count").asLong()).isEqualTo(2010);
            assertThat(run.get("p999Ms").asDouble()).isBetween(3000.0, 3040.0);
            assertThat(absent(run, "missing")).isTrue();
        }

        // platform: one run merged, one without a histogram, one unreadable; said, not made up
        JsonNode platform = cell(view, "platform").get("levels").get(0);
        assertThat(platform.get("runsMerged").asInt()).isEqualTo(1);
        assertThat(platform.get("count").asLong()).isEqualTo(2010);
        assertThat(platform.get("missing").asString()).startsWith("2 of 3 runs have");
        List<String> missing = new ArrayList<>();
        platform.get("repetitions").forEach(r -> missing.add(absent(r, "missing") ? null : r.get("missing").asString()));
        assertThat(missing).containsExactlyInAnyOrder(null, "latency histogram unreadable",
                "no latency histogram stored (measured before histograms were kept)");

        // statistics carry the merged p99.9 like any metric
        JsonNode stats = api.get("/api/v1/jobs/" + id + "/statistics").expect(200).json();
        JsonNode statP999 = cell(stats, "virtual").get("levels").get(1).get("metrics").get("latencyP999Ms");
        assertThat(statP999.get("median").asDouble()).isEqualTo(p999.get("latencyMs").asDouble());

        // the summary shows the tails, and the platform cell says what it lacks
        String md = api.get("/api/v1/jobs/" + id + "/summary.md").expect(200).body();
        assertThat(md).contains("### Latency tails").contains("| JDK 25 virtual | 80 |").contains("2 of 3 runs have");
    }

    @Test
    void p999IsComparedOnMergedDistributionsBetweenCellsAndJobs() {
        ApiClient api = ApiClient.admin(port);
        long baseline = seededJob(api, 3, 3000);
        long slowerTail = seededJob(api, 3, 6000);

        JsonNode view = api.get("/api/v1/jobs/" + slowerTail + "/comparisons/jobs/" + baseline + "?metric=latencyP999Ms")
                .expect(200).json();
        JsonNode virtual = null;
        for (JsonNode pair : view.get("comparisons")) {
            if (pair.get("candidate").get("threadModel").asString().equals("virtual")) {
                virtual = pair;
            }
        }
        assertThat(virtual).isNotNull();
        JsonNode row = virtual.get("metrics").get(0);
        assertThat(row.get("metric").asString()).isEqualTo("latencyP999Ms");
        assertThat(row.get("ratio").asDouble()).isBetween(1.9, 2.1);
        assertThat(row.get("ratioLow").asDouble()).isGreaterThan(1.0);
        assertThat(row.get("verdict").asString()).isEqualTo("regressed");
        assertThat(row.get("baselineRuns").asInt()).isEqualTo(3);

        JsonNode same = api.get("/api/v1/jobs/" + baseline + "/comparisons/jobs/" + baseline + "?metric=latencyP999Ms")
                .expect(200).json();
        // a cell against itself: no change where it has runs to merge; the platform cell has one run with a
        // histogram (the others have none or an unreadable one), and one run a side is not judged (issue 21)
        same.get("comparisons").forEach(pair -> pair.get("metrics").forEach(r ->
                assertThat(r.get("verdict").asString()).as("%s", pair.get("candidate")).isEqualTo(
                        pair.at("/candidate/threadModel").asString().equals("platform") ? "not judged" : "no detectable change")));
        same.get("comparisons").forEach(pair -> pair.get("metrics").forEach(r -> assertThat(r.get("ratio").asDouble())
                .isEqualTo(1.0)));
        assertThat(api.get("/api/v1/catalog/metrics").expect(200).body()).contains("latencyP999Ms");
    }

    @Test
    void badIdsGetProblemDetails() {
        ApiClient api = ApiClient.admin(port);
        var missing = api.get("/api/v1/jobs/987654321/distributions").expect(404);
        assertThat(missing.header("Content-Type")).startsWith("application/problem+json");
        assertThat(missing.json().get("status").asInt()).isEqualTo(404);
        api.get("/api/v1/jobs/not-a-number/distributions").expect(400);
        api.get("/api/v1/jobs/99999999999999999999/distributions").expect(400);
    }
}
