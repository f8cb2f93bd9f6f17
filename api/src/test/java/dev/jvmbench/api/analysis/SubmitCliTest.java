package dev.jvmbench.api.analysis;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/** `./bench submit` (api/cli/submit.py) against the live api: its exit codes are the CI gate's contract. */
@ApiIntegrationTest
class SubmitCliTest {

    private static final Path CLI = Path.of("cli/submit.py").toAbsolutePath();
    private static final List<Integer> LEVELS = List.of(20, 80);

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @TempDir
    Path dir;

    private final String suite = UUID.randomUUID().toString();

    record Outcome(int exitCode, String stdout, String stderr) {
    }

    private static ResultSeeder.Values throughput(double virtualAt80) {
        return (jdk, model, repetition, level) -> {
            double noise = 1 + (repetition - 2) * 0.01;
            double value = model.equals("virtual") && level == 80 ? virtualAt80 : 98;
            return map("throughput_rps", value * noise, "latency_p95_ms", 205 * noise);
        };
    }

    private Path jobFile(Map<String, Object> body) throws Exception {
        Path file = Files.createTempFile(dir, "job", ".json");
        Files.writeString(file, JsonMapper.builder().build().writeValueAsString(body));
        return file;
    }

    private Map<String, Object> body() {
        Map<String, Object> body = JobBodies.valid();
        body.put("repetitions", 3);
        body.put("labels", map("suite", suite));
        return body;
    }

    /** Runs the CLI; while it waits, {@code whileWaiting} plays the worker for the job it submitted. */
    private Outcome run(List<String> args, java.util.function.LongConsumer whileWaiting) throws Exception {
        List<String> command = new ArrayList<>(List.of("python3", CLI.toString(), "--api", "http://127.0.0.1:" + port,
                "--token", ApiClient.ADMIN_TOKEN, "--poll-interval", "0.2"));
        command.addAll(args);
        Process process = new ProcessBuilder(command).start();
        var stdout = new ByteArrayOutputStream();
        var stderr = new ByteArrayOutputStream();
        Thread out = Thread.ofVirtual().start(() -> copy(process.getInputStream(), stdout));
        Thread err = Thread.ofVirtual().start(() -> copy(process.getErrorStream(), stderr));
        try {
            if (whileWaiting != null) {
                whileWaiting.accept(awaitSubmittedJob());
            }
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the CLI ends by itself").isTrue();
        } finally {
            process.destroyForcibly();
        }
        out.join();
        err.join();
        return new Outcome(process.exitValue(), stdout.toString(StandardCharsets.UTF_8),
                stderr.toString(StandardCharsets.UTF_8));
    }

