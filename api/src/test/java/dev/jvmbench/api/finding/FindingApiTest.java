package dev.jvmbench.api.finding;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.series.SeriesPhase;
import dev.jvmbench.common.store.PointSeriesStore;
import dev.jvmbench.common.store.RunFindings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * The findings, series and steadiness of runs and jobs over HTTP, from what a worker stores
 * (written here through the same owners the worker uses).
 */
@ApiIntegrationTest
class FindingApiTest {

    private static final Instant START = Instant.parse("2026-11-24T10:00:00.250Z");

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    RunFindings runFindings;
    @Autowired
    PointSeriesStore series;

    @Test
    void aRunsFindingsComeWorstFirstWithTheirCatalogueEntryAndAnUnknownCodeStaysListed() {
        ApiClient api = ApiClient.admin(port);
        long jobId = submit(api, JobBodies.valid());
        long runId = runIds(api, jobId).getFirst();
        runFindings.replaceOfRun(runId, List.of(
                Finding.of(FindingCode.REQUEST_ERRORS, 1, 80, START.plusSeconds(3), "12 of 800 requests failed (1.5%): 12 timeout.",
                        Map.of("errors", 12, "errorsByCause", Map.of("timeout", 12)), null),
                Finding.of(FindingCode.JVM_CPU_MISMATCH, null, null, null, "The JVM uses 4 processors; the limit is 1 CPU.",
                        Map.of("jvmProcessors", 4, "cpuLimit", 1.0), "Add -XX:ActiveProcessorCount=1."),
                Finding.of(FindingCode.JAVA_OOM, 1, 80, START.plusSeconds(7), "java.lang.OutOfMemoryError: Java heap space",
                        Map.of("kind", "Java heap space", "thread", "http-nio-8080-Acceptor"), null)));
        // a code a newer worker knows and this api does not: listed with its own sentence, no catalogue entry
        jdbc.sql("""
                INSERT INTO run_findings (run_id, level_index, level, code, severity, at, summary, evidence, advice)
                VALUES (:run, 0, 20, 'future-code', 'INFO', NULL, 'Something new.', '{"x": 1}'::jsonb, 'Read the new docs.')
                """).param("run", runId).update();

        JsonNode body = api.get("/api/v1/runs/" + runId + "/findings").expect(200).json();
        assertThat(body.get("runId").asLong()).isEqualTo(runId);
        assertThat(body.get("jobId").asLong()).isEqualTo(jobId);
        assertThat(codes(body.get("items"))).containsExactly("java-oom", "jvm-cpu-mismatch", "request-errors", "future-code");
        JsonNode oom = body.at("/items/0");
        assertThat(oom.get("severity").asString()).isEqualTo("critical");
        assertThat(oom.get("defaultSeverity").asString()).isEqualTo("critical");
        assertThat(oom.get("title").asString()).isEqualTo(FindingCode.JAVA_OOM.title());
        assertThat(oom.get("levelIndex").asInt()).isEqualTo(1);
        assertThat(oom.get("level").asInt()).isEqualTo(80);
        assertThat(oom.get("at").asString()).isEqualTo("2026-11-24T10:00:07.250Z");
        assertThat(oom.at("/evidence/thread").asString()).isEqualTo("http-nio-8080-Acceptor");
        assertThat(oom.get("advice").asString()).isEqualTo(FindingCode.JAVA_OOM.advice());
        JsonNode runWide = body.at("/items/1");
        assertThat(runWide.has("levelIndex")).as("a run-wide finding has no level").isFalse();
        assertThat(runWide.get("advice").asString()).isEqualTo("Add -XX:ActiveProcessorCount=1.");
        JsonNode unknown = body.at("/items/3");
        assertThat(unknown.has("title")).isFalse();
        assertThat(unknown.has("defaultSeverity")).isFalse();
        assertThat(unknown.get("severity").asString()).isEqualTo("info");
        assertThat(unknown.get("summary").asString()).isEqualTo("Something new.");

        api.get("/api/v1/runs/987654321/findings").expect(404);
        assertThat(api.get("/api/v1/runs/" + runIds(api, jobId).get(1) + "/findings").expect(200).json().get("items")
                .isEmpty()).isTrue();
    }

