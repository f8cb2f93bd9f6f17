package dev.jvmbench.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.SteppedBuilds;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** `./bench history` (api/cli/history.py) against the live api, on a series with a step at sha=7. */
@ApiIntegrationTest
class HistoryCliTest {

    private static final Path CLI = Path.of("cli/history.py").toAbsolutePath();

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;

    private final String suite = UUID.randomUUID().toString();

    record Outcome(int exitCode, String stdout, String stderr) {
    }

    private Outcome run(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("python3", CLI.toString(), "--api", "http://127.0.0.1:" + port,
                "--token", ApiClient.ADMIN_TOKEN));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).start();
        var stdout = new ByteArrayOutputStream();
        var stderr = new ByteArrayOutputStream();
        Thread out = Thread.ofVirtual().start(() -> copy(process.getInputStream(), stdout));
        Thread err = Thread.ofVirtual().start(() -> copy(process.getErrorStream(), stderr));
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the CLI ends by itself").isTrue();
        out.join();
        err.join();
        return new Outcome(process.exitValue(), stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
    }

    private static void copy(java.io.InputStream in, ByteArrayOutputStream out) {
        try (in) {
            in.transferTo(out);
        } catch (java.io.IOException ignored) {
            // the process ended
        }
    }

    @Test
    void printsTheChangePointsOfALabelSelectorNewestFirst() throws Exception {
        List<Long> ids = SteppedBuilds.seed(ApiClient.admin(port), jdbc, suite, false);
        long entered = ids.get(SteppedBuilds.REGRESSED_FROM - 1);

        Outcome table = run("--scenario", "io-http", "--label", "suite=" + suite);
        assertThat(table.exitCode()).as(table.stderr()).isZero();
        List<String> lines = table.stdout().lines().toList();
        assertThat(lines.getFirst()).startsWith("change points of stock · io-http (suite=" + suite + "; the newest 50 jobs; "
                + "metrics throughputRps, latencyP95Ms");
        assertThat(lines.get(1)).startsWith("when").contains("job", "labels", "series", "metric", "ratio [95% interval]",
                "direction");
        assertThat(lines).as(table.stdout()).hasSize(5);   // title, header, rule, two change points
        String throughput = lines.get(3);
        assertThat(throughput).contains("#" + entered, "sha=" + SteppedBuilds.REGRESSED_FROM, "JDK 25 virtual @80",
                "throughputRps", "WORSE").doesNotContain("suite=");
        assertThat(throughput).containsPattern("x0\\.9\\d\\d \\[0\\.\\d{3}, 0\\.9\\d\\d\\]");
        assertThat(throughput).containsPattern("3[89]\\d → 35\\d");
        assertThat(lines.get(4)).contains("#" + entered, "latencyP95Ms", "WORSE").containsPattern("x1\\.1\\d\\d");

        // the platform thread model never changed; an unknown selector has no jobs
        Outcome platform = run("--scenario", "io-http", "--label", "suite=" + suite, "--thread-model", "platform", "--worse");
        assertThat(platform.stdout().lines().toList()).last().isEqualTo("no worse change point");
        Outcome none = run("--scenario", "io-http", "--label", "suite=nobody-" + suite);
        assertThat(none.exitCode()).isZero();
        assertThat(none.stdout()).contains("no change point");

        Outcome raw = run("--scenario", "io-http", "--label", "suite=" + suite, "--metric", "throughputRps", "--json");
        assertThat(raw.exitCode()).isZero();
        JsonNode json = JsonMapper.builder().build().readTree(raw.stdout());
        assertThat(json.get("items")).hasSize(1);
        assertThat(json.at("/items/0/change/job/id").asLong()).isEqualTo(entered);

        Outcome bad = run("--scenario", "io-http", "--metric", "speed");
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.stderr()).contains("HTTP 400").contains("metric");
        assertThat(run("--scenario", "io-http", "--label", "nokey").exitCode()).as("a usage error").isEqualTo(2);
    }
}