    private long awaitSubmittedJob() throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (Instant.now().isBefore(deadline)) {
            var id = jdbc.sql("SELECT id FROM jobs WHERE labels @> CAST(:labels AS jsonb) AND jsonb_exists(labels, 'sha') "
                            + "ORDER BY id DESC LIMIT 1")
                    .param("labels", "{\"suite\": \"" + suite + "\"}").query(Long.class).optional();
            if (id.isPresent()) {
                return id.get();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the CLI submitted no job within 30 s");
    }

    private static void copy(java.io.InputStream in, ByteArrayOutputStream out) {
        try (in) {
            in.transferTo(out);
        } catch (java.io.IOException ignored) {
            // the process ended
        }
    }

    private long seededMainJob() {
        ApiClient api = ApiClient.admin(port);
        Map<String, Object> main = body();
        main.put("labels", map("suite", suite, "branch", "main"));
        long id = api.postJson("/api/v1/jobs", main).expect(201).json().get("id").asLong();
        new ResultSeeder(jdbc).complete(id, LEVELS, throughput(390));
        return id;
    }

    private List<String> gated(Path job, String... more) {
        // stored: the seeded candidate's own runs carry the change (the paired mode: PairedBaselineApiTest)
        List<String> args = new ArrayList<>(List.of(job.toString(), "--label", "sha=abc123", "--baseline-labels",
                "branch=main,suite=" + suite, "--baseline-mode", "stored", "--wait", "--fail-on-regression", "--timeout", "50"));
        args.addAll(List.of(more));
        return args;
    }

    @Test
    void aRegressionFailsTheGateWithExitCode2AndPrintsTheSummary() throws Exception {
        long main = seededMainJob();
        Path summary = dir.resolve("summary.md");
        Outcome outcome = run(gated(jobFile(body()), "--summary-file", summary.toString()),
                id -> new ResultSeeder(jdbc).complete(id, LEVELS, throughput(300)));
        assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(2);
        assertThat(outcome.stdout()).contains("❌ regressed against the baseline").contains("job #" + main);
        assertThat(outcome.stderr()).contains("baseline: job " + main).contains("regressed against baseline job " + main);
        assertThat(Files.readString(summary)).isEqualTo(outcome.stdout());
    }

    /**
     * With confirmation (the default), the CLI waits through CONFIRMING and the extra runs the api
     * queues, and exit code 2 follows the confirmed verdict only (one job per test: the CLI's job is
     * found by the test's labels).
     */
    @Test
    void aRegressionTheExtraRunsDoNotReproducePassesTheGate() throws Exception {
        seededMainJob();
        // a false alarm: the planned runs regressed, the extra runs measure the app as it is
        Outcome falseAlarm = run(gated(jobFile(body())), id -> confirmWith(id, throughput(300), throughput(391)));
        assertThat(falseAlarm.exitCode()).as(falseAlarm.stderr()).isZero();
        assertThat(falseAlarm.stderr()).contains("CONFIRMING").contains("regressed against baseline job")
                .contains("at first, not confirmed by extra runs");
        assertThat(falseAlarm.stdout()).contains("(regressed at first, not confirmed by extra runs)");
    }

    @Test
    void aConfirmedRegressionFailsTheGate() throws Exception {
        seededMainJob();
        Outcome real = run(gated(jobFile(body())), id -> confirmWith(id, throughput(300), throughput(300)));
        assertThat(real.exitCode()).as(real.stderr()).isEqualTo(2);
        assertThat(real.stderr()).contains("confirmed by extra runs");
        assertThat(real.stdout()).contains("confirmed by extra runs");
    }

    /** Plays the worker: the planned runs end as {@code planned}, the extra runs the api queues as {@code extra}. */
    private void confirmWith(long jobId, ResultSeeder.Values planned, ResultSeeder.Values extra) {
        new ResultSeeder(jdbc).endQueued(jobId, LEVELS, planned, "CONFIRMING");
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> jdbc.sql(
                "SELECT count(*) FROM runs WHERE job_id = :job AND status = 'QUEUED'").param("job", jobId)
                .query(Long.class).single() > 0);
        new ResultSeeder(jdbc).endQueued(jobId, LEVELS, extra, "SUCCEEDED");
    }

    @Test
    void noRegressionPassesTheGate() throws Exception {
        seededMainJob();
        Outcome outcome = run(gated(jobFile(body())), id -> new ResultSeeder(jdbc).complete(id, LEVELS, throughput(391)));
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        assertThat(outcome.stdout()).contains("✅ no detectable change against the baseline");
        assertThat(outcome.stderr()).contains("runs done").contains("verdict: no detectable change");
    }

    @Test
    void aRealChangeWithinTheToleranceIsToldApartAndPassesTheGate() throws Exception {
        seededMainJob();
        // virtual at 80 users loses 4.9% with 1% noise: real, yet under the 5% threshold
        Outcome outcome = run(gated(jobFile(body())), id -> new ResultSeeder(jdbc).complete(id, LEVELS, throughput(371)));
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        assertThat(outcome.stdout())
                .contains("✅ change within tolerance against the baseline (2 real changes smaller than the threshold)")
                .contains("| JDK 25 virtual → JDK 25 virtual | 80 | Throughput | 390 | 371 | ×0.951 [0.932, 0.970] "
                        + "| 🟡 change within tolerance |")
                .contains("| JDK 25 virtual → JDK 25 virtual | 20 | Throughput | 98 | 98 | ×1.000 [0.980, 1.020] "
                        + "| ⚪ no detectable change |");
        assertThat(outcome.stderr()).contains("verdict: change within tolerance");
    }