    @Test
    void pointsCarryTheirSteadinessAndTheirLevelsFindingsAndJobsCountThemBySeverity() {
        ApiClient api = ApiClient.admin(port);
        long jobId = submit(api, JobBodies.valid());
        long quiet = submit(api, JobBodies.valid());
        List<Long> runs = runIds(api, jobId);
        new ResultSeeder(jdbc).complete(jobId, List.of(20, 80), (jdk, model, repetition, level) -> level == 80
                ? Map.of("steadiness", "NOT_STEADY", "steadiness_drift", 0.12, "steadiness_drift_low", 0.07,
                        "steadiness_drift_high", 0.16, "flags", "{not-steady}")
                : Map.of("steadiness", "STEADY", "steadiness_drift", 0.01, "steadiness_drift_low", -0.02,
                        "steadiness_drift_high", 0.03));
        runFindings.replaceOfRun(runs.getFirst(), List.of(
                Finding.of(FindingCode.NOT_STEADY, 1, 80, null, "The throughput rose by 12%.", Map.of("drift", 0.12), null),
                Finding.of(FindingCode.STOPPED_ANSWERING, 1, 80, START, "No request completed for 4 s.", Map.of("seconds", 4), null),
                Finding.of(FindingCode.JFR_LOST, null, null, null, "No recording.", Map.of(), null)));
        runFindings.replaceOfRun(runs.get(1), List.of(
                Finding.of(FindingCode.CEILING_EXCEEDED, 0, 20, null, "Above the model.", Map.of(), null)));

        JsonNode points = api.get("/api/v1/runs/" + runs.getFirst() + "/points").expect(200).json().get("items");
        JsonNode low = points.get(0);
        JsonNode high = points.get(1);
        assertThat(low.at("/steadiness/verdict").asString()).isEqualTo("steady");
        assertThat(low.at("/findings").toString()).isEqualTo("{\"critical\":0,\"warning\":0,\"info\":0}");
        assertThat(high.at("/steadiness/verdict").asString()).isEqualTo("not-steady");
        assertThat(high.at("/steadiness/drift").asDouble()).isEqualTo(0.12);
        assertThat(high.at("/steadiness/driftLow").asDouble()).isEqualTo(0.07);
        assertThat(high.at("/steadiness/driftHigh").asDouble()).isEqualTo(0.16);
        assertThat(high.at("/findings").toString()).as("the run-wide jfr-lost is on no level")
                .isEqualTo("{\"critical\":1,\"warning\":1,\"info\":0}");
        assertThat(high.has("latencyHistogram")).isFalse();

        JsonNode job = api.get("/api/v1/jobs/" + jobId).expect(200).json();
        assertThat(job.get("findings").toString()).isEqualTo("{\"critical\":1,\"warning\":1,\"info\":2}");
        assertThat(job.at("/links/findings").asString()).isEqualTo("/api/v1/jobs/" + jobId + "/findings");
        JsonNode page = api.get("/api/v1/jobs?label=test-run=" + label(api, jobId) + "&size=5").expect(200).json();
        assertThat(page.at("/items/0/findings").toString()).isEqualTo("{\"critical\":1,\"warning\":1,\"info\":2}");
        JsonNode list = api.get("/api/v1/jobs?size=200").expect(200).json().get("items");
        JsonNode quietJob = StreamSupport.stream(list.spliterator(), false)
                .filter(j -> j.get("id").asLong() == quiet).findFirst().orElseThrow();
        assertThat(quietJob.get("findings").toString()).isEqualTo("{\"critical\":0,\"warning\":0,\"info\":0}");
        JsonNode run = api.get("/api/v1/jobs/" + jobId + "/runs").json().at("/items/0/links");
        assertThat(run.get("series").asString()).isEqualTo("/api/v1/runs/" + runs.getFirst() + "/series");
        assertThat(run.get("findings").asString()).isEqualTo("/api/v1/runs/" + runs.getFirst() + "/findings");
    }

