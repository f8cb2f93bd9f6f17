package dev.jvmbench.api.analysis;

import static dev.jvmbench.api.support.ApiClient.map;
import static dev.jvmbench.api.support.JvmFactsSeeds.facts;
import static dev.jvmbench.api.support.JvmFactsSeeds.flag;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import dev.jvmbench.common.jvm.JvmFacts;
import dev.jvmbench.common.jvm.Recording;
import dev.jvmbench.common.store.RunJvm;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * What the cells' JVMs saw, as the worker stores it per run (run_jvm), in the job's summary and in
 * the comparisons' warnings: a collector or max heap the JVM's ergonomics chose differently on the
 * two sides is said, one the job's options chose is not.
 */
@ApiIntegrationTest
class JvmPerCellTest {

    private static final List<Integer> LEVELS = List.of(20, 80);

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    RunJvm jvms;

    private long seeded(ApiClient api, Map<String, Object> body) {
        long id = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).complete(id, LEVELS, (jdk, model, repetition, level) ->
                map("throughput_rps", 100.0 + repetition, "latency_p95_ms", 200.0 + repetition));
        return id;
    }

    /** Stores facts for every run of the job: {@code jvm} gets the JDK, thread model and repetition. */
    private void store(long jobId, TriFunction jvm) {
        var runs = jdbc.sql("SELECT id, jdk, thread_model, repetition FROM runs WHERE job_id = :job ORDER BY seq")
                .param("job", jobId).query().listOfRows();
        for (var run : runs) {
            JvmFacts facts = jvm.apply(((Number) run.get("jdk")).intValue(),
                    ((String) run.get("thread_model")).toLowerCase(java.util.Locale.ROOT),
                    ((Number) run.get("repetition")).intValue());
            jvms.store(((Number) run.get("id")).longValue(), facts == null ? Recording.LOST : Recording.COMPLETE, facts);
        }
    }

    @FunctionalInterface
    interface TriFunction {
        JvmFacts apply(int jdk, String threadModel, int repetition);
    }

    private static Map<String, Object> body() {
        Map<String, Object> body = JobBodies.valid();
        body.put("jdks", new ArrayList<>(List.of(21, 25)));
        body.put("repetitions", 2);
        return body;
    }

    @Test
    void theSummaryHasAJvmTablePerCellAndSaysWhenRepetitionsDisagree() {
        ApiClient api = ApiClient.admin(port);
        Map<String, Object> body = body();
        body.put("jvmOptions", List.of("-XX:+AlwaysPreTouch"));
        long id = seeded(api, body);
        store(id, (jdk, model, repetition) -> {
            if (jdk == 21 && model.equals("virtual")) {
                return null;   // both recordings lost
            }
            // JDK 25 virtual's second run counted 2 CPUs: the JVM took G1 there
            boolean second = jdk == 25 && model.equals("virtual") && repetition == 2;
            return facts(jdk, second ? "G1" : "Serial", second ? 2 : 1, 512, 128,
                    flag("AlwaysPreTouch", "true", "Environment variable"), flag("UseCompressedOops", "true", "Ergonomic"));
        });

        String summary = api.get("/api/v1/jobs/" + id + "/summary.md").expect(200).body();

        assertThat(summary).contains("### JVM per cell\n\n| Cell | JVM | GC | Max heap | CPUs counted | Non-default flags |");
        assertThat(summary).contains("| JDK 21 platform | 21.0.1+8 (Eclipse Adoptium) | Serial (ergonomics) | 128 MB (default) | 1 "
                + "| `AlwaysPreTouch=true`; 3 by ergonomics, 1 at launch |");
        assertThat(summary).contains("| JDK 21 virtual | no JVM facts");
        assertThat(summary).contains("| JDK 25 virtual | 25.0.1+8 (Eclipse Adoptium) | Serial (ergonomics) / G1 (ergonomics) "
                + "| 128 MB (default) | 1 / 2 |");
        assertThat(summary).contains("> ⚠️ JDK 25 virtual: its repetitions saw different JVMs: GC Serial (repetition 1) vs "
                + "G1 (repetition 2); CPUs counted 1 (repetition 1) vs 2 (repetition 2)");
        assertThat(summary).doesNotContain("JDK 25 platform: its repetitions");
        assertThat(summary.indexOf("### JVM per cell")).isLessThan(summary.indexOf("### Findings"));
    }

    @Test
    void aJobRunWithoutTheRecordingSaysSoAndItsComparisonWithARecordedJobCountsTheRecordingAsADifference() {
        ApiClient api = ApiClient.admin(port);
        long recorded = seeded(api, body());
        store(recorded, (jdk, model, repetition) -> facts(jdk, "Serial", 1, 512, 128));
        Map<String, Object> offBody = body();
        offBody.put("recording", "off");
        long off = seeded(api, offBody);
        var offRuns = jdbc.sql("SELECT id FROM runs WHERE job_id = :job ORDER BY seq").param("job", off).query(Long.class).list();
        offRuns.forEach(run -> jvms.store(run, Recording.OFF, null));

        assertThat(api.get("/api/v1/jobs/" + off).expect(200).json().at("/spec/recording").asString()).isEqualTo("off");
        assertThat(api.get("/api/v1/jobs/" + recorded).expect(200).json().at("/spec/recording").asString()).isEqualTo("jfr");
        String summary = api.get("/api/v1/jobs/" + off + "/summary.md").expect(200).body();
        assertThat(summary).contains("- **Recording** off: the app ran without JFR").doesNotContain("JVM per cell");
        assertThat(api.get("/api/v1/jobs/" + recorded + "/summary.md").expect(200).body()).doesNotContain("**Recording**");
        assertThat(api.get("/api/v1/runs/" + offRuns.getFirst() + "/jvm").expect(404).json().get("detail").asString())
                .contains("ran without the JFR recording");
        assertThat(api.get("/api/v1/jobs/" + off + "/profiles?jdk=25&threadModel=virtual&level=20&kind=cpu").expect(404)
                .json().get("detail").asString()).contains("the job ran without the JFR recording");

        JsonNode comparison = api.get("/api/v1/jobs/" + off + "/comparisons/jobs/" + recorded).expect(200).json();
        assertThat(comparison.toString()).contains("JFR recording differs (not recorded vs baseline recorded): the difference "
                + "includes the recording's cost");
        // the same build under other conditions is no A/A comparison
        assertThat(comparison.at("/builds/sameBuild").asBoolean()).isTrue();
        assertThat(comparison.at("/builds/sameConditions").asBoolean()).isFalse();
        assertThat(api.get("/api/v1/jobs/" + recorded + "/comparisons/jobs/" + seeded(api, body())).expect(200).json()
                .at("/builds/sameConditions").asBoolean()).isTrue();
        Map<String, Object> unknown = body();
        unknown.put("recording", "sometimes");
        assertThat(api.postJson("/api/v1/jobs", unknown).expect(400).body()).contains("recording");
    }

    @Test
    void aSummaryWithoutJvmFactsHasNoJvmTable() {
        ApiClient api = ApiClient.admin(port);
        long id = seeded(api, body());

        assertThat(api.get("/api/v1/jobs/" + id + "/summary.md").expect(200).body()).doesNotContain("JVM per cell");
    }

    @Test
    void jdksAndThreadModelsWhoseErgonomicsChoseAnotherGcAreWarnedOf() {
        ApiClient api = ApiClient.admin(port);
        long id = seeded(api, body());
        // JDK 21 platform at 1 CPU: Serial and 128 MB; everything else at 2 CPUs and 2 GB: G1 and 512 MB
        store(id, (jdk, model, repetition) -> jdk == 21 && model.equals("platform")
                ? facts(jdk, "Serial", 1, 512, 128) : facts(jdk, "G1", 2, 2048, 512));

        JsonNode byJdk = api.get("/api/v1/jobs/" + id + "/comparisons/jdks/21").expect(200).json();
        assertThat(warnings(byJdk)).contains("JDK 21 platform → JDK 25 platform: the GC differs: Serial (chosen by the "
                + "JVM's ergonomics at 1 CPU and 512 MB) vs G1 (chosen by the JVM's ergonomics at 2 CPUs and 2048 MB); "
                + "the comparison measures the collectors too (set one in the job's jvmOptions, e.g. -XX:+UseG1GC)",
                "JDK 21 platform → JDK 25 platform: the max heap differs: 128 MB (the JVM's default at 1 CPU and 512 MB) vs "
                        + "512 MB (the JVM's default at 2 CPUs and 2048 MB) (set one in the job's jvmOptions, e.g. -Xmx or "
                        + "-XX:MaxRAMPercentage)");
        assertThat(warnings(byJdk)).noneMatch(w -> w.startsWith("JDK 21 virtual"));

        JsonNode byModel = api.get("/api/v1/jobs/" + id + "/comparisons/thread-models/platform").expect(200).json();
        assertThat(warnings(byModel)).anyMatch(w -> w.startsWith("JDK 21 platform → JDK 21 virtual: the GC differs: Serial"))
                .noneMatch(w -> w.startsWith("JDK 25 platform"));
    }

    @Test
    void jobsWhoseErgonomicsChoseAnotherGcAreWarnedOfButNotJobsWhoseOptionsDid() {
        ApiClient api = ApiClient.admin(port);
        long oneCpu = seeded(api, body());
        Map<String, Object> twoCpus = body();
        twoCpus.put("limits", map("cpus", 2.0, "memoryMb", 2048));
        long twoCpu = seeded(api, twoCpus);
        store(oneCpu, (jdk, model, repetition) -> facts(jdk, "Serial", 1, 512, 128));
        store(twoCpu, (jdk, model, repetition) -> facts(jdk, "G1", 2, 2048, 512));

        JsonNode jobs = api.get("/api/v1/jobs/" + twoCpu + "/comparisons/jobs/" + oneCpu).expect(200).json();
        assertThat(warnings(jobs)).contains("JDK 25 virtual of baseline job " + oneCpu + " → job " + twoCpu
                + ": the GC differs: Serial (chosen by the JVM's ergonomics at 1 CPU and 512 MB) vs G1 (chosen by the "
                + "JVM's ergonomics at 2 CPUs and 2048 MB); the comparison measures the collectors too (set one in the "
                + "job's jvmOptions, e.g. -XX:+UseG1GC)");

        Map<String, Object> serial = body();
        serial.put("jvmOptions", List.of("-XX:+UseSerialGC", "-Xmx128m"));
        Map<String, Object> g1 = body();
        g1.put("jvmOptions", List.of("-XX:+UseG1GC", "-Xmx512m"));
        long bySerial = seeded(api, serial);
        long byG1 = seeded(api, g1);
        store(bySerial, (jdk, model, repetition) -> facts(jdk, "Serial", 1, 512, 128,
                flag("UseSerialGC", "true", "Environment variable"), flag("MaxHeapSize", "134217728", "Command line")));
        store(byG1, (jdk, model, repetition) -> facts(jdk, "G1", 1, 512, 512,
                flag("UseG1GC", "true", "Environment variable"), flag("MaxHeapSize", "536870912", "Command line")));

        JsonNode chosen = api.get("/api/v1/jobs/" + byG1 + "/comparisons/jobs/" + bySerial).expect(200).json();
        assertThat(warnings(chosen)).anyMatch(w -> w.startsWith("JVM options differ"))
                .noneMatch(w -> w.contains("the GC differs") || w.contains("the max heap differs"));
    }

    private static List<String> warnings(JsonNode view) {
        List<String> warnings = new ArrayList<>();
        view.get("warnings").forEach(w -> warnings.add(w.asString()));
        return warnings;
    }

}
