package dev.jvmbench.api.analysis;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * Paired baselines (issue 20, docs/statistics.md "Paired baselines") on the real database: a job
 * whose baseline can be run again queues the baseline's cells beside its own as pairs; the verdict
 * rests on the ratios within pairs, so a host that was slower while the job ran (both halves of every
 * pair slower) is not a regression, where the stored comparison of the same runs says it is; a real
 * change inside the pairs is regressed, and its confirmation re-measures both sides.
 */
@ApiIntegrationTest
class PairedBaselineApiTest {

    private static final List<Integer> LEVELS = List.of(20);

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;

    private final String suite = UUID.randomUUID().toString();

    private Map<String, Object> body(Map<String, Object> baseline) {
        Map<String, Object> body = JobBodies.valid();
        body.put("jdks", new ArrayList<>(List.of(25)));
        body.put("threadModels", new ArrayList<>(List.of("platform")));
        body.put("repetitions", 3);
        body.put("labels", map("suite", suite));
        if (baseline != null) {
            body.put("baseline", baseline);
            body.put("gate", map("confirm", map("extraRepetitions", 0)));
        }
        return body;
    }

    /** Throughput around {@code rps}, a different 1-2 % wobble for every run, p95 around 205 ms. */
    private static Map<String, Object> point(double rps, String side, int repetition) {
        double wobble = 1 + 0.01 * ((repetition * 7 + (side.equals("job") ? 3 : 0)) % 5 - 2) / 2.0;
        return map("throughput_rps", rps * wobble, "latency_p95_ms", 205 / wobble);
    }