    @Test
    void aRunsSeriesAreEveryLevelsWindowsColumnByColumnWithTheLevel() {
        ApiClient api = ApiClient.admin(port);
        long jobId = submit(api, JobBodies.valid());
        long runId = runIds(api, jobId).getFirst();
        series.store(runId, 0, SeriesPhase.WARMUP, PointSeries.over(START.minusSeconds(3), 3)
                .put("throughputRps", 0, 40.0).put("throughputRps", 1, 60.0).put("throughputRps", 2, 75.0).build());
        series.store(runId, 0, SeriesPhase.MEASURED, PointSeries.over(START, 4).put("throughputRps", 0, 80.0)
                .put("throughputRps", 1, 81.0).put("throughputRps", 3, 79.0).put("latencyP95Ms", 0, 204.0)
                .column("errors").build());
        series.store(runId, 0, SeriesPhase.MEASURED, PointSeries.over(START, 4).put("heapUsedMb", 2, 64.5).build());
        series.store(runId, 1, SeriesPhase.MEASURED, PointSeries.over(START.plusSeconds(10), 2)
                .put("throughputRps", 0, 300.0).put("throughputRps", 1, 310.0).build());

        JsonNode body = api.get("/api/v1/runs/" + runId + "/series").expect(200).json();
        assertThat(body.get("jobId").asLong()).isEqualTo(jobId);
        assertThat(body.get("loadModel").asString()).isEqualTo("closed");
        JsonNode first = body.at("/levels/0");
        assertThat(first.get("levelIndex").asInt()).isEqualTo(0);
        assertThat(first.get("level").asInt()).isEqualTo(20);
        assertThat(first.at("/warmup/seconds").asInt()).isEqualTo(3);
        assertThat(first.at("/warmup/startMs").asLong()).isEqualTo(START.minusSeconds(3).toEpochMilli());
        assertThat(first.at("/measured/start").asString()).isEqualTo("2026-11-24T10:00:00.250Z");
        assertThat(first.at("/measured/metrics/throughputRps").toString()).as("a second without a value is a null")
                .isEqualTo("[80.0,81.0,null,79.0]");
        assertThat(first.at("/measured/metrics/heapUsedMb").toString()).isEqualTo("[null,null,64.5,null]");
        assertThat(first.at("/measured/metrics/errors").toString()).isEqualTo("[null,null,null,null]");
        JsonNode second = body.at("/levels/1");
        assertThat(second.get("level").asInt()).isEqualTo(80);
        assertThat(second.has("warmup")).isFalse();
        assertThat(second.at("/measured/metrics/throughputRps").toString()).isEqualTo("[300.0,310.0]");

        long otherRun = runIds(api, jobId).get(1);
        assertThat(api.get("/api/v1/runs/" + otherRun + "/series").expect(200).json().get("levels").isEmpty()).isTrue();
        api.get("/api/v1/runs/987654321/series").expect(404);
    }

    @Test
    void aJobListsEveryRunsFindingsWithTheCellAndSaysWhenJdk24StoppedThePinning() {
        ApiClient api = ApiClient.admin(port);
        Map<String, Object> spec = JobBodies.valid();
        spec.put("threadModels", new ArrayList<>(List.of("virtual")));
        spec.put("scenario", map("name", "pinning"));
        long jobId = submit(api, spec);
        // JDK 21 pins at 80 users in both repetitions, JDK 25 counts no pinned event
        new ResultSeeder(jdbc).complete(jobId, List.of(20, 80), (jdk, model, repetition, level) ->
                Map.of("vt_pinned_events", jdk == 21 && level == 80 ? 180L + repetition : 0L));
        var runs = api.get("/api/v1/jobs/" + jobId + "/runs").json().get("items");
        Map<Integer, Long> jdk21Runs = new HashMap<>();
        for (JsonNode run : runs) {
            if (run.get("jdk").asInt() == 21) {
                jdk21Runs.put(run.get("repetition").asInt(), run.get("id").asLong());
            }
        }
        runFindings.replaceOfRun(jdk21Runs.get(2), List.of(Finding.of(FindingCode.PINNING, 1, 80, START,
                "182 pinned virtual threads, most in Inventory.reserve.", Map.of("events", 182, "jdk", 21), null)));

        JsonNode body = api.get("/api/v1/jobs/" + jobId + "/findings").expect(200).json();
        assertThat(body.get("jobId").asLong()).isEqualTo(jobId);
        assertThat(codes(body.get("items"))).containsExactly("pinning", "pinning-fixed-by-jep-491");
        JsonNode pinning = body.at("/items/0");
        assertThat(pinning.get("runId").asLong()).isEqualTo(jdk21Runs.get(2));
        assertThat(pinning.get("jdk").asInt()).isEqualTo(21);
        assertThat(pinning.get("threadModel").asString()).isEqualTo("virtual");
        assertThat(pinning.get("repetition").asInt()).isEqualTo(2);
        assertThat(pinning.get("level").asInt()).isEqualTo(80);
        JsonNode jep = body.at("/items/1");
        assertThat(jep.has("runId")).as("job-wide").isFalse();
        assertThat(jep.get("severity").asString()).isEqualTo("info");
        assertThat(jep.get("title").asString()).contains("JEP 491");
        assertThat(jep.get("summary").asString()).contains("JDK 21", "363 pinned events", "JDK 25", "JEP 491");
        assertThat(jep.at("/evidence/pinnedEventsByJdk").toString()).isEqualTo("{\"21\":363,\"25\":0}");
        assertThat(jep.at("/evidence/threadModel").asString()).isEqualTo("virtual");

        api.get("/api/v1/jobs/987654321/findings").expect(404);
    }

