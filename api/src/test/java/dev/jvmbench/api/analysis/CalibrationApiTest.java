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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * A calibration from A/A jobs and an injected effect is stored as the host's noise profile and
 * served; comparisons of jobs with the same repetitions carry its detectable effect and warn where
 * a threshold is below it. The jobs here run 4 repetitions, a count no other api test uses, so the
 * profile (removed after each test) does not reach the other tests' comparisons in the shared context.
 */
@ApiIntegrationTest
class CalibrationApiTest {

    private static final int REPETITIONS = 4;
    private static final List<Integer> LEVELS = List.of(20);

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;

    @AfterEach
    void removeProfiles() {
        jdbc.sql("DELETE FROM noise_profiles WHERE repetitions = :r").param("r", REPETITIONS).update();
    }

    private Map<String, Object> body(Long baselineJobId) {
        Map<String, Object> body = JobBodies.valid();
        body.put("jdks", new ArrayList<>(List.of(25)));
        body.put("load", map("model", "closed", "levels", new ArrayList<>(LEVELS), "stepSeconds", 10, "warmupSeconds", 5));
        body.put("repetitions", REPETITIONS);
        if (baselineJobId != null) {
            // against stored runs: the profile this test stores is a stored one (paired ones: CalibrateCliTest)
            body.put("baseline", map("jobId", baselineJobId, "mode", "stored"));
        }
        return body;
    }

