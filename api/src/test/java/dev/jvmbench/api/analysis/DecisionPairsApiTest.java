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
 * Enough pairs to decide (issue 20, docs/statistics.md) on the real database, with the api's own
 * Confirmer: a paired job whose pair ratios straddle the threshold gets one more pair at a time
 * (both sides, numbered as the next repetition) until gate.maxPairs, and then says "undecided after
 * N pairs" with the row that kept it open; a job whose pairs already lie beyond the threshold adds
 * none. Bad gate.maxPairs input is a 400 that says why.
 */
@ApiIntegrationTest
class DecisionPairsApiTest {

    private static final List<Integer> LEVELS = List.of(20);

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;

    private final String suite = UUID.randomUUID().toString();

    private Map<String, Object> body(Map<String, Object> baseline, Integer maxPairs) {
        Map<String, Object> body = JobBodies.valid();
        body.put("jdks", new ArrayList<>(List.of(25)));
        body.put("threadModels", new ArrayList<>(List.of("platform")));
        body.put("repetitions", 2);
        body.put("labels", map("suite", suite));
        if (baseline != null) {
            body.put("baseline", baseline);
        }
        if (maxPairs != null) {
            body.put("gate", map("confirm", map("extraRepetitions", 0), "maxPairs", maxPairs));
        }
        return body;
    }

