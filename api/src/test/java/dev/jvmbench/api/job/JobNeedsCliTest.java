package dev.jvmbench.api.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.catalog.ScenarioDefinition;
import dev.jvmbench.common.job.Upstream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * api/cli/job_needs.py, which tells `./bench demo` what its job runs on so that a new machine builds
 * only those images: the JDKs of the job, and the upstreams of its scenario as the scenario
 * catalogue's own loader reads them (the script reads the YAML without a YAML library, so every
 * built-in scenario is checked against the loader).
 */
class JobNeedsCliTest {

    private static final Path CLI = Path.of("..", "api", "cli", "job_needs.py");
    private static final Path EXAMPLES = Path.of("..", "docs", "examples");

    @TempDir
    Path dir;

    @Test
    void everyBuiltInScenarioNeedsTheUpstreamsItsCatalogueEntryLists() throws Exception {
        ScenarioCatalog catalog = ScenarioCatalog.load(ScenarioCatalog.DEFAULT_LOCATION);
        assertThat(catalog.scenarios()).hasSizeGreaterThan(3);
        for (ScenarioDefinition scenario : catalog.scenarios()) {
            Map<String, String> needs = needs("{\"jdks\": [25, 21], \"scenario\": {\"name\": \"" + scenario.name() + "\"}}");
            assertThat(needs).as(scenario.name()).containsEntry("BENCH_SETUP_JDKS", "25 21")
                    .containsEntry("BENCH_SETUP_UPSTREAMS", scenario.upstreams().stream().map(Upstream::wireName)
                            .collect(Collectors.joining(" ")));
        }
    }

    @Test
    void theExampleJobsNeedTheirOwnJdksAndUpstreams() throws Exception {
        assertThat(needs(Files.readString(EXAMPLES.resolve("demo-job.json"))))
                .containsOnly(Map.entry("BENCH_SETUP_JDKS", "25"), Map.entry("BENCH_SETUP_UPSTREAMS", "http"));
        assertThat(needs(Files.readString(EXAMPLES.resolve("jdk-upgrade-job.json")))).containsEntry("BENCH_SETUP_JDKS", "21 25");
        // a custom request names its upstreams (the shop's database), or needs none
        assertThat(needs(Files.readString(EXAMPLES.resolve("shop-job.json")))).containsEntry("BENCH_SETUP_UPSTREAMS", "db");
        assertThat(needs("{\"jdks\": [25], \"scenario\": {\"name\": \"x\", \"request\": {\"path\": \"/\"}}}"))
                .containsEntry("BENCH_SETUP_UPSTREAMS", "");
    }

    @Test
    void aJobThatDoesNotSayLeavesEverythingToBeBuilt() throws Exception {
        assertThat(needs("not json")).isEmpty();
        assertThat(needs("[1]")).isEmpty();
        assertThat(needs("{\"jdks\": \"25\", \"scenario\": {\"name\": \"no-such-scenario\"}}")).isEmpty();
    }

    /** The script's assignments, unquoted (shlex.quote only quotes what needs it: '' and "21 25"). */
    private Map<String, String> needs(String job) throws IOException, InterruptedException {
        Path file = dir.resolve("job.json");
        Files.writeString(file, job);
        Process process = new ProcessBuilder("python3", CLI.toString(), file.toString()).redirectErrorStream(true).start();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(out).isZero();
        Map<String, String> needs = new LinkedHashMap<>();
        out.lines().filter(line -> !line.isBlank()).forEach(line -> {
            int eq = line.indexOf('=');
            String value = line.substring(eq + 1);
            needs.put(line.substring(0, eq), value.startsWith("'") ? value.substring(1, value.length() - 1) : value);
        });
        return needs;
    }
}
