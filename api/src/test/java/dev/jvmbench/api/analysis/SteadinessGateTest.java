package dev.jvmbench.api.analysis;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.common.store.RunFindings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiPredicate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * A point whose window was not steady is shown everywhere but left out of the gate metrics'
 * verdicts (against the baseline and within the job) unless the job's gate includes it; the
 * comparison says how many it left out, the summary names them, and findings follow the verdicts.
 */
@ApiIntegrationTest
class SteadinessGateTest {

    private static final List<Integer> LEVELS = List.of(20, 80);

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    RunFindings runFindings;

    private final String suite = UUID.randomUUID().toString();

    /**
     * Virtual threads at 80 users give {@code virtualAt80} req/s; a point is not steady where
     * {@code unsteady} says so (model, repetition at level 80).
     */
    private static ResultSeeder.Values shape(double virtualAt80, BiPredicate<String, Integer> unsteady) {
        return (jdk, model, repetition, level) -> {
            double noise = 1 + 0.01 * (repetition - 2);
            boolean virtual80 = model.equals("virtual") && level == 80;
            boolean notSteady = level == 80 && unsteady.test(model, repetition);
            Map<String, Object> columns = new java.util.LinkedHashMap<>();
            columns.put("throughput_rps", (virtual80 ? virtualAt80 : level == 20 ? 98 : 99) * noise);
            columns.put("latency_p95_ms", 205 * noise);
            columns.put("cpu_ms_per_request", 1.5 * noise);
            columns.put("steadiness", notSteady ? "NOT_STEADY" : "STEADY");
            columns.put("steadiness_drift", notSteady ? 0.14 : 0.01);
            columns.put("steadiness_drift_low", notSteady ? 0.09 : -0.02);
            columns.put("steadiness_drift_high", notSteady ? 0.2 : 0.03);
            columns.put("flags", notSteady ? new String[] {"not-steady"} : new String[0]);
            return columns;
        };
    }

    private Map<String, Object> body(String branch, Long baselineJobId) {
        Map<String, Object> body = JobBodies.valid();
        body.put("repetitions", 3);
        body.put("labels", map("branch", branch, "suite", suite));
        if (baselineJobId != null) {
            body.put("baseline", map("jobId", baselineJobId));
        }
        return body;
    }