    private long baselineJob(ApiClient api) {
        long id = api.postJson("/api/v1/jobs", body(null, null)).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).completeBySide(id, LEVELS,
                (side, jdk, model, rep, level) -> map("throughput_rps", 100.0, "latency_p95_ms", 205.0));
        return id;
    }

    /** The baseline side at 100 req/s; the job's side at {@code ratios[repetition - 1]} of it; p95 the same on both. */
    private static ResultSeeder.SideValues pairsAt(double... ratios) {
        return (side, jdk, model, rep, level) -> map("throughput_rps", side.equals("job") ? 100 * ratios[rep - 1] : 100.0,
                "latency_p95_ms", 205.0);
    }

    private int maxRepetition(long jobId) {
        return jdbc.sql("SELECT coalesce(max(repetition), 0) FROM runs WHERE job_id = :job").param("job", jobId)
                .query(Integer.class).single();
    }

    private String status(long jobId) {
        return jdbc.sql("SELECT status FROM jobs WHERE id = :id").param("id", jobId).query(String.class).single();
    }

    @Test
    void aVerdictThatStraddlesTheThresholdGetsPairsUntilTheMaximumAndSaysItIsUndecided() {
        ApiClient api = ApiClient.admin(port);
        long baseline = baselineJob(api);
        long id = api.postJson("/api/v1/jobs", body(map("jobId", baseline), 4)).expect(201).json().get("id").asLong();
        // pairs alternate between 1 % and 10 % slower: the interval spans the 5 % threshold however many there are
        ResultSeeder.SideValues straddling = pairsAt(0.99, 0.90, 0.99, 0.90);
        new ResultSeeder(jdbc).endQueuedBySide(id, LEVELS, straddling, "CONFIRMING");

        for (int pairs = 3; pairs <= 4; pairs++) {
            int expected = pairs;
            await().atMost(Duration.ofSeconds(30)).until(() -> maxRepetition(id) == expected);
            var added = jdbc.sql("SELECT side, pair, status FROM runs WHERE job_id = :job AND repetition = :rep ORDER BY seq")
                    .param("job", id).param("rep", pairs).query().listOfRows();
            assertThat(added).as("one more pair: both sides").extracting(r -> r.get("side"))
                    .containsExactlyInAnyOrder("JOB", "BASELINE");
            assertThat(added).extracting(r -> r.get("pair")).containsOnly(pairs);
            JsonNode pending = api.get("/api/v1/jobs/" + id).expect(200).json();
            assertThat(pending.get("status").asString()).isEqualTo("CONFIRMING");
            JsonNode verdict = pending.at("/baseline/verdict");
            assertThat(verdict.isMissingNode() || verdict.isNull()).as("no verdict while pairs are added: " + pending.get("baseline"))
                    .isTrue();
            assertThat(pending.at("/baseline/decisions/0/state").asString()).isEqualTo("adding-pairs");
            assertThat(pending.at("/progress/runsTotal").asInt()).isEqualTo(2 * pairs);
            // the worker ends the pair and leaves the job CONFIRMING for the api to judge again
            new ResultSeeder(jdbc).endQueuedBySide(id, LEVELS, straddling, "CONFIRMING");
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> status(id).equals("SUCCEEDED"));
        assertThat(maxRepetition(id)).as("no pair past gate.maxPairs").isEqualTo(4);

        JsonNode job = api.get("/api/v1/jobs/" + id).expect(200).json();
        JsonNode decision = job.at("/baseline/decisions/0");
        assertThat(decision.get("state").asString()).isEqualTo("undecided");
        assertThat(decision.get("pairs").asInt()).isEqualTo(4);
        assertThat(decision.get("maxPairs").asInt()).isEqualTo(4);
        assertThat(decision.at("/open/0").asString()).startsWith("Throughput at 20: ").contains("straddles the 5 % threshold");
        assertThat(job.at("/baseline/verdict").asString()).isIn("regressed", "change within tolerance", "no detectable change");
        JsonNode comparison = api.get(job.at("/baseline/comparison").asString()).expect(200).json();
        assertThat(comparison.at("/comparisons/0/metrics/0/pairs").asInt()).isEqualTo(4);
        assertThat(api.get("/api/v1/jobs/" + id + "/summary.md").expect(200).body())
                .contains(", undecided after 4 pairs in 1 cell")
                .contains("Pairs to decide (up to 4 per cell")
                .contains("| JDK 25 platform | 4 | ⚠️ undecided after 4 pairs | Throughput at 20: ")
                // the pairs added count as the cell's runs: no "2 runs per cell" warning for 4 runs
                .contains("(4 per cell: 2 planned, the rest added to decide or confirm the verdict)")
                .doesNotContain("2 runs per cell");
    }

    @Test
    void aVerdictWhoseIntervalIsBeyondTheThresholdAddsNoPair() {
        ApiClient api = ApiClient.admin(port);
        long baseline = baselineJob(api);
        long id = api.postJson("/api/v1/jobs", body(map("jobId", baseline), 6)).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).endQueuedBySide(id, LEVELS, pairsAt(0.80, 0.81), "CONFIRMING");

        await().atMost(Duration.ofSeconds(30)).until(() -> status(id).equals("SUCCEEDED"));
        assertThat(maxRepetition(id)).isEqualTo(2);
        JsonNode job = api.get("/api/v1/jobs/" + id).expect(200).json();
        assertThat(job.at("/baseline/verdict").asString()).isEqualTo("regressed");
        assertThat(job.at("/baseline/decisions/0/state").asString()).isEqualTo("decided");
        assertThat(job.at("/baseline/decisions/0/pairs").asInt()).isEqualTo(2);
        assertThat(job.at("/baseline/decisions/0/open")).isEmpty();
    }

    @Test
    void maxPairsNeedsAPairedBaseline() {
        ApiClient api = ApiClient.admin(port);
        long baseline = baselineJob(api);
        assertThat(api.postJson("/api/v1/jobs", body(null, 4)).expect(400).fieldError("gate.maxPairs"))
                .contains("give a baseline");
        assertThat(api.postJson("/api/v1/jobs", body(map("jobId", baseline, "mode", "stored"), 4)).expect(400)
                .fieldError("gate.maxPairs")).contains("needs a paired baseline");
        assertThat(api.postJson("/api/v1/jobs", body(map("jobId", baseline), 1)).expect(400).fieldError("gate.maxPairs"))
                .contains("between 2 and 20");
        // at or below the repetitions nothing is added: the contract cannot compare two fields, so it is not refused
        Map<String, Object> fewer = body(map("jobId", baseline), 2);
        fewer.put("repetitions", 3);
        assertThat(api.postJson("/api/v1/jobs", fewer).expect(201).json().at("/spec/gate/maxPairs").asInt()).isEqualTo(2);
        assertThat(api.postJson("/api/v1/jobs", body(map("jobId", baseline), 21)).expect(400).fieldError("gate.maxPairs"))
                .contains("between 2 and 20");
    }
}