    /**
     * Throughput about 100 req/s varying by ±0.75 % over the repetitions, p95 about 200 ms varying by
     * ±6 %: the same values in every job, in another order; {@code slowdown} scales both the injected way.
     */
    private long seeded(ApiClient api, Map<String, Object> body, int shift, double slowdown) {
        long id = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).complete(id, LEVELS, (jdk, model, repetition, level) -> {
            double step = (repetition + shift) % REPETITIONS - 1.5;
            return map("throughput_rps", 100 * (1 + 0.005 * step) / slowdown,
                    "latency_p95_ms", 200 * (1 + 0.04 * step) * slowdown,
                    "cpu_ms_per_request", 1.5);
        });
        return id;
    }

    private static JsonNode entry(JsonNode profile, String metric) {
        for (JsonNode e : profile.get("entries")) {
            if (e.get("metric").asString().equals(metric) && e.get("level").asInt() == 20) {
                return e;
            }
        }
        throw new AssertionError("no entry for " + metric + " in " + profile);
    }

    @Test
    void aCalibrationIsStoredAndServedAndComparisonsWarnWhereTheThresholdIsBelowTheDetectableEffect() {
        ApiClient api = ApiClient.admin(port);
        assertThat(api.get("/api/v1/noise-profile?repetitions=" + REPETITIONS).expect(404).json().get("detail").asString())
                .contains("./bench calibrate --repetitions 4");
        long a1 = seeded(api, body(null), 0, 1);
        long a2 = seeded(api, body(null), 1, 1);
        long a3 = seeded(api, body(null), 2, 1);
        long injected = seeded(api, body(null), 0, 1.10);

        var created = api.postJson("/api/v1/calibrations", map(
                "aaPairs", List.of(map("baselineJobId", a1, "candidateJobId", a2), map("baselineJobId", a2, "candidateJobId", a3)),
                "injected", map("baselineJobId", a1, "candidateJobId", injected, "effectPercent", 10))).expect(201);
        assertThat(created.header("Location")).endsWith("/api/v1/noise-profile?repetitions=4");
        JsonNode profile = created.json();
        assertThat(profile.get("repetitions").asInt()).isEqualTo(REPETITIONS);
        assertThat(profile.get("aaPairs").asInt()).isEqualTo(2);
        assertThat(profile.get("jobIds").toString()).isEqualTo("[" + a1 + "," + a2 + "," + a3 + "," + injected + "]");
        assertThat(profile.get("gateMetrics").toString()).isEqualTo("[\"throughputRps\",\"latencyP95Ms\"]");
        JsonNode throughput = entry(profile, "throughputRps");
        assertThat(throughput.get("comparisons").asInt()).as("2 pairs x 2 thread models").isEqualTo(4);
        assertThat(throughput.get("falseAlarmShare").asDouble()).isZero();
        assertThat(throughput.get("gatedShare").asDouble()).isZero();
        double throughputDetectable = throughput.get("detectablePercent").asDouble();
        assertThat(throughputDetectable).as("runs within ±0.75 %").isGreaterThan(0).isLessThan(2);
        JsonNode p95 = entry(profile, "latencyP95Ms");
        double p95Detectable = p95.get("detectablePercent").asDouble();
        assertThat(p95Detectable).as("runs within ±6 %").isGreaterThan(5).isLessThan(15);
        assertThat(entry(profile, "cpuMsPerRequest").get("detectablePercent").asDouble()).as("identical runs").isZero();
        JsonNode inj = profile.get("injected");
        assertThat(inj.get("effectPercent").asDouble()).isEqualTo(10);
        assertThat(inj.get("rows")).hasSize(4);
        for (JsonNode row : inj.get("rows")) {
            if (row.get("metric").asString().equals("throughputRps")) {
                assertThat(row.get("detected").asBoolean()).as("10 %% against a detectable %.1f %%", throughputDetectable).isTrue();
                assertThat(row.get("verdict").asString()).isEqualTo("regressed");
                assertThat(row.get("ratio").asDouble()).isBetween(0.9, 0.92);
            }
        }
        assertThat(inj.get("detectedShare").asDouble()).isBetween(0.5, 1.0);

        JsonNode latest = api.get("/api/v1/noise-profile").expect(200).json();
        assertThat(latest.get("id").asLong()).isEqualTo(profile.get("id").asLong());
        assertThat(api.get("/api/v1/noise-profile?repetitions=4").expect(200).json()).isEqualTo(latest);

        // a job of the same repetitions against its baseline: the rows carry the detectable effect, the
        // p95 threshold (5 %) is below it and says so, the throughput threshold is not
        long job = seeded(api, body(a1), 3, 1);
        JsonNode comparison = api.get("/api/v1/jobs/" + job + "/comparisons/jobs/" + a1).expect(200).json();
        assertThat(comparison.get("noiseProfileId").asLong()).isEqualTo(profile.get("id").asLong());
        for (JsonNode pair : comparison.get("comparisons")) {
            for (JsonNode row : pair.get("metrics")) {
                if (row.get("metric").asString().equals("latencyP95Ms")) {
                    assertThat(row.get("detectablePercent").asDouble()).isEqualTo(p95Detectable);
                }
            }
        }
        String warnings = comparison.get("warnings").toString();
        assertThat(warnings).contains(String.format(java.util.Locale.ROOT, "threshold 5 %% is below this host's minimum "
                + "detectable effect %.1f %% for latencyP95Ms at level 20 with 4 repetitions (noise profile %d): a change "
                + "of that size can pass unseen", p95Detectable, profile.get("id").asLong()));
        assertThat(warnings).doesNotContain("for throughputRps");
        assertThat(comparison.get("warnings")).as("one warning per metric and level, not per cell").hasSize(1);
        String summary = api.get("/api/v1/jobs/" + job + "/summary.md").expect(200).body();
        assertThat(summary).contains(String.format(java.util.Locale.ROOT, "This host's minimum detectable effect (noise "
                        + "profile %d): throughputRps: threshold 5 %%, detectable %.1f %%; latencyP95Ms: threshold 5 %%, "
                        + "detectable %.1f %%.", profile.get("id").asLong(), throughputDetectable, p95Detectable))
                .contains("> ⚠️ threshold 5 % is below this host's minimum detectable effect");

        // a job's own threshold above the detectable effect: no warning, the figure still shown
        Map<String, Object> relaxed = body(a1);
        relaxed.put("gate", map("thresholdPercent", 20));
        long relaxedJob = seeded(api, relaxed, 3, 1);
        JsonNode relaxedComparison = api.get("/api/v1/jobs/" + relaxedJob + "/comparisons/jobs/" + a1).expect(200).json();
        assertThat(relaxedComparison.get("warnings").toString()).doesNotContain("minimum detectable effect");
        assertThat(relaxedComparison.at("/comparisons/0/metrics/0/detectablePercent").isNumber()).isTrue();

        // other repetitions: no profile applies
        long twoReps = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        JsonNode other = api.get("/api/v1/jobs/" + twoReps + "/comparisons/jobs/" + twoReps).expect(200).json();
        assertThat(other.path("noiseProfileId").isNumber()).as("no noiseProfileId in %s", other).isFalse();
    }

    @Test
    void aCalibrationOfJobsThatCannotBeComparedIsAProblem() {
        ApiClient api = ApiClient.admin(port);
        long a1 = seeded(api, body(null), 0, 1);
        long a2 = seeded(api, body(null), 1, 1);
        api.postJson("/api/v1/calibrations", map("aaPairs", List.of())).expect(400);
        assertThat(api.postJson("/api/v1/calibrations", map("aaPairs", List.of(map("baselineJobId", a1, "candidateJobId", a1))))
                .expect(409).fieldError("aaPairs[0]")).contains("with itself");
        api.postJson("/api/v1/calibrations", map("aaPairs", List.of(map("baselineJobId", a1)))).expect(400);
        api.postJson("/api/v1/calibrations", map("aaPairs", List.of(map("baselineJobId", a1, "candidateJobId", a2)),
                "injected", map("baselineJobId", a1, "candidateJobId", a2, "effectPercent", 0))).expect(400);
        api.postJson("/api/v1/calibrations", map("aaPairs", List.of(map("baselineJobId", a1, "candidateJobId", 987654321))))
                .expect(404);
        long queued = api.postJson("/api/v1/jobs", body(null)).expect(201).json().get("id").asLong();
        assertThat(api.postJson("/api/v1/calibrations", map("aaPairs", List.of(map("baselineJobId", a1, "candidateJobId", queued))))
                .expect(409).json().get("detail").asString()).contains("is QUEUED");
        Map<String, Object> twoReps = body(null);
        twoReps.put("repetitions", 2);
        long other = api.postJson("/api/v1/jobs", twoReps).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).complete(other, LEVELS, (jdk, model, repetition, level) -> map("throughput_rps", 100.0));
        assertThat(api.postJson("/api/v1/calibrations", map("aaPairs", List.of(map("baselineJobId", a1, "candidateJobId", other))))
                .expect(409).fieldError("aaPairs")).contains("different repetitions");
        api.get("/api/v1/noise-profile?repetitions=0").expect(400);
        api.withToken(null).postJson("/api/v1/calibrations",
                map("aaPairs", List.of(map("baselineJobId", a1, "candidateJobId", a2)))).expect(401);
    }
}
