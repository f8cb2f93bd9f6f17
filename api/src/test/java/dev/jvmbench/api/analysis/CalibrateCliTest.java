package dev.jvmbench.api.analysis;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.ResultSeeder;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * `./bench calibrate --api` (api/cli/calibrate.py) against the live api: it submits the A/A jobs and
 * the injected one, waits for them (this test plays the worker), stores the profile and prints it.
 * 4 repetitions, as in CalibrationApiTest: no other test's comparisons see the profile.
 */
@ApiIntegrationTest
class CalibrateCliTest {

    private static final Path CLI = Path.of("cli/calibrate.py").toAbsolutePath();

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;

    @AfterEach
    void removeProfiles() {
        jdbc.sql("DELETE FROM noise_profiles WHERE repetitions = 4").update();
    }

    private List<Map<String, Object>> awaitCalibrationJobs(long after, int count) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (Instant.now().isBefore(deadline)) {
            var jobs = jdbc.sql("SELECT id, labels->>'role' AS role FROM jobs WHERE id > :after "
                            + "AND labels @> CAST('{\"purpose\": \"calibration\"}' AS jsonb) ORDER BY id")
                    .param("after", after).query().listOfRows();
            if (jobs.size() == count) {
                return jobs;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the CLI did not submit " + count + " jobs within 30 s");
    }

    @Test
    void itMeasuresTheReferenceThenPairedCandidatesAndPrintsBothProfiles() throws Exception {
        long before = jdbc.sql("SELECT coalesce(max(id), 0) FROM jobs").query(Long.class).single();
        List<String> command = new ArrayList<>(List.of("python3", CLI.toString(), "--api", "http://127.0.0.1:" + port,
                "--token", ApiClient.ADMIN_TOKEN, "--poll-interval", "0.2", "--timeout", "50", "--pairs", "1",
                "--repetitions", "4", "--inject", "10", "--delay-ms", "100"));
        Process process = new ProcessBuilder(command).start();
        var stdout = new ByteArrayOutputStream();
        var stderr = new ByteArrayOutputStream();
        Thread out = Thread.ofVirtual().start(() -> copy(process.getInputStream(), stdout));
        Thread err = Thread.ofVirtual().start(() -> copy(process.getErrorStream(), stderr));
        ResultSeeder.SideValues values = (side, jdk, model, repetition, level) -> map(
                "throughput_rps", 100 + repetition * 0.2, "latency_p95_ms", 100 + repetition * 0.3);
        try {
            // the reference alone first: the candidates (and a neighbour, when asked) come once it has ended
            var reference = awaitCalibrationJobs(before, 1);
            assertThat(reference).extracting(j -> j.get("role")).containsExactly("reference");
            long referenceId = ((Number) reference.getFirst().get("id")).longValue();
            Thread.sleep(500);
            assertThat(jdbc.sql("SELECT count(*) FROM jobs WHERE id > :after").param("after", before)
                    .query(Integer.class).single()).as("nothing else before the reference ended").isEqualTo(1);
            new ResultSeeder(jdbc).completeBySide(referenceId, List.of(20), values);

            var jobs = awaitCalibrationJobs(before, 3);
            assertThat(jobs).extracting(j -> j.get("role")).containsExactly("reference", "aa-1", "injected");
            for (var job : jobs.subList(1, 3)) {
                double slowdown = job.get("role").equals("injected") ? 1.10 : 1.0;
                // both halves of every pair: the reference's cells measured again, and the candidate's own
                new ResultSeeder(jdbc).completeBySide(((Number) job.get("id")).longValue(), List.of(20),
                        (side, jdk, model, repetition, level) -> side.equals("baseline")
                                ? values.of(side, jdk, model, repetition, level)
                                : map("throughput_rps", (100 + repetition * 0.2) / slowdown,
                                        "latency_p95_ms", (100 + repetition * 0.3) * slowdown));
            }
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the CLI ends by itself").isTrue();
        } finally {
            process.destroyForcibly();
        }
        out.join();
        err.join();
        String printed = stdout.toString(StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(stderr.toString(StandardCharsets.UTF_8)).isZero();
        var api = ApiClient.admin(port);
        long stored = api.get("/api/v1/noise-profile?repetitions=4&mode=stored").expect(200).json().get("id").asLong();
        long paired = api.get("/api/v1/noise-profile?repetitions=4&mode=paired").expect(200).json().get("id").asLong();
        assertThat(printed).contains("noise profile " + stored + " (stored): 4 repetitions, 1 A/A comparisons")
                .contains("noise profile " + paired + " (paired): 4 repetitions, 1 A/A comparisons")
                .containsPattern("throughputRps \\(gate\\)\\s+20\\s+2\\s+0/2 \\(0 %\\)\\s+0/2\\s+\\d+\\.\\d %")
                .contains("injected effect +10.0 % (job ")
                .contains("JDK 25 platform level 20 throughputRps: x0.909")
                .contains("stored and paired on the same jobs:");
        var spec = jdbc.sql("SELECT CAST(spec->'scenario'->'params'->>'delayMs' AS float8) FROM jobs WHERE id > :after ORDER BY id")
                .param("after", before).query(Double.class).list();
        assertThat(spec).as("the injected job's upstream delay is 10 % longer").containsExactly(100.0, 100.0, 110.0);
        var modes = jdbc.sql("SELECT spec->'baseline'->>'mode' FROM jobs WHERE id > :after ORDER BY id")
                .param("after", before).query(String.class).list();
        assertThat(modes).as("the candidates measure the reference again, in pairs").containsExactly(null, "paired", "paired");
    }

    private static void copy(java.io.InputStream in, ByteArrayOutputStream out) {
        try (in) {
            in.transferTo(out);
        } catch (java.io.IOException ignored) {
            // the process ended
        }
    }
}
