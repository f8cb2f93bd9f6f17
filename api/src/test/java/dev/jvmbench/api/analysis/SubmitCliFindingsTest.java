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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/** `./bench submit --wait` prints the job's findings worst first once it has ended; stdout stays the summary. */
@ApiIntegrationTest
class SubmitCliFindingsTest {

    private static final Path CLI = Path.of("cli/submit.py").toAbsolutePath();

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    RunFindings runFindings;
    @TempDir
    Path dir;

    @Test
    void theFindingsFollowTheJobWorstFirstWithTheirCellLevelAndSentence() throws Exception {
        long before = jdbc.sql("SELECT coalesce(max(id), 0) FROM jobs").query(Long.class).single();
        Path job = dir.resolve("job.json");
        Files.writeString(job, JsonMapper.builder().build().writeValueAsString(JobBodies.valid()));
        Process process = new ProcessBuilder("python3", CLI.toString(), "--api", "http://127.0.0.1:" + port, "--token",
                ApiClient.ADMIN_TOKEN, "--poll-interval", "0.2", "--timeout", "30", "--wait", job.toString()).start();
        try {
            // play the worker for the job the CLI submitted: results, and findings of JDK 21 virtual, repetition 1
            long jobId = awaitJobAfter(before);
            long run = jdbc.sql("SELECT id FROM runs WHERE job_id = :job AND jdk = 21 AND thread_model = 'VIRTUAL' "
                    + "AND repetition = 1").param("job", jobId).query(Long.class).single();
            runFindings.replaceOfRun(run, List.of(
                    Finding.of(FindingCode.REQUEST_ERRORS, 1, 80, null, "999 of 1000 requests failed (99.9%):\n999 timeout.",
                            Map.of(), null),
                    Finding.of(FindingCode.JAVA_OOM, 1, 80, null, "java.lang.OutOfMemoryError: Java heap space.", Map.of(),
                            null),
                    Finding.of(FindingCode.JFR_LOST, null, null, null, "No recording came out of the app.", Map.of(), null)));
            new ResultSeeder(jdbc).complete(jobId, List.of(20, 80), (jdk, model, repetition, level) -> map());
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the CLI ends by itself").isTrue();
            String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(process.exitValue()).as(stderr).isZero();
            assertThat(stderr).containsPattern("\\[bench] findings, worst first: 1 critical, 1 warning, 1 info\n"
                    + "\\[bench]   CRITICAL  java-oom        JDK 21 virtual #1, level 80 +  java.lang.OutOfMemoryError: Java heap space.\n"
                    + "\\[bench]   WARNING   request-errors  JDK 21 virtual #1, level 80 +  999 of 1000 requests failed \\(99.9%\\): 999 timeout.\n"
                    + "\\[bench]   INFO      jfr-lost        JDK 21 virtual #1, whole run  No recording came out of the app.\n");
            assertThat(stdout).as("stdout is the summary").startsWith("## jvmbench job #" + jobId)
                    .contains("### Findings").doesNotContain("[bench]");
        } finally {
            process.destroyForcibly();
        }
    }

    private long awaitJobAfter(long before) throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            long id = jdbc.sql("SELECT coalesce(max(id), 0) FROM jobs").query(Long.class).single();
            if (id > before) {
                return id;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the CLI submitted no job within 30 s");
    }
}