    @Test
    void aRegressionWithoutFailOnRegressionStillExitsZero() throws Exception {
        seededMainJob();
        List<String> args = new ArrayList<>(gated(jobFile(body())));
        args.remove("--fail-on-regression");
        Outcome outcome = run(args, id -> new ResultSeeder(jdbc).complete(id, LEVELS, throughput(300)));
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        assertThat(outcome.stdout()).contains("regressed");
    }

    @Test
    void aFailedJobExitsWith3() throws Exception {
        seededMainJob();
        Outcome outcome = run(gated(jobFile(body())), id -> new ResultSeeder(jdbc)
                .completeExcept(id, LEVELS, throughput(390), 2, "app OOMKilled during level 80 (memory limit 512 MB)"));
        assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(3);
        assertThat(outcome.stdout()).contains("❌ job FAILED").contains("OOMKilled");
    }

    /** What `./bench demo` prints: the table (one row per run and level, a failed run with its reason), then the summary. */
    @Test
    void theTableHasARowPerRunAndLevelBeforeTheSummary() throws Exception {
        Outcome outcome = run(List.of(jobFile(body()).toString(), "--label", "sha=table", "--wait", "--table",
                        "--timeout", "50"),
                id -> new ResultSeeder(jdbc).completeExcept(id, LEVELS, throughput(390), 2, "readiness timeout after 180 s"));
        assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(3);
        List<String> lines = outcome.stdout().lines().toList();
        assertThat(lines.getFirst().trim().split("\\s{2,}")).containsExactly("JDK", "model", "level", "req/s", "ceiling",
                "p50 ms", "p95 ms", "p99 ms", "errors", "CPU ms/req", "MB/req", "ctx sw/req", "GC ms/s", "heap MB",
                "pinned", "flags");
        // 2 JDKs x 2 thread models x 3 repetitions = 12 runs: 11 with 2 levels each, 1 failed before any point.
        List<String> rows = lines.subList(1, lines.indexOf(""));
        assertThat(rows).hasSize(11 * 2 + 1);
        assertThat(rows).filteredOn(r -> r.contains("FAILED: readiness timeout after 180 s")).hasSize(1);
        assertThat(rows).anySatisfy(r -> assertThat(r.trim().split("\\s+")).startsWith("25", "virtual", "80", "390.0"));
        assertThat(rows).allSatisfy(r -> assertThat(r.length()).isEqualTo(lines.getFirst().length()));
        assertThat(String.join("\n", lines.subList(rows.size() + 2, lines.size()))).contains("❌ job FAILED");
    }

    @Test
    void waitingPastTheTimeoutExitsWith4() throws Exception {
        Outcome outcome = run(List.of(jobFile(body()).toString(), "--label", "sha=slow", "--wait", "--timeout", "1"), null);
        assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(4);
        assertThat(outcome.stderr()).contains("timed out");
    }

    @Test
    void aRefusedJobExitsWith1AndSaysWhy() throws Exception {
        Map<String, Object> bad = body();
        bad.put("jdks", List.of(7));
        Outcome outcome = run(List.of(jobFile(bad).toString(), "--wait"), null);
        assertThat(outcome.exitCode()).isEqualTo(1);
        assertThat(outcome.stderr()).contains("HTTP 400").contains("jdks[0]");
        assertThat(run(List.of(dir.resolve("missing.json").toString()), null).exitCode()).isEqualTo(1);
        assertThat(run(List.of(jobFile(body()).toString(), "--label", "novalue"), null).stderr())
                .contains("must be KEY=VALUE");
        Outcome noBaseline = run(List.of(jobFile(body()).toString(), "--max-pairs", "6"), null);
        assertThat(noBaseline.exitCode()).isEqualTo(1);
        assertThat(noBaseline.stderr()).contains("--max-pairs needs a baseline");
        // against a stored baseline the api refuses it, and says why
        seededMainJob();
        Outcome stored = run(gated(jobFile(body()), "--max-pairs", "6"), null);
        assertThat(stored.exitCode()).isEqualTo(1);
        assertThat(stored.stderr()).contains("HTTP 400").contains("gate.maxPairs").contains("needs a paired baseline");
    }