    @Test
    void aFindingsStacksNameTheProfileToOpenAndSummaryMdItsTopFrame() {
        ApiClient api = ApiClient.admin(port);
        long jobId = submit(api, JobBodies.valid());
        new ResultSeeder(jdbc).complete(jobId, List.of(20, 80), (jdk, model, repetition, level) ->
                Map.of("vt_pinned_events", 0L));
        JsonNode runs = api.get("/api/v1/jobs/" + jobId + "/runs").json().get("items");
        JsonNode first = runs.get(0);
        long runId = first.get("id").asLong();
        String cell = "jdk=" + first.get("jdk").asInt() + "&threadModel=" + first.get("threadModel").asString();
        // as the worker writes them (worker FindingStacks): one profile with its top stacks, one missing
        Map<String, Object> alloc = new java.util.LinkedHashMap<>();
        alloc.put("kind", "alloc");
        alloc.put("threads", "all");
        alloc.put("unit", "bytes");
        alloc.put("total", 1_000_000);
        alloc.put("requests", 1000);
        alloc.put("perRequestUnit", "bytes");
        alloc.put("top", List.of(Map.of("frame", "app.Orders.render", "frames", List.of("java.util.Arrays.copyOf",
                "app.Orders.render"), "value", 600_000, "share", 0.6, "perRequest", 600.0)));
        runFindings.replaceOfRun(runId, List.of(
                Finding.of(FindingCode.GC_PRESSURE, 1, 80, START, "GC paused 80 ms per second (8% of the time).",
                        Map.of("gcPauseMsPerSecond", 80.0, "stacks", List.of(alloc)), null),
                Finding.of(FindingCode.POOL_EXHAUSTED, 0, 20, START, "The pool caps throughput.",
                        Map.of("stacks", List.of(Map.of("kind", "lock", "threads", "all",
                                "missing", "no readable JFR recording came out of the app"))), null),
                Finding.of(FindingCode.CPU_THROTTLED, 1, 80, START, "Throttled.", Map.of(), null)));

        JsonNode items = api.get("/api/v1/runs/" + runId + "/findings").expect(200).json().get("items");
        JsonNode gc = find(items, "gc-pressure");
        assertThat(gc.at("/evidence/stacks/0/top/0/frame").asString()).isEqualTo("app.Orders.render");
        assertThat(gc.at("/profiles").size()).isEqualTo(1);
        assertThat(gc.at("/profiles/0/kind").asString()).isEqualTo("alloc");
        assertThat(gc.at("/profiles/0/threads").asString()).isEqualTo("all");
        String query = "?" + cell + "&level=80&kind=alloc";
        assertThat(gc.at("/profiles/0/href").asString()).isEqualTo("/api/v1/jobs/" + jobId + "/profiles" + query);
        assertThat(gc.at("/profiles/0/flameGraph").asString())
                .isEqualTo("/api/v1/jobs/" + jobId + "/profiles/flamegraph.html" + query);
        assertThat(find(items, "pool-exhausted").get("profiles").isEmpty()).as("no profile to open").isTrue();
        assertThat(find(items, "cpu-throttled").get("profiles").isEmpty()).isTrue();
        JsonNode ofJob = find(api.get("/api/v1/jobs/" + jobId + "/findings").expect(200).json().get("items"), "gc-pressure");
        assertThat(ofJob.at("/profiles/0/href").asString()).isEqualTo(gc.at("/profiles/0/href").asString());

        String summary = api.get("/api/v1/jobs/" + jobId + "/summary.md").expect(200).body();
        assertThat(summary).contains("  - **Stacks:** top stack 60 % of the level's allocated bytes, through "
                        + "`app.Orders.render` (flame graph: `GET /api/v1/jobs/" + jobId + "/profiles/flamegraph.html" + query
                        + "`).")
                .contains("  - **Stacks:** no lock profile of this level: no readable JFR recording came out of the app.");

        // a run that failed is not in its cell's profile: the evidence stays, nothing to open
        jdbc.sql("UPDATE runs SET status = 'FAILED' WHERE id = :id").param("id", runId).update();
        assertThat(find(api.get("/api/v1/runs/" + runId + "/findings").expect(200).json().get("items"), "gc-pressure")
                .get("profiles").isEmpty()).isTrue();
    }