    private long baselineJob(ApiClient api) {
        long id = api.postJson("/api/v1/jobs", body(null)).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).completeBySide(id, LEVELS, (side, jdk, model, rep, level) -> point(100, side, rep));
        return id;
    }

    private static JsonNode row(JsonNode comparison, String metric) {
        for (JsonNode row : comparison.at("/comparisons/0/metrics")) {
            if (row.get("metric").asString().equals(metric)) {
                return row;
            }
        }
        throw new AssertionError("no " + metric + " in " + comparison);
    }

    @Test
    void aSlowerHostDuringTheJobIsNoRegressionInPairsButIsOneAgainstStoredRuns() {
        ApiClient api = ApiClient.admin(port);
        long baseline = baselineJob(api);

        // the candidate is the same build; while it ran, the host gave every run 12 % less, both halves of every pair
        JsonNode submitted = api.postJson("/api/v1/jobs", body(map("jobId", baseline))).expect(201).json();
        long paired = submitted.get("id").asLong();
        assertThat(submitted.at("/spec/baseline/mode").asString()).as("stock apps can be run again").isEqualTo("paired");
        assertThat(submitted.at("/progress/runsTotal").asInt()).isEqualTo(6);
        List<JsonNode> runs = new ArrayList<>();
        api.get("/api/v1/jobs/" + paired + "/runs").expect(200).json().get("items").forEach(runs::add);
        assertThat(runs).extracting(r -> r.get("side").asString()).containsOnly("job", "baseline");
        assertThat(runs).filteredOn(r -> r.get("side").asString().equals("baseline"))
                .extracting(r -> r.get("pair").asInt()).containsExactly(1, 2, 3);
        new ResultSeeder(jdbc).completeBySide(paired, LEVELS, (side, jdk, model, rep, level) -> point(88, side, rep));

        JsonNode job = api.get("/api/v1/jobs/" + paired).expect(200).json();
        assertThat(job.at("/baseline/verdict").asString()).isIn("no detectable change", "change within tolerance");
        JsonNode comparison = api.get(job.at("/baseline/comparison").asString()).expect(200).json();
        assertThat(comparison.get("baselineMode").asString()).isEqualTo("paired");
        assertThat(comparison.at("/builds/sameBuild").asBoolean()).isTrue();
        JsonNode throughput = row(comparison, "throughputRps");
        assertThat(throughput.get("pairs").asInt()).isEqualTo(3);
        assertThat(throughput.get("baselineMedian").asDouble()).as("the baseline as measured now").isBetween(86.0, 90.0);
        assertThat(throughput.get("ratio").asDouble()).isBetween(0.97, 1.03);
        // the job's own statistics hold its own runs only: 3 per cell, not 6
        JsonNode cell = api.get("/api/v1/jobs/" + paired + "/statistics").expect(200).json().at("/cells/0");
        assertThat(cell.at("/levels/0/runs").asInt()).isEqualTo(3);
        assertThat(api.get("/api/v1/jobs/" + paired + "/summary.md").expect(200).body())
                .contains("Mode: **paired**: the baseline's cells were measured again in this job")
                .contains("(3 pairs per row)")
                .doesNotContain("regressed against the baseline");

        // the same drift judged against the stored baseline runs (taken at another time) reads as a regression
        long stored = api.postJson("/api/v1/jobs", body(map("jobId", baseline, "mode", "stored"))).expect(201).json()
                .get("id").asLong();
        assertThat(api.get("/api/v1/jobs/" + stored + "/runs").expect(200).json().get("items")).hasSize(3);
        new ResultSeeder(jdbc).completeBySide(stored, LEVELS, (side, jdk, model, rep, level) -> point(88, side, rep));
        JsonNode storedJob = api.get("/api/v1/jobs/" + stored).expect(200).json();
        assertThat(storedJob.at("/baseline/verdict").asString()).isEqualTo("regressed");
        assertThat(api.get(storedJob.at("/baseline/comparison").asString()).json().get("baselineMode").asString())
                .isEqualTo("stored");
        assertThat(api.get("/api/v1/jobs/" + stored + "/summary.md").body())
                .contains("Mode: **stored**: the baseline's runs were measured at another time (job #" + baseline);
    }

    @Test
    void coresThatRanAtAnotherSpeedAreNamedBesideTheVerdictInEitherMode() {
        ApiClient api = ApiClient.admin(port);
        long baseline = api.postJson("/api/v1/jobs", body(null)).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).completeBySide(baseline, LEVELS, (side, jdk, model, rep, level) -> withCore(point(100, side, rep), 14.0));

        // stored: the job's runs met cores 14 % slower than the baseline's did, days before
        long stored = api.postJson("/api/v1/jobs", body(map("jobId", baseline, "mode", "stored"))).expect(201).json()
                .get("id").asLong();
        new ResultSeeder(jdbc).completeBySide(stored, LEVELS, (side, jdk, model, rep, level) -> withCore(point(88, side, rep), 12.0));
        JsonNode storedJob = api.get("/api/v1/jobs/" + stored).expect(200).json();
        JsonNode storedComparison = api.get(storedJob.at("/baseline/comparison").asString()).expect(200).json();
        assertThat(storedComparison.get("warnings").toString())
                .contains("the candidate's runs ran on cores 14.3 % slower than the baseline's (median core speed 12.0 "
                        + "against 14.0 steps per CPU-µs");
        assertThat(api.get("/api/v1/jobs/" + stored + "/summary.md").body()).contains("ran on cores 14.3 % slower");
        JsonNode point = api.get("/api/v1/runs/" + api.get("/api/v1/jobs/" + stored + "/runs").json()
                .at("/items/0/id").asLong() + "/points").expect(200).json().at("/items/0");
        assertThat(point.at("/coreSpeed/stepsPerCpuMicrosecond").asDouble()).isEqualTo(12.0);

        // paired: both halves of pairs 1 and 3 met the same cores; pair 2's candidate half ran 12.5 % slower
        long paired = api.postJson("/api/v1/jobs", body(map("jobId", baseline))).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).completeBySide(paired, LEVELS, (side, jdk, model, rep, level) ->
                withCore(point(88, side, rep), side.equals("job") && rep == 2 ? 10.5 : 12.0));
        JsonNode pairedJob = api.get("/api/v1/jobs/" + paired).expect(200).json();
        JsonNode pairedComparison = api.get(pairedJob.at("/baseline/comparison").asString()).expect(200).json();
        assertThat(pairedComparison.get("warnings").toString()).contains("the two halves of pair 2 (-12.5 %) ran on cores "
                + "of different speed").doesNotContain("pair 1 (").doesNotContain("pair 3 (");
        // and the job's own runs: repetition 2 on slower cores than 1 and 3, named job-wide
        JsonNode findings = api.get("/api/v1/jobs/" + paired + "/findings").expect(200).json().get("items");
        assertThat(findings.toString()).contains("core-speed-differed");
    }

    private static Map<String, Object> withCore(Map<String, Object> point, double coreSpeed) {
        Map<String, Object> with = new java.util.LinkedHashMap<>(point);
        with.put("core_speed", coreSpeed);
        with.put("core_speed_spread_percent", 2.0);
        return with;
    }

    @Test
    void aRealChangeInsideThePairsIsRegressedAndConfirmedByFreshPairs() {
        ApiClient api = ApiClient.admin(port);
        long baseline = baselineJob(api);
        Map<String, Object> candidate = body(map("jobId", baseline));
        candidate.put("gate", map("confirm", map("extraRepetitions", 2)));
        long id = api.postJson("/api/v1/jobs", candidate).expect(201).json().get("id").asLong();
        // the host is slower again (both sides), and the candidate does 10 % less on top of it
        ResultSeeder.SideValues slower = (side, jdk, model, rep, level) ->
                point(side.equals("job") ? 88 * 0.9 : 88, side, rep);
        new ResultSeeder(jdbc).endQueuedBySide(id, LEVELS, slower, "CONFIRMING");

        await().atMost(Duration.ofSeconds(30)).until(() -> jdbc.sql(
                "SELECT count(*) FROM runs WHERE job_id = :job AND repetition > 3").param("job", id)
                .query(Integer.class).single() > 0);
        var extra = jdbc.sql("SELECT side, pair, repetition FROM runs WHERE job_id = :job AND repetition > 3 ORDER BY seq")
                .param("job", id).query().listOfRows();
        assertThat(extra).as("two fresh pairs: both sides measured again").hasSize(4);
        assertThat(extra).extracting(r -> r.get("side")).containsOnly("JOB", "BASELINE");
        JsonNode pending = api.get("/api/v1/jobs/" + id).expect(200).json();
        assertThat(pending.at("/baseline/initialVerdict").asString()).isEqualTo("regressed");

        new ResultSeeder(jdbc).endQueuedBySide(id, LEVELS, slower, "SUCCEEDED");
        JsonNode settled = api.get("/api/v1/jobs/" + id).expect(200).json();
        assertThat(settled.at("/baseline/verdict").asString()).isEqualTo("regressed");
        assertThat(settled.at("/baseline/confirmation").asString()).isEqualTo("confirmed");
        JsonNode comparison = api.get(settled.at("/baseline/comparison").asString()).expect(200).json();
        assertThat(row(comparison, "throughputRps").get("ratio").asDouble()).isBetween(0.88, 0.92);
        assertThat(row(comparison, "throughputRps").get("pairs").asInt()).isEqualTo(5);
    }

    /**
     * The baseline's fresh runs ran the baseline's build: a finding on one of them is listed with its
     * side, not counted in the job's findings, and named apart in the summary, so that a crash of the
     * old build is never read as the new build's.
     */
    @Test
    void aFindingOnTheBaselinesFreshRunIsNotTheJobsOwn() {
        ApiClient api = ApiClient.admin(port);
        long baseline = baselineJob(api);
        long id = api.postJson("/api/v1/jobs", body(map("jobId", baseline))).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).completeBySide(id, LEVELS, (side, jdk, model, rep, level) -> point(100, side, rep));
        long baselineRun = jdbc.sql("SELECT id FROM runs WHERE job_id = :job AND side = 'BASELINE' ORDER BY seq LIMIT 1")
                .param("job", id).query(Long.class).single();
        jdbc.sql("""
                INSERT INTO run_findings (run_id, level_index, level, code, severity, at, summary, evidence, advice)
                VALUES (:run, 0, 20, 'java-oom', 'CRITICAL', NULL, 'java.lang.OutOfMemoryError: Java heap space',
                        '{}'::jsonb, 'Give the heap more room.')""").param("run", baselineRun).update();

        JsonNode findings = api.get("/api/v1/jobs/" + id + "/findings").expect(200).json().get("items");
        assertThat(findings).hasSize(1);
        assertThat(findings.at("/0/side").asString()).isEqualTo("baseline");
        JsonNode job = api.get("/api/v1/jobs/" + id).expect(200).json();
        assertThat(job.at("/findings/critical").asInt()).as("not the job's own").isZero();
        String summary = api.get("/api/v1/jobs/" + id + "/summary.md").expect(200).body();
        assertThat(summary).doesNotContain("critical finding").startsWith("## jvmbench job #" + id + ": ✅")
                .contains("On the baseline's fresh runs (its build, measured in pairs beside this job; not counted above): "
                        + "1 × critical `java-oom`");
    }
}
