package dev.jvmbench.api.analysis;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * Change points over history series stored in the real database: twelve builds (sha=1..12) of which
 * the seventh and later lose 10% of throughput at level 80 (p95 up by as much) on virtual threads,
 * the rest under 1% noise per job and per run (fixed seed).
 */
@ApiIntegrationTest
class HistoryChangesApiTest {

    private static final List<Integer> LEVELS = List.of(20, 80);
    private static final int JOBS = 12;
    private static final int REGRESSED_FROM = 7;

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;

    private final String suite = UUID.randomUUID().toString();

    private List<Long> seedBuilds(ApiClient api) {
        SplittableRandom random = new SplittableRandom(23);
        List<Long> ids = new ArrayList<>();
        for (int sha = 1; sha <= JOBS; sha++) {
            Map<String, Object> body = JobBodies.valid();
            body.put("jdks", new ArrayList<>(List.of(25)));
            body.put("repetitions", 3);
            body.put("labels", map("suite", suite, "sha", String.valueOf(sha)));
            long id = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
            double jobNoise = 1 + 0.005 * random.nextGaussian();
            double[] runNoise = {1 + 0.005 * random.nextGaussian(), 1 + 0.005 * random.nextGaussian(),
                    1 + 0.005 * random.nextGaussian()};
            boolean regressed = sha >= REGRESSED_FROM;
            new ResultSeeder(jdbc).complete(id, LEVELS, (jdk, model, repetition, level) -> {
                double noise = jobNoise * runNoise[repetition - 1];
                double slowdown = regressed && model.equals("virtual") && level == 80 ? 0.9 : 1.0;
                return map("throughput_rps", 390 * slowdown * noise * (level == 20 ? 0.25 : 1),
                        "latency_p95_ms", 205 / slowdown * noise, "cpu_ms_per_request", 1.5 * noise,
                        "vt_pinned_events", 0L, "flags", new String[0]);
            });
            ids.add(id);
        }
        return ids;
    }

    @Test
    void aRegressionIsFoundAtTheJobWhereItEnteredWithItsCommit() {
        ApiClient api = ApiClient.admin(port);
        List<Long> ids = seedBuilds(api);
        String query = "/api/v1/history/changes?scenario=io-http&label=suite=" + suite;

        JsonNode changes = api.get(query + "&metric=throughputRps,latencyP95Ms").expect(200).json();
        assertThat(changes.get("metrics").toString()).isEqualTo("[\"throughputRps\",\"latencyP95Ms\"]");
        assertThat(changes.at("/changeDetection/window").asInt()).isEqualTo(50);
        assertThat(changes.at("/changeDetection/maxPValue").asDouble()).isEqualTo(0.001);
        assertThat(changes.at("/changeDetection/significance").asString()).isEqualTo("jobs-and-runs");
        JsonNode items = changes.get("items");
        assertThat(items).as(items.toString()).hasSize(2);   // throughput and p95 of virtual at 80, nothing else
        JsonNode throughput = items.get(0);
        assertThat(throughput.get("metric").asString()).isEqualTo("throughputRps");
        assertThat(throughput.get("app").asString()).isEqualTo("stock");
        assertThat(throughput.get("scenario").asString()).isEqualTo("io-http");
        assertThat(throughput.get("jdk").asInt()).isEqualTo(25);
        assertThat(throughput.get("threadModel").asString()).isEqualTo("virtual");
        assertThat(throughput.get("level").asInt()).isEqualTo(80);
        assertThat(throughput.get("metricDirection").asString()).isEqualTo("higher");
        JsonNode change = throughput.get("change");
        assertThat(change.at("/job/id").asLong()).isEqualTo(ids.get(REGRESSED_FROM - 1));
        assertThat(change.at("/job/labels/sha").asString()).isEqualTo(String.valueOf(REGRESSED_FROM));
        assertThat(change.at("/job/createdAt").isMissingNode()).isFalse();
        assertThat(change.at("/previousJob/labels/sha").asString()).isEqualTo(String.valueOf(REGRESSED_FROM - 1));
        assertThat(change.get("direction").asString()).isEqualTo("worse");
        assertThat(change.get("ratio").asDouble()).isBetween(0.88, 0.92);
        assertThat(change.get("ratioLow").asDouble()).isLessThan(change.get("ratio").asDouble());
        assertThat(change.get("ratioHigh").asDouble()).isBetween(change.get("ratio").asDouble(), 0.95);
        assertThat(change.get("medianBefore").asDouble()).isBetween(380.0, 400.0);
        assertThat(change.get("pValue").asDouble()).isLessThan(0.001);
        assertThat(change.get("jobsBefore").asInt()).isEqualTo(REGRESSED_FROM - 1);
        assertThat(change.get("jobsAfter").asInt()).isEqualTo(JOBS - REGRESSED_FROM + 1);
        assertThat(change.get("runsBefore").asInt()).isEqualTo(3 * (REGRESSED_FROM - 1));
        assertThat(change.get("pValue").asDouble()).isEqualTo(Math.max(change.get("pValueJobs").asDouble(),
                change.get("pValueRuns").asDouble()));
        JsonNode p95 = items.get(1);
        assertThat(p95.get("metric").asString()).isEqualTo("latencyP95Ms");
        assertThat(p95.get("metricDirection").asString()).isEqualTo("lower");
        assertThat(p95.at("/change/direction").asString()).isEqualTo("worse");
        assertThat(p95.at("/change/ratio").asDouble()).isBetween(1.08, 1.14);

        // The same change point inside the history, on its series; the other series have none.
        JsonNode history = api.get("/api/v1/history?scenario=io-http&metric=throughputRps&label=suite=" + suite)
                .expect(200).json();
        assertThat(history.at("/changeDetection/maxPValue").asDouble()).isEqualTo(0.001);
        int withChanges = 0;
        for (JsonNode series : history.get("series")) {
            if (series.get("threadModel").asString().equals("virtual") && series.get("level").asInt() == 80) {
                assertThat(series.get("changes")).hasSize(1);
                assertThat(series.at("/changes/0/job/id").asLong()).isEqualTo(ids.get(REGRESSED_FROM - 1));
                withChanges++;
            } else {
                assertThat(series.get("changes")).as(series.toString()).isEmpty();
            }
        }
        assertThat(withChanges).isEqualTo(1);

        // The runs alone mistake a job-to-job difference (every run of a job shares its noise) for
        // changes; the jobs alone, like the default, do not.
        JsonNode byRuns = api.get(query + "&metric=throughputRps&significance=runs").expect(200).json();
        assertThat(byRuns.get("items").size()).isGreaterThan(1);
        for (JsonNode item : byRuns.get("items")) {
            boolean seeded = item.get("threadModel").asString().equals("virtual") && item.get("level").asInt() == 80;
            if (!seeded) {
                assertThat(item.at("/change/pValueRuns").asDouble()).isLessThan(0.001);
                assertThat(item.at("/change/pValueJobs").asDouble()).as(item.toString()).isGreaterThan(0.001);
            }
        }
        JsonNode byJobs = api.get(query + "&metric=throughputRps&significance=jobs").expect(200).json();
        assertThat(byJobs.get("items")).hasSize(1);
        assertThat(byJobs.at("/items/0/change/pValue").asDouble()).isEqualTo(byJobs.at("/items/0/change/pValueJobs").asDouble());
        // A minimum magnitude above the change leaves nothing.
        assertThat(api.get(query + "&metric=throughputRps&minMagnitude=0.2").expect(200).json().get("items")).isEmpty();
        // Narrowed like the history: the platform thread model has no change.
        assertThat(api.get(query + "&metric=throughputRps&threadModel=platform").expect(200).json().get("items")).isEmpty();
    }

