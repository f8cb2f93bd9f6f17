package dev.jvmbench.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import dev.jvmbench.common.profile.ProfileKind;
import dev.jvmbench.common.store.ProfileRow;
import dev.jvmbench.common.store.RunProfiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * GET /api/v1/jobs/{id}/profiles and its flame graphs and diffs, on profiles stored as the worker
 * stores them: JDK 21 platform spends 300 samples per 1000 requests counting primes, JDK 25
 * platform half of that, both the same in JSON writing; the virtual-thread cells have no profile.
 */
@ApiIntegrationTest
class ProfileApiTest {

    private static final long PERIOD_NS = 20_000_000L;

    @LocalServerPort
    int port;
    @Autowired
    RunProfiles profiles;
    @Autowired
    JdbcClient jdbc;

    ApiClient api;
    long jobId;

    @BeforeEach
    void seed() {
        api = ApiClient.admin(port);
        jobId = api.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        // a job of the same app before it may become its paired baseline: both sides end, only the job's get profiles
        new ResultSeeder(jdbc).completeBySide(jobId, List.of(20, 80), (side, jdk, model, repetition, level) ->
                Map.of("throughput_rps", 100.0, "cpu_ms_per_request", jdk == 21 ? 8.0 + repetition / 10.0 : 5.0 + repetition / 10.0));
        for (JsonNode run : api.get("/api/v1/jobs/" + jobId + "/runs").json().get("items")) {
            if (!run.get("threadModel").asString().equals("platform") || !run.get("side").asString().equals("job")) {
                continue;
            }
            long runId = run.get("id").asLong();
            long primes = run.get("jdk").asInt() == 21 ? 300 : 150;
            List<ProfileRow> rows = new ArrayList<>();
            rows.add(new ProfileRow(runId, 1, 80, ProfileKind.CPU, primes + 105, primes + 105, 1000, PERIOD_NS, 2, 1, 5,
                    "app.Main.main;app.Primes.count " + primes + "\napp.Main.main;app.Json.write 100\n"));
            rows.add(new ProfileRow(runId, 1, 80, ProfileKind.ALLOC, 4_096_000, 40, 1000, null, 1, 0, 0,
                    "app.Main.main;app.Json.write 4096000\n"));
            profiles.replaceOfRun(runId, rows);
        }
    }

    private String cell(int jdk, String threadModel, int level) {
        return "/api/v1/jobs/" + jobId + "/profiles?jdk=" + jdk + "&threadModel=" + threadModel + "&level=" + level;
    }

    @Test
    void aCellsProfileIsItsRepetitionsMergedPerRequest() {
        JsonNode cpu = api.get(cell(21, "platform", 80) + "&kind=cpu").expect(200).json();

        assertThat(cpu.get("kind").asString()).isEqualTo("cpu");
        assertThat(cpu.get("side").asString()).isEqualTo("job");
        assertThat(cpu.get("runs")).hasSize(2);
        assertThat(cpu.get("requests").asLong()).isEqualTo(2000);
        assertThat(cpu.get("total").asLong()).isEqualTo(810);
        assertThat(cpu.get("samplingPeriodMs").asDouble()).isEqualTo(20.0);
        assertThat(cpu.get("perRequestUnit").asString()).isEqualTo("samples per 1000 requests");
        assertThat(cpu.get("droppedShare").asDouble()).isCloseTo(10.0 / 810, within(1e-9));
        JsonNode top = cpu.at("/topSelf/0");
        assertThat(top.get("frame").asString()).isEqualTo("app.Primes.count");
        assertThat(top.get("self").asLong()).isEqualTo(600);
        assertThat(top.get("selfPerRequest").asDouble()).as("samples per 1000 requests").isEqualTo(300.0);
        assertThat(top.get("selfMsPerRequest").asDouble()).as("600 x 20 ms / 2000").isEqualTo(6.0);
        assertThat(cpu.at("/topTotal/0/frame").asString()).isEqualTo("app.Main.main");
        assertThat(cpu.at("/topTotal/0/totalShare").asDouble()).isCloseTo(800.0 / 810, within(1e-9));
        assertThat(cpu.at("/stacks/0/stack").asString()).isEqualTo("app.Main.main;app.Primes.count");

        JsonNode alloc = api.get(cell(21, "platform", 80) + "&kind=alloc").expect(200).json();
        assertThat(alloc.at("/topSelf/0/selfPerRequest").asDouble()).as("bytes per request").isEqualTo(4096.0);
        assertThat(alloc.has("msPerRequest")).as("null, left out").isFalse();
    }