    @Test
    void aJarIsUploadedFirstAndBenchmarked() throws Exception {
        Path jar = dir.resolve("app.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "com.example.App");
        try (var out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new JarEntry("com/example/" + suite + ".txt"));
            out.write(suite.getBytes(StandardCharsets.UTF_8));
        }
        Map<String, Object> body = JobBodies.userImage("ignored:1");
        body.put("labels", map("suite", suite));
        Outcome outcome = run(List.of(jobFile(body).toString(), "--jar", jar.toString()), null);
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        long jobId = Long.parseLong(outcome.stdout().trim());
        var job = ApiClient.admin(port).get("/api/v1/jobs/" + jobId).expect(200).json();
        assertThat(job.at("/spec/app/image").isMissingNode()).isTrue();
        long artifactId = job.at("/spec/app/artifactId").asLong();
        assertThat(outcome.stderr()).contains("uploaded " + jar + " as artifact " + artifactId);
    }

    @Test
    void aJarThatCannotStartStopsTheSubmissionWithTheReason() throws Exception {
        Path library = dir.resolve("lib.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        try (var out = new JarOutputStream(Files.newOutputStream(library), manifest)) {
            out.putNextEntry(new JarEntry("lib/" + suite + ".txt"));
            out.write(suite.getBytes(StandardCharsets.UTF_8));
        }
        Outcome outcome = run(List.of(jobFile(JobBodies.userImage("ignored:1")).toString(), "--jar", library.toString()), null);
        assertThat(outcome.exitCode()).isEqualTo(1);
        assertThat(outcome.stderr()).contains("cannot run").contains("no Main-Class");
    }

