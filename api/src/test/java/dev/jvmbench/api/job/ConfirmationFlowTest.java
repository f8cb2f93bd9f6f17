package dev.jvmbench.api.job;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * Confirmation before alerting on the real database: a job whose planned runs ended (the worker
 * leaves it CONFIRMING, as RunQueueTest shows) is judged by the {@link Confirmer}; a flagged cell
 * gets interleaved extra runs, and the verdict settles on what those runs alone say. Points are
 * seeded the way a worker writes them ({@link ResultSeeder}).
 */
@ApiIntegrationTest
class ConfirmationFlowTest {

    private static final List<Integer> LEVELS = List.of(20, 80);

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    Confirmer confirmer;

    private final String suite = UUID.randomUUID().toString();

    /** Throughput per run: {@code rps} with a 1% spread over repetitions; p95 steady. */
    private static ResultSeeder.Values throughput(double rps) {
        return (jdk, model, repetition, level) -> {
            double noise = 1 + 0.01 * ((repetition % 3) - 1);
            Map<String, Object> columns = new LinkedHashMap<>();
            columns.put("throughput_rps", rps * noise);
            columns.put("latency_p95_ms", 205 * noise);
            return columns;
        };
    }

    /** The JDK 25 virtual cell at {@code slow} req/s, every other cell at 100. */
    private static ResultSeeder.Values virtual25At(double slow) {
        return (jdk, model, repetition, level) -> (jdk == 25 && model.equals("virtual") ? throughput(slow)
                : throughput(100)).of(jdk, model, repetition, level);
    }

    private Map<String, Object> body(Long baselineJobId, Integer extraRepetitions) {
        Map<String, Object> body = JobBodies.valid();
        body.put("repetitions", 3);
        body.put("labels", map("suite", suite));
        if (baselineJobId != null) {
            // stored: the extra runs re-measure the candidate alone (ConfirmationPairsTest: paired)
            body.put("baseline", map("jobId", baselineJobId, "mode", "stored"));
        }
        if (extraRepetitions != null) {
            body.put("gate", map("confirm", map("extraRepetitions", extraRepetitions)));
        }
        return body;
    }