    private long seeded(ApiClient api, Map<String, Object> body, ResultSeeder.Values values) {
        long id = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).complete(id, LEVELS, values);
        return id;
    }

    @Test
    void aRegressionMeasuredOnlyInWindowsThatWereNotSteadyDoesNotFailTheGateUnlessTheJobSaysSo() {
        ApiClient api = ApiClient.admin(port);
        long main = seeded(api, body("main", null), shape(390, (model, rep) -> false));
        // virtual threads lose 23% at 80 users, in windows that all trended
        BiPredicate<String, Integer> virtualAlways = (model, rep) -> model.equals("virtual");
        long leftOut = seeded(api, body("feature", main), shape(300, virtualAlways));

        JsonNode job = api.get("/api/v1/jobs/" + leftOut).expect(200).json();
        assertThat(job.at("/baseline/verdict").asString()).isEqualTo("no detectable change");
        assertThat(job.at("/baseline/notSteadyLeftOut").asInt()).as("3 repetitions x 2 JDKs").isEqualTo(6);
        JsonNode comparison = api.get(job.at("/baseline/comparison").asString()).expect(200).json();
        assertThat(comparison.get("includeNotSteady").asBoolean()).isFalse();
        assertThat(comparison.get("warnings").toString()).contains("JDK 25 virtual → JDK 25 virtual at level 80: "
                + "throughputRps, latencyP95Ms not judged: no run of the candidate had a steady window there");
        JsonNode virtual25 = pair(comparison, 25, "virtual");
        assertThat(virtual25.get("notSteadyLeftOut").asInt()).isEqualTo(3);
        assertThat(find(virtual25, "throughputRps", 80)).as("a gate metric with nothing steady to judge").isNull();
        JsonNode cpu = find(virtual25, "cpuMsPerRequest", 80);
        assertThat(cpu.get("candidateRuns").asInt()).as("other metrics keep every point").isEqualTo(3);
        assertThat(cpu.get("candidateNotSteadyLeftOut").asInt()).isZero();
        assertThat(find(virtual25, "throughputRps", 20).get("verdict").asString()).isEqualTo("no detectable change");

        // still shown: the statistics count them, flagged and with the not-steady runs counted
        JsonNode stats = api.get("/api/v1/jobs/" + leftOut + "/statistics").expect(200).json();
        JsonNode at80 = level(stats, 25, "virtual", 80);
        assertThat(at80.at("/metrics/throughputRps/median").asDouble()).isEqualTo(300.0);
        assertThat(at80.get("notSteadyRuns").asInt()).isEqualTo(3);
        assertThat(at80.get("flags").toString()).contains("not-steady");

        String summary = api.get("/api/v1/jobs/" + leftOut + "/summary.md").expect(200).body();
        assertThat(summary)
                .contains("## jvmbench job #" + leftOut + ": ✅ no detectable change against the baseline")
                .contains("> ⚠️ **Not steady:** 6 points' throughput trended over the measured window")
                .contains("left out of the gate's verdicts (`gate.includeNotSteady` counts them).")
                .contains("> - JDK 25 virtual, repetition 2, 80 users: throughput rose 14.0% (95% interval +9.0% to +20.0%)")
                .contains("6 not-steady points left out");

        // the same measurements with the gate counting them: regressed
        Map<String, Object> counting = body("feature", main);
        counting.put("gate", map("includeNotSteady", true));
        long counted = seeded(api, counting, shape(300, virtualAlways));
        JsonNode countedJob = api.get("/api/v1/jobs/" + counted).expect(200).json();
        assertThat(countedJob.at("/spec/gate/includeNotSteady").asBoolean()).isTrue();
        assertThat(countedJob.at("/baseline/verdict").asString()).isEqualTo("regressed");
        assertThat(countedJob.at("/baseline/regressions").asInt()).isEqualTo(2);
        assertThat(countedJob.at("/baseline/notSteadyLeftOut").asInt()).isZero();
        assertThat(api.get("/api/v1/jobs/" + counted + "/summary.md").body())
                .contains("counted in the gate's verdicts (`gate.includeNotSteady`).");
        assertThat(job.at("/spec/gate/includeNotSteady").asBoolean()).as("the default, stored with the spec").isFalse();
    }

    @Test
    void theSteadyRunsStillJudgeAndTheRowSaysHowManyWereLeftOut() {
        ApiClient api = ApiClient.admin(port);
        long main = seeded(api, body("main", null), shape(390, (model, rep) -> false));
        long partly = seeded(api, body("feature", main), shape(300, (model, rep) -> model.equals("virtual") && rep == 3));

        JsonNode job = api.get("/api/v1/jobs/" + partly).expect(200).json();
        assertThat(job.at("/baseline/verdict").asString()).isEqualTo("regressed");
        assertThat(job.at("/baseline/notSteadyLeftOut").asInt()).isEqualTo(2);
        JsonNode row = find(pair(api.get(job.at("/baseline/comparison").asString()).json(), 21, "virtual"),
                "throughputRps", 80);
        assertThat(row.get("verdict").asString()).isEqualTo("regressed");
        assertThat(row.get("candidateRuns").asInt()).isEqualTo(2);
        assertThat(row.get("candidateNotSteadyLeftOut").asInt()).isEqualTo(1);
        assertThat(row.get("baselineNotSteadyLeftOut").asInt()).isZero();

        // within the job too: the thread models' comparison judges the gate metrics on steady points
        JsonNode byModel = api.get("/api/v1/jobs/" + partly + "/comparisons/thread-models/platform").expect(200).json();
        JsonNode within = find(pair(byModel, 21, "virtual"), "throughputRps", 80);
        assertThat(within.get("candidateNotSteadyLeftOut").asInt()).isEqualTo(1);
    }

    @Test
    void theSummaryListsFindingsWorstFirstGroupedByCodeWithWhereTheyOccurredAndTheirAdvice() {
        ApiClient api = ApiClient.admin(port);
        long id = seeded(api, body("main", null), shape(390, (model, rep) -> false));
        var runs = api.get("/api/v1/jobs/" + id + "/runs").json().get("items");
        List<JsonNode> virtual = new ArrayList<>();
        runs.forEach(r -> {
            if (r.get("threadModel").asString().equals("virtual") && r.get("jdk").asInt() == 21) {
                virtual.add(r);
            }
        });
        Instant at = Instant.parse("2026-11-24T10:00:12Z");
        JsonNode first = virtual.getFirst();
        runFindings.replaceOfRun(first.get("id").asLong(), List.of(
                Finding.of(FindingCode.JAVA_OOM, 1, 80, at, "java.lang.OutOfMemoryError: Java heap space in thread "
                        + "\"http-nio-8080-Acceptor\" at 2026-11-24T10:00:12Z: the app measured after it is a damaged process.",
                        Map.of("kind", "Java heap space"), null),
                Finding.of(FindingCode.REQUEST_ERRORS, 1, 80, at, "999 of 1000 requests failed (99.9%): 999 timeout.",
                        Map.of("errors", 999), "Read the app's <log> at the time of the first errors.")));
        runFindings.replaceOfRun(virtual.get(1).get("id").asLong(), List.of(
                Finding.of(FindingCode.REQUEST_ERRORS, 0, 20, at, "3 of 980 requests failed (0.3%): 3 timeout.",
                        Map.of("errors", 3), null),
                Finding.of(FindingCode.REQUEST_ERRORS, 1, 80, at, "12 of 990 requests failed.", Map.of("errors", 12), null),
                Finding.of(FindingCode.CEILING_EXCEEDED, 0, 20, null, "Throughput 98 req/s beat the model's 20 req/s.",
                        Map.of(), null)));

        String summary = api.get("/api/v1/jobs/" + id + "/summary.md").expect(200).body();
        // its runs completed, but the app ran out of memory: not a green "succeeded" (issue 21)
        assertThat(summary).startsWith("## jvmbench job #" + id + ": ⚠️ completed, 1 critical finding (`java-oom`)\n")
                .doesNotContain("✅ succeeded");
        JsonNode job = api.get("/api/v1/jobs/" + id).expect(200).json();
        assertThat(job.get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(job.at("/findings/critical").asInt()).isEqualTo(1);
        String findings = summary.substring(summary.indexOf("### Findings"));
        assertThat(summary.indexOf("### Findings")).as("after the verdicts")
                .isGreaterThan(summary.indexOf("Thread models against platform"));
        assertThat(findings).contains("1 critical, 3 warning, 1 info, worst first (every one with its evidence: `GET /api/v1/jobs/"
                + id + "/findings`).");
        String oom = "- 🔴 critical · `java-oom` · The JVM ran out of memory · JDK 21 virtual at 80\n  - java.lang.OutOfMemoryError: Java heap space in thread \"http-nio-8080-Acceptor\"";
        assertThat(findings).contains(oom).contains("  - **Advice:** " + FindingCode.JAVA_OOM.advice());
        assertThat(findings).contains("- 🟠 warning · `request-errors` · Requests failed · JDK 21 virtual at 20, 80 (2 runs)\n")
                .contains("  - 999 of 1000 requests failed (99.9%): 999 timeout. (JDK 21 virtual, repetition 1, level 80)")
                .contains("  - **Advice:** Read the app's &lt;log&gt; at the time of the first errors.")
                .contains("- 🔵 info · `ceiling-exceeded`");
        assertThat(findings.indexOf("java-oom")).isLessThan(findings.indexOf("request-errors"));
        assertThat(findings.indexOf("request-errors")).isLessThan(findings.indexOf("ceiling-exceeded"));
        assertThat(findings.split("`request-errors`", -1)).as("one entry per code").hasSize(2);

        long clean = seeded(api, body("main", null), shape(390, (model, rep) -> false));
        assertThat(api.get("/api/v1/jobs/" + clean + "/summary.md").body()).contains("### Findings\n\nNone:")
                .contains("## jvmbench job #" + clean + ": ✅ succeeded\n")
                .doesNotContain("Not steady");
    }

    @Test
    void includeNotSteadyIsABoolean() {
        ApiClient api = ApiClient.admin(port);
        Map<String, Object> body = body("main", null);
        body.put("gate", map("includeNotSteady", "yes"));
        api.postJson("/api/v1/jobs", body).expect(400).fieldError("gate.includeNotSteady");
    }

    private static JsonNode pair(JsonNode comparison, int jdk, String model) {
        for (JsonNode pair : comparison.get("comparisons")) {
            if (pair.at("/candidate/jdk").asInt() == jdk && pair.at("/candidate/threadModel").asString().equals(model)) {
                return pair;
            }
        }
        throw new AssertionError("no pair for JDK " + jdk + " " + model + " in " + comparison);
    }

    private static JsonNode find(JsonNode pair, String metric, int level) {
        for (JsonNode row : pair.get("metrics")) {
            if (row.get("metric").asString().equals(metric) && row.get("level").asInt() == level) {
                return row;
            }
        }
        return null;
    }

    private static JsonNode level(JsonNode stats, int jdk, String model, int level) {
        for (JsonNode cell : stats.get("cells")) {
            if (cell.get("jdk").asInt() == jdk && cell.get("threadModel").asString().equals(model)) {
                for (JsonNode l : cell.get("levels")) {
                    if (l.get("level").asInt() == level) {
                        return l;
                    }
                }
            }
        }
        throw new AssertionError("no level " + level + " of JDK " + jdk + " " + model);
    }
}