    private Path jar(String fileName, String title, String content) throws Exception {
        Path jar = dir.resolve(fileName);
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "com.example.App");
        if (title != null) {
            manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_TITLE, title);
        }
        try (var out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new JarEntry("com/example/" + content + ".txt"));
            out.write(content.getBytes(StandardCharsets.UTF_8));
        }
        return jar;
    }

    /**
     * Issue 20: a CI pipeline uploads a new JAR on every commit. Each upload is a new artifact (a new
     * build), but the JARs carry one app name (the manifest's title here), so the second build finds the
     * first as its baseline by labels, the comparison says the builds differ, and history shows both
     * jobs in one series.
     */
    @Test
    void twoBuildsOfOneAppUploadedAsJarsFindTheirBaselineAndShareAHistory() throws Exception {
        String name = "orders-" + suite;
        Map<String, Object> first = JobBodies.userImage("ignored:1");
        first.put("labels", map("suite", suite, "branch", "main", "sha", "1"));
        Outcome one = run(List.of(jobFile(first).toString(), "--jar", jar("orders-1.0.0.jar", name, "build-1").toString()),
                null);
        assertThat(one.exitCode()).as(one.stderr()).isZero();
        assertThat(one.stderr()).contains("app name " + name);
        long firstJob = Long.parseLong(one.stdout().trim());
        new ResultSeeder(jdbc).complete(firstJob, List.of(50), (jdk, model, repetition, level) ->
                map("throughput_rps", 100.0 + repetition, "latency_p95_ms", 40.0));

        Map<String, Object> second = JobBodies.userImage("ignored:1");
        second.put("labels", map("suite", suite, "branch", "feature", "sha", "2"));
        Outcome two = run(List.of(jobFile(second).toString(), "--jar", jar("orders-1.0.1.jar", name, "build-2").toString(),
                "--baseline-labels", "branch=main,suite=" + suite), null);
        assertThat(two.exitCode()).as(two.stderr()).isZero();
        assertThat(two.stderr()).contains("baseline: job " + firstJob);
        long secondJob = Long.parseLong(two.stdout().trim());
        new ResultSeeder(jdbc).complete(secondJob, List.of(50), (jdk, model, repetition, level) ->
                map("throughput_rps", 100.0 + repetition, "latency_p95_ms", 40.0));

        ApiClient api = ApiClient.admin(port);
        var firstView = api.get("/api/v1/jobs/" + firstJob).expect(200).json();
        var secondView = api.get("/api/v1/jobs/" + secondJob).expect(200).json();
        assertThat(secondView.at("/app/name").asString()).isEqualTo(name);
        assertThat(secondView.at("/spec/app/name").asString()).isEqualTo(name);
        assertThat(secondView.at("/baseline/jobId").asLong()).isEqualTo(firstJob);
        assertThat(secondView.at("/app/build").asString()).startsWith("artifact:")
                .isNotEqualTo(firstView.at("/app/build").asString());

        var comparison = api.get(secondView.at("/baseline/comparison").asString()).expect(200).json();
        assertThat(comparison.at("/builds/sameBuild").asBoolean()).isFalse();
        assertThat(comparison.at("/builds/sameApp").asBoolean()).isTrue();
        assertThat(comparison.at("/builds/baselineBuild").asString()).isEqualTo(firstView.at("/app/build").asString());
        assertThat(api.get("/api/v1/jobs/" + secondJob + "/summary.md").expect(200).body())
                .contains("- **App** `" + name + "` (build `" + secondView.at("/app/build").asString() + "`)")
                .contains("Compared: builds `" + firstView.at("/app/build").asString() + "` (baseline) and `"
                        + secondView.at("/app/build").asString() + "` (this job) of app `" + name + "`.")
                .contains("Mode: **paired**: the baseline's cells were measured again in this job");
        assertThat(comparison.get("baselineMode").asString()).isEqualTo("paired");

        var history = api.get("/api/v1/history?metric=throughputRps&scenario=checkout&threadModel=platform&app=" + name).expect(200).json();
        assertThat(history.get("series")).hasSize(1);
        assertThat(history.at("/series/0/points")).extracting(p -> p.get("jobId").asLong())
                .containsExactly(firstJob, secondJob);
        assertThat(history.get("excluded")).isEmpty();
        // one build alone is still found by its reference, and the job list filters by name
        var byBuild = api.get("/api/v1/history?metric=throughputRps&scenario=checkout&threadModel=platform&app="
                + firstView.at("/app/build").asString()).expect(200).json();
        assertThat(byBuild.at("/series/0/points")).extracting(p -> p.get("jobId").asLong()).containsExactly(firstJob);
        assertThat(api.get("/api/v1/jobs?app=" + name).expect(200).json().get("items"))
                .extracting(j -> j.get("id").asLong()).containsExactly(secondJob, firstJob);
    }

    @Test
    void aJarWithoutATitleIsNamedAfterItsFileWithoutTheVersionAndAGivenNameWins() throws Exception {
        Map<String, Object> body = JobBodies.userImage("ignored:1");
        body.put("labels", map("suite", suite));
        Outcome byFile = run(List.of(jobFile(body).toString(), "--jar",
                jar("inventory-2.3.1-SNAPSHOT.jar", null, "inventory-" + suite).toString()), null);
        assertThat(byFile.exitCode()).as(byFile.stderr()).isZero();
        var job = ApiClient.admin(port).get("/api/v1/jobs/" + byFile.stdout().trim()).expect(200).json();
        assertThat(job.at("/app/name").asString()).isEqualTo("inventory");

        Map<String, Object> named = JobBodies.userImage("ignored:1");
        named.put("labels", map("suite", suite + "-named"));
        Outcome given = run(List.of(jobFile(named).toString(), "--jar",
                jar("inventory-2.3.2.jar", null, "named-" + suite).toString(), "--app-name", "stock-keeping"), null);
        assertThat(given.exitCode()).as(given.stderr()).isZero();
        assertThat(ApiClient.admin(port).get("/api/v1/jobs/" + given.stdout().trim()).json().at("/app/name").asString())
                .isEqualTo("stock-keeping");
    }
}