    private long baseline(ApiClient api) {
        long id = api.postJson("/api/v1/jobs", body(null, null)).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).complete(id, LEVELS, throughput(100));
        return id;
    }

    /** A job whose planned runs ended as {@code values} say, left CONFIRMING as the worker leaves it. */
    private long confirming(ApiClient api, long baselineId, ResultSeeder.Values values) {
        long id = api.postJson("/api/v1/jobs", body(baselineId, null)).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).endQueued(id, LEVELS, values, "CONFIRMING");
        return id;
    }

    private String status(long jobId) {
        return jdbc.sql("SELECT status FROM jobs WHERE id = :id").param("id", jobId).query(String.class).single();
    }

    /** The Confirmer's pass, repeated until the job left the state (the scheduled pass may take it first). */
    private void judged(long jobId, java.util.function.Predicate<Long> done) {
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            confirmer.judge();
            return done.test(jobId);
        });
    }

    private List<Map<String, Object>> extraRuns(long jobId) {
        return jdbc.sql("SELECT seq, jdk, thread_model, repetition, status FROM runs WHERE job_id = :job AND repetition > 3 "
                + "ORDER BY seq").param("job", jobId).query().listOfRows();
    }

    @Test
    void aFalseAlarmIsNotConfirmedAndARealRegressionIs() {
        ApiClient api = ApiClient.admin(port);
        long main = baseline(api);
        // a provoked false alarm: the planned runs of one cell were slowed by 15% (a noisy neighbour), the extra runs not
        long falseAlarm = confirming(api, main, virtual25At(85));
        JsonNode pending = api.get("/api/v1/jobs/" + falseAlarm).expect(200).json();
        assertThat(pending.get("status").asString()).isEqualTo("CONFIRMING");
        assertThat(absent(pending.at("/baseline/verdict"))).as("no verdict while confirming").isTrue();
        assertThat(pending.at("/baseline/initialVerdict").asString()).isEqualTo("regressed");
        assertThat(pending.at("/baseline/confirmation").asString()).isEqualTo("pending");
        assertThat(pending.at("/spec/gate/confirm/extraRepetitions").asInt()).as("the default").isEqualTo(3);

        judged(falseAlarm, id -> !extraRuns(id).isEmpty());
        assertThat(status(falseAlarm)).isEqualTo("CONFIRMING");
        List<Map<String, Object>> extra = extraRuns(falseAlarm);
        assertThat(extra).as("only the flagged cell, 3 more repetitions, queued after the planned 12 runs").hasSize(3);
        assertThat(extra).extracting(r -> ((Number) r.get("seq")).intValue()).containsExactly(13, 14, 15);
        assertThat(extra).extracting(r -> ((Number) r.get("repetition")).intValue()).containsExactly(4, 5, 6);
        assertThat(extra).allSatisfy(r -> assertThat(r.get("thread_model")).isEqualTo("VIRTUAL"))
                .allSatisfy(r -> assertThat(((Number) r.get("jdk")).intValue()).isEqualTo(25))
                .allSatisfy(r -> assertThat(r.get("status")).isEqualTo("QUEUED"));
        assertThat(api.get("/api/v1/jobs/" + falseAlarm).expect(200).json().at("/progress/runsTotal").asInt()).isEqualTo(15);

        // the extra runs measure the app as it is (the worker ending the last one settles the job SUCCEEDED)
        new ResultSeeder(jdbc).endQueued(falseAlarm, LEVELS, virtual25At(100), "SUCCEEDED");
        JsonNode settled = api.get("/api/v1/jobs/" + falseAlarm).expect(200).json();
        assertThat(settled.at("/baseline/initialVerdict").asString()).isEqualTo("regressed");
        assertThat(settled.at("/baseline/confirmation").asString()).isEqualTo("not-confirmed");
        assertThat(settled.at("/baseline/verdict").asString()).as("the false alarm does not count")
                .isNotEqualTo("regressed");
        assertThat(settled.at("/baseline/regressions").asInt()).isZero();
        JsonNode check = cell(settled, 25, "virtual");
        assertThat(check.get("initial").asString()).isEqualTo("regressed");
        assertThat(check.get("state").asString()).isEqualTo("not-confirmed");
        assertThat(check.get("extraRuns").asInt()).isEqualTo(3);
        assertThat(cell(settled, 21, "platform").get("state").asString()).isEqualTo("not-needed");
        String summary = api.get("/api/v1/jobs/" + falseAlarm + "/summary.md").expect(200).body();
        assertThat(summary).contains("(regressed at first, not confirmed by extra runs)")
                .contains("Confirmation: **not-confirmed**")
                .contains("| JDK 25 virtual | regressed | 3 |");

        // a real injected regression: the extra runs are as slow as the planned ones
        long real = confirming(api, main, virtual25At(85));
        judged(real, id -> !extraRuns(id).isEmpty());
        new ResultSeeder(jdbc).endQueued(real, LEVELS, virtual25At(85), "SUCCEEDED");
        JsonNode confirmed = api.get("/api/v1/jobs/" + real).expect(200).json();
        assertThat(confirmed.at("/baseline/verdict").asString()).isEqualTo("regressed");
        assertThat(confirmed.at("/baseline/confirmation").asString()).isEqualTo("confirmed");
        assertThat(confirmed.at("/baseline/regressions").asInt()).as("throughput at both levels").isEqualTo(2);
        assertThat(cell(confirmed, 25, "virtual").get("recheck").asString()).isEqualTo("regressed");
        assertThat(api.get("/api/v1/jobs/" + real + "/summary.md").expect(200).body())
                .contains("regressed against the baseline (2 regressions), confirmed by extra runs");
    }

    @Test
    void aVerdictThatFlagsNothingSettlesAtOnceAndConfirmationCanBeTurnedOff() {
        ApiClient api = ApiClient.admin(port);
        long main = baseline(api);
        long same = confirming(api, main, throughput(100));
        judged(same, id -> status(id).equals("SUCCEEDED"));
        JsonNode job = api.get("/api/v1/jobs/" + same).expect(200).json();
        assertThat(extraRuns(same)).isEmpty();
        assertThat(job.at("/baseline/confirmation").asString()).isEqualTo("not-needed");
        assertThat(job.at("/baseline/verdict").asString()).isEqualTo(job.at("/baseline/initialVerdict").asString());
        assertThat(job.get("statusReason").asString()).contains("needs no confirmation");

        long off = api.postJson("/api/v1/jobs", body(main, 0)).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).complete(off, LEVELS, virtual25At(85));
        JsonNode unconfirmed = api.get("/api/v1/jobs/" + off).expect(200).json();
        assertThat(unconfirmed.at("/spec/gate/confirm/extraRepetitions").asInt()).isZero();
        assertThat(unconfirmed.at("/baseline/verdict").asString()).isEqualTo("regressed");
        assertThat(absent(unconfirmed.at("/baseline/confirmation"))).isTrue();
    }

    @Test
    void aConfirmingJobIsCancelledAtOnceWhenNoRunIsLeftToStop() {
        ApiClient api = ApiClient.admin(port);
        long main = baseline(api);
        long job = confirming(api, main, virtual25At(85));
        // whether the scheduled Confirmer queued its extra runs yet or not, cancelling ends the job at once
        JsonNode cancelled = api.post("/api/v1/jobs/" + job + "/cancel").json();
        assertThat(cancelled.get("status").asString()).isEqualTo("CANCELLED");
        assertThat(status(job)).isEqualTo("CANCELLED");
        assertThat(jdbc.sql("SELECT count(*) FROM runs WHERE job_id = :job AND status IN ('QUEUED', 'RUNNING')")
                .param("job", job).query(Long.class).single()).isZero();
    }

    private static boolean absent(JsonNode node) {
        return node.isMissingNode() || node.isNull();
    }

    private static JsonNode cell(JsonNode job, int jdk, String threadModel) {
        for (JsonNode check : job.at("/baseline/confirmations")) {
            if (check.get("jdk").asInt() == jdk && check.get("threadModel").asString().equals(threadModel)) {
                return check;
            }
        }
        throw new AssertionError("no confirmation of JDK " + jdk + " " + threadModel + " in " + job.get("baseline"));
    }
}