    private static JsonNode find(JsonNode items, String code) {
        return StreamSupport.stream(items.spliterator(), false).filter(f -> f.get("code").asString().equals(code))
                .findFirst().orElseThrow();
    }

    @Test
    void noJep491FindingWhenTheNewerJdkPinnedTooOrWasNotMeasured() {
        ApiClient api = ApiClient.admin(port);
        long bothPin = submit(api, JobBodies.valid());
        new ResultSeeder(jdbc).complete(bothPin, List.of(20), (jdk, model, repetition, level) ->
                Map.of("vt_pinned_events", model.equals("virtual") ? 5L : 0L));
        assertThat(codes(api.get("/api/v1/jobs/" + bothPin + "/findings").expect(200).json().get("items"))).isEmpty();

        long noRecordingOn25 = submit(api, JobBodies.valid());
        new ResultSeeder(jdbc).complete(noRecordingOn25, List.of(20), (jdk, model, repetition, level) -> {
            Map<String, Object> columns = new HashMap<>();
            columns.put("vt_pinned_events", jdk == 21 ? 5L : null);
            return columns;
        });
        assertThat(codes(api.get("/api/v1/jobs/" + noRecordingOn25 + "/findings").expect(200).json().get("items")))
                .as("JDK 25 lost its recording: nothing says it did not pin").isEmpty();
    }

    @Test
    void theCatalogueListsEveryCodeWithItsSeverityTitleMeaningAndAdvice() {
        JsonNode items = ApiClient.admin(port).get("/api/v1/catalog/findings").expect(200).json().get("items");
        assertThat(codes(items)).containsExactlyElementsOf(
                java.util.Arrays.stream(FindingCode.values()).map(FindingCode::code).toList());
        JsonNode oom = items.get(0);
        assertThat(oom.get("code").asString()).isEqualTo("java-oom");
        assertThat(oom.get("severity").asString()).isEqualTo("critical");
        assertThat(oom.get("title").asString()).isEqualTo(FindingCode.JAVA_OOM.title());
        assertThat(oom.get("meaning").asString()).isEqualTo(FindingCode.JAVA_OOM.meaning());
        assertThat(oom.get("advice").asString()).isEqualTo(FindingCode.JAVA_OOM.advice());
    }

    private static long submit(ApiClient api, Map<String, Object> body) {
        return api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
    }

    private static List<Long> runIds(ApiClient api, long jobId) {
        return StreamSupport.stream(api.get("/api/v1/jobs/" + jobId + "/runs").expect(200).json().get("items").spliterator(),
                false).map(r -> r.get("id").asLong()).toList();
    }

    private static String label(ApiClient api, long jobId) {
        return api.get("/api/v1/jobs/" + jobId).json().at("/spec/labels/test-run").asString();
    }

    private static List<String> codes(JsonNode items) {
        return StreamSupport.stream(items.spliterator(), false).map(f -> f.get("code").asString()).toList();
    }
}