    @Test
    void theFlameGraphIsTheConvertersPageOfTheMergedStacks() {
        var page = api.get("/api/v1/jobs/" + jobId + "/profiles/flamegraph.html?jdk=21&threadModel=platform&level=80")
                .expect(200);

        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.header("Content-Security-Policy")).contains("sandbox allow-scripts");
        assertThat(page.body()).contains("<canvas").contains("cpu of job " + jobId + " JDK 21 platform at level 80")
                .contains("Primes.count").contains("Json.write");
    }

    @Test
    void theDiffRanksTheFramesWhoseCpuPerRequestChangedMost() {
        JsonNode diff = api.get("/api/v1/jobs/" + jobId + "/profiles/diff?jdk=25&threadModel=platform&level=80&baseJdk=21")
                .expect(200).json();

        assertThat(diff.get("unit").asString()).isEqualTo("ms per request");
        assertThat(diff.get("baselineTotal").asDouble()).isEqualTo(405 * 2 * 20.0 / 2000);
        assertThat(diff.get("frames")).hasSize(1);
        assertThat(diff.at("/frames/0/frame").asString()).isEqualTo("app.Primes.count");
        assertThat(diff.at("/frames/0/baseline").asDouble()).isEqualTo(6.0);
        assertThat(diff.at("/frames/0/candidate").asDouble()).isEqualTo(3.0);
        assertThat(diff.at("/frames/0/delta").asDouble()).isEqualTo(-3.0);

        var page = api.get("/api/v1/jobs/" + jobId + "/profiles/diff.html?jdk=25&threadModel=platform&level=80&baseJdk=21")
                .expect(200);
        assertThat(page.body()).contains("against").contains("maxdiff = ").doesNotContain("maxdiff = -1;");
    }

    @Test
    void aComparisonSaysWhichFramesTheCpuPerRequestChangedInAndTheSummaryToo() {
        JsonNode view = api.get("/api/v1/jobs/" + jobId + "/comparisons/jdks/21").expect(200).json();

        JsonNode platform = null;
        for (JsonNode pair : view.get("comparisons")) {
            if (pair.at("/candidate/threadModel").asString().equals("platform")) {
                platform = pair;
            } else {
                assertThat(pair.get("cpuFrames")).as("the virtual cells have no profile").isEmpty();
            }
        }
        assertThat(platform).isNotNull();
        assertThat(platform.get("cpuFrames")).as("level 80 only: level 20 has no profile").hasSize(1);
        JsonNode level = platform.at("/cpuFrames/0");
        assertThat(level.get("level").asInt()).isEqualTo(80);
        assertThat(level.at("/cpu/unit").asString()).isEqualTo("ms per request");
        assertThat(level.at("/cpu/frames/0/frame").asString()).isEqualTo("app.Primes.count");
        assertThat(level.at("/cpu/frames/0/delta").asDouble()).isEqualTo(-3.0);

        String summary = api.get("/api/v1/jobs/" + jobId + "/summary.md").expect(200).body();
        assertThat(summary).contains("CPU per request by frame")
                .contains("JDK 21 (platform) → JDK 25 (platform) at level 80: CPU per request ×0.")
                .contains("of which `app.Primes.count` \u22123 ms");
    }

    @Test
    void badParametersAre400AndWhatIsNotThereIs404AsProblems() {
        for (String bad : List.of(cell(21, "platform", 80) + "&kind=heap", cell(21, "green", 80), cell(21, "platform", 0),
                cell(21, "platform", 80) + "&side=other",
                "/api/v1/jobs/" + jobId + "/profiles?threadModel=platform&level=80",
                "/api/v1/jobs/" + jobId + "/profiles?jdk=abc&threadModel=platform&level=80",
                "/api/v1/jobs/" + jobId + "/profiles/flamegraph.html?jdk=21&threadModel=platform&level=80&kind=heap",
                "/api/v1/jobs/" + jobId + "/profiles/diff?jdk=25&threadModel=platform&level=80&baseThreadModel=green")) {
            var response = api.get(bad).expect(400);
            assertThat(response.header("Content-Type")).as(bad).startsWith("application/problem+json");
        }
        assertThat(api.get("/api/v1/jobs/987654321/profiles?jdk=21&threadModel=platform&level=80").expect(404)
                .json().get("detail").asString()).contains("no job with id 987654321");
        assertThat(api.get(cell(17, "platform", 80)).expect(404).json().get("detail").asString())
                .contains("has no runs of JDK 17 platform");
        assertThat(api.get(cell(21, "platform", 50)).expect(404).json().get("detail").asString())
                .contains("measured no level 50").contains("[20, 80]");
        assertThat(api.get(cell(21, "virtual", 80)).expect(404).json().get("detail").asString())
                .contains("no cpu profile of JDK 21 virtual at level 80");
        assertThat(api.get(cell(21, "platform", 20)).expect(404).header("Content-Type"))
                .startsWith("application/problem+json");
        assertThat(api.get(cell(21, "platform", 80) + "&side=baseline").expect(404).json().get("detail").asString())
                .contains("baseline side");
        var html = api.get("/api/v1/jobs/" + jobId + "/profiles/flamegraph.html?jdk=21&threadModel=virtual&level=80")
                .expect(404);
        assertThat(html.header("Content-Type")).startsWith("application/problem+json");
        api.get("/api/v1/jobs/" + jobId + "/profiles/diff.html?jdk=25&threadModel=platform&level=80&baseJobId=987654321")
                .expect(404);
    }
}
