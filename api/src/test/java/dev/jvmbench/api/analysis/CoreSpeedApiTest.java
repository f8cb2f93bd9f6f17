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
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * A job whose runs met cores of two speeds (docs/metrics.md, "Core speed"), on the real database: its
 * statistics name the runs in two groups as the host's slower cores, not as JVMs that did more work,
 * although the slower runs' CPU per request is higher too; the summary and the job's findings say so.
 */
@ApiIntegrationTest
class CoreSpeedApiTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;

    /** A job of one cell (JDK 25, platform threads) with this many repetitions. */
    private static long platformJob(ApiClient api, int repetitions) {
        Map<String, Object> body = JobBodies.valid();
        body.put("jdks", new ArrayList<>(List.of(25)));
        body.put("threadModels", new ArrayList<>(List.of("platform")));
        body.put("repetitions", repetitions);
        return api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
    }

    @Test
    void runsOnSlowerCoresAreTheHostsGroupInStatisticsSummaryAndFindings() {
        ApiClient api = ApiClient.admin(port);
        long job = platformJob(api, 6);
        // repetitions 2, 4, 6 ran while the host's cores were 25 % slower: 25 % fewer requests, each at 33 % more CPU
        new ResultSeeder(jdbc).complete(job, List.of(20), (jdk, model, rep, level) -> rep % 2 == 0
                ? map("throughput_rps", 300.0 + rep / 10.0, "cpu_ms_per_request", 3.3, "core_speed", 10.6 + rep / 100.0)
                : map("throughput_rps", 400.0 + rep / 10.0, "cpu_ms_per_request", 2.5, "core_speed", 14.1 + rep / 100.0));

        JsonNode groups = api.get("/api/v1/jobs/" + job + "/statistics").expect(200).json().at("/cells/0/levels/0/runGroups");
        assertThat(groups.get("slowRepetitions").toString()).isEqualTo("[2,4,6]");
        assertThat(groups.get("reading").asString()).isEqualTo("slower-cores");
        assertThat(groups.get("slowCoreSpeed").asDouble()).isCloseTo(10.64, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(api.get("/api/v1/jobs/" + job + "/summary.md").expect(200).body())
                .contains("the slower runs' cores ran at 10.6 steps per CPU-µs against 14.1")
                .doesNotContain("as when the JIT compiles the code differently")
                .contains("- **Core speed** 10.6 to 14.2 steps per CPU-µs over the points", "the app's cores changed speed");
        JsonNode findings = api.get("/api/v1/jobs/" + job + "/findings").expect(200).json().get("items");
        assertThat(findings.toString()).contains("core-speed-differed", "part of the spread between the runs is the host's");
    }

    @Test
    void coresThatHeldTheirSpeedClearTheHostInTheSummary() {
        ApiClient api = ApiClient.admin(port);
        long job = platformJob(api, 3);
        // the ledger of 2026-12-01: 358, 356, 360 req/s on cores at 159.5-160.2 steps per CPU-µs
        new ResultSeeder(jdbc).complete(job, List.of(20), (jdk, model, rep, level) -> map("throughput_rps",
                new double[] {358.3, 355.7, 360.4}[rep - 1], "core_speed", new double[] {159.5, 160.2, 159.6}[rep - 1],
                "core_speed_spread_percent", 0.5));

        assertThat(api.get("/api/v1/jobs/" + job + "/summary.md").expect(200).body())
                .contains("- **Core speed** 159.5 to 160.2 steps per CPU-µs over the points (0.439 % apart; within a window at "
                        + "most 0.5 %): the app's cores held their speed through the job");
        assertThat(api.get("/api/v1/jobs/" + job + "/findings").expect(200).json().toString())
                .doesNotContain("core-speed-differed");
    }
}