    @Test
    void badInputIsAProblemNotAnError() {
        ApiClient api = ApiClient.admin(port);
        String query = "/api/v1/history/changes?scenario=io-http&label=suite=" + suite;
        api.get(query + "&metric=speed").expect(400).fieldError("metric");
        api.get(query + "&metric=throughputRps,").expect(400).fieldError("metric");
        api.get(query).expect(400);
        api.get("/api/v1/history/changes?metric=throughputRps").expect(400);
        api.get(query + "&metric=throughputRps&window=1").expect(400).fieldError("window");
        api.get(query + "&metric=throughputRps&window=501").expect(400).fieldError("window");
        api.get(query + "&metric=throughputRps&window=ten").expect(400);
        api.get(query + "&metric=throughputRps&maxPValue=2").expect(400).fieldError("maxPValue");
        api.get(query + "&metric=throughputRps&maxPValue=NaN").expect(400).fieldError("maxPValue");
        api.get(query + "&metric=throughputRps&maxPValue=-0.1").expect(400).fieldError("maxPValue");
        api.get(query + "&metric=throughputRps&maxPValue=abc").expect(400);
        api.get(query + "&metric=throughputRps&minMagnitude=-1").expect(400).fieldError("minMagnitude");
        api.get(query + "&metric=throughputRps&minMagnitude=Infinity").expect(400).fieldError("minMagnitude");
        api.get(query + "&metric=throughputRps&significance=all").expect(400).fieldError("significance");
        api.get(query + "&metric=throughputRps&threadModel=green").expect(400).fieldError("threadModel");
        api.get(query + "&metric=throughputRps&limit=0").expect(400).fieldError("limit");
        api.get(query + "&metric=throughputRps&label=nope").expect(400);
        api.get("/api/v1/history?scenario=io-http&metric=throughputRps&maxPValue=5").expect(400).fieldError("maxPValue");
        api.get("/api/v1/history?scenario=io-http&metric=throughputRps&significance=x").expect(400).fieldError("significance");
        // empty is no name either (Schemathesis found it taken for the default)
        api.get("/api/v1/history?scenario=io-http&metric=throughputRps&significance=").expect(400).fieldError("significance");
        api.get(query + "&metric=throughputRps&significance=").expect(400).fieldError("significance");
        // Nothing matches: no change points, not an error.
        JsonNode none = api.get(query + "&metric=throughputRps").expect(200).json();
        assertThat(none.get("items")).isEmpty();
    }
}
