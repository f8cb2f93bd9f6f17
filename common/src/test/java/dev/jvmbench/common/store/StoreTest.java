package dev.jvmbench.common.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jvmbench.common.database.EmbeddedPostgres;
import dev.jvmbench.common.job.AppRef;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.LoadProfile;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ScenarioSpec;
import dev.jvmbench.common.job.ThreadModel;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * The owners on a real PostgreSQL with the real migrations: each row record matches its table
 * column by column, rows come back as they were written, and status changes follow the enums'
 * transition tables.
 */
class StoreTest {

    @TempDir
    static Path home;
    static EmbeddedPostgres postgres;
    static JdbcClient jdbc;
    static Jobs jobs;
    static Runs runs;
    static ResultPoints points;
    static RunArtifacts artifacts;
    static PointSeriesStore series;
    static RunFindings findings;

    @BeforeAll
    static void database() {
        postgres = EmbeddedPostgres.start(home.resolve("db"),
                Path.of(System.getProperty("user.home"), ".cache/jvmbench/pg-binaries"), 0, true);
        var dataSource = new SimpleDriverDataSource(new org.postgresql.Driver(), postgres.jdbcUrl(), postgres.user(),
                postgres.password());
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        jdbc = JdbcClient.create(dataSource);
        JsonMapper json = JsonMapper.builder().build();
        jobs = new Jobs(jdbc, json);
        runs = new Runs(jdbc, json);
        points = new ResultPoints(jdbc, json);
        artifacts = new RunArtifacts(jdbc);
        series = new PointSeriesStore(jdbc, json);
        findings = new RunFindings(jdbc, json);
    }

    @AfterAll
    static void close() {
        postgres.close();
    }

    private static Set<String> columnsOf(String table) {
        return new LinkedHashSet<>(jdbc.sql("""
                SELECT column_name FROM information_schema.columns WHERE table_name = :table ORDER BY ordinal_position""")
                .param("table", table).query(String.class).list());
    }

    /**
     * A migration that adds a column must add the record component too (or say here why the
     * record leaves it out): else the worker would never write it and the api never read it.
     */
    @Test
    void everyColumnIsARecordComponentAndBackAgain() {
        JsonMapper json = JsonMapper.builder().build();
        assertThat(new RecordRows<>(Point.class, json, Map.of("gcPauseMsPerSecond", "gc_pause_ms_per_s")).columnNames())
                .as("result_points but the database's id and created_at, and error_rate (Point.errorRate())")
                .containsExactlyInAnyOrderElementsOf(without(columnsOf("result_points"), "id", "created_at", "error_rate"));
        assertThat(new RecordRows<>(RunRow.class, json).columnNames())
                .as("runs but created_at (the queue's age, read in SQL only)")
                .containsExactlyInAnyOrderElementsOf(without(columnsOf("runs"), "created_at"));
        assertThat(new RecordRows<>(JobRow.class, json).columnNames())
                .as("jobs but version (bumped by every status change, read by nobody)")
                .containsExactlyInAnyOrderElementsOf(without(columnsOf("jobs"), "version"));
        assertThat(new RecordRows<>(SeriesRow.class, json).columnNames())
                .containsExactlyInAnyOrderElementsOf(columnsOf("point_series"));
        assertThat(new RecordRows<>(JvmRow.class, json).columnNames())
                .containsExactlyInAnyOrderElementsOf(columnsOf("run_jvm"));
        assertThat(new RecordRows<>(ProfileRow.class, json).columnNames())
                .containsExactlyInAnyOrderElementsOf(columnsOf("run_profiles"));
        assertThat(new RecordRows<>(FindingRow.class, json).columnNames()).as("run_findings but the id")
                .containsExactlyInAnyOrderElementsOf(without(columnsOf("run_findings"), "id"));
        assertThat(new RecordRows<>(NoiseProfileRow.class, json).columnNames())
                .containsExactlyInAnyOrderElementsOf(columnsOf("noise_profiles"));
    }

    @Test
    void aNoiseProfileComesBackAsItWasWrittenAndTheNewestOfItsRepetitionsIsRead() {
        NoiseProfiles profiles = new NoiseProfiles(jdbc, JsonMapper.builder().build());
        Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS);
        var injected = new NoiseProfileRow.Injected(1, 4, 5.0, List.of(new NoiseProfileRow.InjectedRow("throughputRps", 20,
                "JDK 25 platform", 0.951, 0.946, 0.953, "change within tolerance", true)));
        var older = new NoiseProfileRow(0, at, 9, List.of("host-a"), List.of(1L, 2L, 3L, 4L), 2,
                List.of(new NoiseProfileRow.Entry("throughputRps", 20, 4, 0.25, 0.0, 1.2),
                        new NoiseProfileRow.Entry("errorRate", 20, 4, 0.0, 0.0, null)), injected);
        long olderId = profiles.insert(older);
        var newer = new NoiseProfileRow(0, at.plusSeconds(1), 9, List.of(), List.of(5L, 6L), 1, List.of(), null);
        long newerId = profiles.insert(newer);
        long otherId = profiles.insert(new NoiseProfileRow(0, at.plusSeconds(2), 8, List.of(), List.of(7L, 8L), 1,
                List.of(), null));

        assertThat(profiles.latest(9)).contains(new NoiseProfileRow(newerId, newer.createdAt(), 9, List.of(), List.of(5L, 6L),
                1, List.of(), null));
        assertThat(profiles.latest().orElseThrow().id()).isEqualTo(otherId);
        assertThat(profiles.latest(7)).isEmpty();
        jdbc.sql("DELETE FROM noise_profiles WHERE id IN (:ids)").param("ids", List.of(newerId, otherId)).update();
        assertThat(profiles.latest(9)).contains(new NoiseProfileRow(olderId, at, 9, older.workers(), older.jobIds(), 2,
                older.entries(), injected));
        jdbc.sql("DELETE FROM noise_profiles WHERE id = :id").param("id", olderId).update();
    }

    private static Set<String> without(Set<String> columns, String... left) {
        Set<String> kept = new LinkedHashSet<>(columns);
        List.of(left).forEach(kept::remove);
        return kept;
    }

    @Test
    void snakeCaseKeepsDigitsWithTheirLetters() {
        assertThat(RecordRows.snakeCase("latencyP50Ms")).isEqualTo("latency_p50_ms");
        assertThat(RecordRows.snakeCase("vtPinnedEvents")).isEqualTo("vt_pinned_events");
        assertThat(RecordRows.snakeCase("jdk")).isEqualTo("jdk");
    }

    private static JobSpec spec(int repetitions) {
        return new JobSpec(null, List.of(ThreadModel.PLATFORM, ThreadModel.VIRTUAL), List.of(21, 25),
                new ScenarioSpec("sleep", Map.of("sleepMs", 10.0), null),
                new LoadProfile(LoadModel.CLOSED, List.of(10, 20), 5, 1, null), null, repetitions, null, null,
                null, Map.of("branch", "main"), null, null, null, null).normalized();
    }

    private static long queuedJob(int repetitions) {
        JobSpec spec = spec(repetitions);
        long id = jobs.insert(JobRow.queued(null, spec, 4 * repetitions, null,
                Instant.now().truncatedTo(ChronoUnit.MICROS), null, null));
        int seq = 0;
        List<RunRow> cells = new java.util.ArrayList<>();
        for (int repetition = 1; repetition <= repetitions; repetition++) {
            for (int jdk : spec.jdks()) {
                for (ThreadModel model : spec.threadModels()) {
                    cells.add(RunRow.queued(id, ++seq, jdk, model, repetition));
                }
            }
        }
        runs.insert(cells);
        return id;
    }

    @Test
    void aJobAndItsRunsComeBackAsTheyWereWritten() {
        JobSpec stock = spec(1);
        JobSpec spec = new JobSpec(new AppRef("registry.example.com/shop:1", null, null, null, "shop"),
                stock.threadModels(), stock.jdks(), stock.scenario(), stock.load(), stock.limits(), stock.repetitions(),
                stock.platform(), stock.jvmOptions(), stock.env(), stock.labels(), stock.slo(), stock.baseline(),
                stock.gate(), null).normalized();
        Instant created = Instant.parse("2026-05-01T10:15:30.123456Z");
        JobRow written = JobRow.queued(null, spec, 4, null, created, null,
                "no successful job with labels {branch=main}");
        long id = jobs.insert(written);
        JobRow read = jobs.find(id).orElseThrow();
        assertThat(read).isEqualTo(new JobRow(id, JobStatus.QUEUED, null, "registry.example.com/shop:1", "shop", null, "sleep",
                LoadModel.CLOSED, List.of(21, 25), List.of(ThreadModel.PLATFORM, ThreadModel.VIRTUAL),
                Map.of("branch", "main"), spec, 4, null, created, null, null, null, written.baselineNote(), null));

        runs.insert(List.of(RunRow.queued(id, 1, 21, ThreadModel.PLATFORM, 1), RunRow.queued(id, 2, 25, ThreadModel.VIRTUAL, 1)));
        assertThat(runs.ofJob(id)).extracting(RunRow::seq, RunRow::jdk, RunRow::threadModel, RunRow::status)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1, 21, ThreadModel.PLATFORM, RunStatus.QUEUED),
                        org.assertj.core.groups.Tuple.tuple(2, 25, ThreadModel.VIRTUAL, RunStatus.QUEUED));
        assertThat(jobs.exists(id)).isTrue();
        assertThat(jobs.exists(id + 1000)).isFalse();
    }

    @Test
    void aPointComesBackAsItWasWrittenAndTheJvmFiguresFollow() {
        long jobId = queuedJob(1);
        long runId = runs.ofJob(jobId).getFirst().id();
        Point point = new Point(runId, 0, 10, 9.5, 1000, 990, 10, Map.of("timeout", 7L, "status-500", 3L), 104.2,
                201.0, 204.5, 210.25, 400.0, 1.5, 55.0, 3L, 12.5, 150.0, 160.0, 1.44, 2.5, null, null, null, 3.5, 0.5,
                2, 30, 40, 1.0, 20.0, false, null, 100.0, 1.042, 16384, List.of("errors"),
                dev.jvmbench.common.stats.Steadiness.Verdict.NOT_STEADY, 0.12, 0.05, 0.19, "HISTdGzCUEhJ", 45, true, 11.25, 7.5);
        points.insert(point);
        points.insert(point);
        var stored = points.ofRun(runId).orElseThrow();
        assertThat(stored.jobId()).isEqualTo(jobId);
        assertThat(stored.points()).singleElement().satisfies(p -> {
            assertThat(p.point()).isEqualTo(point);
            assertThat(p.createdAt()).isNotNull();
        });
        assertThat(jdbc.sql("SELECT error_rate FROM result_points WHERE run_id = :id").param("id", runId)
                .query(Double.class).single()).isEqualTo(0.01);

        points.updateJvm(runId, 0, 4.5, 120.0, 2L, "vt-pinned");
        points.flagAll(runId, "jfr-late");
        points.flagAll(runId, "jfr-late");
        Point after = points.ofJobs(List.of(jobId)).getFirst().point();
        assertThat(after.gcPauseMsPerSecond()).isEqualTo(4.5);
        assertThat(after.heapMeanMb()).isEqualTo(120.0);
        assertThat(after.vtPinnedEvents()).isEqualTo(2L);
        assertThat(after.flags()).containsExactly("errors", "vt-pinned", "jfr-late");

        assertThat(points.ofRun(runId + 100_000)).isEmpty();
        long otherRun = runs.ofJob(jobId).get(1).id();
        assertThat(points.ofRun(otherRun).orElseThrow().points()).as("a run without points yet").isEmpty();
        assertThat(points.deleteOfRun(runId)).isEqualTo(1);
    }

    @Test
    void aLevelsSeriesIsCompletedColumnByColumn() {
        long jobId = queuedJob(1);
        long runId = runs.ofJob(jobId).getFirst().id();
        java.time.Instant start = java.time.Instant.parse("2026-11-24T10:00:00.250Z");
        var load = dev.jvmbench.common.series.PointSeries.over(start, 3).put("throughputRps", 0, 100.0)
                .put("throughputRps", 1, 110.0).put("throughputRps", 2, 105.0).build();
        var jvm = dev.jvmbench.common.series.PointSeries.over(start, 3).put("heapUsedMb", 1, 64.5).build();

        series.store(runId, 0, dev.jvmbench.common.series.SeriesPhase.MEASURED, load);
        series.store(runId, 0, dev.jvmbench.common.series.SeriesPhase.MEASURED, jvm);
        series.store(runId, 0, dev.jvmbench.common.series.SeriesPhase.MEASURED, load);
        series.store(runId, 0, dev.jvmbench.common.series.SeriesPhase.WARMUP,
                dev.jvmbench.common.series.PointSeries.over(start.minusSeconds(2), 2).put("throughputRps", 0, 50.0).build());

        List<SeriesRow> stored = series.ofRun(runId);
        assertThat(stored).extracting(SeriesRow::phase).containsExactly(dev.jvmbench.common.series.SeriesPhase.WARMUP,
                dev.jvmbench.common.series.SeriesPhase.MEASURED);
        var measured = stored.get(1).series();
        assertThat(measured.startMs()).isEqualTo(start.toEpochMilli());
        assertThat(measured.column("throughputRps")).containsExactly(100.0, 110.0, 105.0);
        assertThat(measured.column("heapUsedMb")).containsExactly(null, 64.5, null);
        assertThat(series.deleteOfRun(runId)).isEqualTo(2);
        leaveNothingToClaim(jobId);
    }

    /** The queue test claims the oldest queued run: a test's own queued runs must not be it. */
    private static void leaveNothingToClaim(long jobId) {
        runs.lockOfJob(jobId);
        runs.cancelQueued(jobId, "test data");
    }

    @Test
    void findingsAreReplacedByWhatTheyCoverAndCountedPerJob() {
        long jobId = queuedJob(1);
        long runId = runs.ofJob(jobId).getFirst().id();
        var at = java.time.Instant.parse("2026-11-24T10:00:07Z");
        var errors = dev.jvmbench.common.finding.Finding.of(dev.jvmbench.common.finding.FindingCode.REQUEST_ERRORS,
                0, 10, at, "3 of 100 requests failed", Map.of("errors", 3), null);
        var oom = dev.jvmbench.common.finding.Finding.of(dev.jvmbench.common.finding.FindingCode.JAVA_OOM,
                0, 10, at, "java.lang.OutOfMemoryError: Java heap space", Map.of("thread", "http-nio-1-Acceptor"), null);
        var jvm = dev.jvmbench.common.finding.Finding.of(dev.jvmbench.common.finding.FindingCode.JVM_CPU_MISMATCH,
                null, null, null, "The JVM uses 2 processors", Map.of("jvmProcessors", 2), "Add -XX:ActiveProcessorCount=1");

        findings.replaceOfLevel(runId, 0, List.of(errors));
        findings.replaceOfLevel(runId, 0, List.of(errors));
        assertThat(findings.ofRun(runId)).singleElement().satisfies(row -> {
            assertThat(row.code()).isEqualTo("request-errors");
            assertThat(row.at()).isEqualTo(at);
            assertThat(row.evidence()).containsEntry("errors", 3);
            assertThat(row.advice()).isEqualTo(dev.jvmbench.common.finding.FindingCode.REQUEST_ERRORS.advice());
        });

        findings.replaceOfRun(runId, List.of(jvm, oom));
        assertThat(findings.ofRun(runId)).extracting(FindingRow::code).containsExactly("java-oom", "jvm-cpu-mismatch");
        assertThat(findings.countsOfJob(jobId)).containsEntry(dev.jvmbench.common.finding.Severity.CRITICAL, 1L)
                .containsEntry(dev.jvmbench.common.finding.Severity.WARNING, 1L)
                .containsEntry(dev.jvmbench.common.finding.Severity.INFO, 0L);
        assertThat(findings.ofRuns(List.of(runId))).containsOnlyKeys(runId);

        // a page of jobs in one grouped statement; a job without findings counts zeros
        long otherJob = queuedJob(1);
        long otherRun = runs.ofJob(otherJob).get(1).id();
        findings.replaceOfLevel(otherRun, 0, List.of(errors, errors));
        var pageCounts = findings.countsOfJobs(List.of(jobId, otherJob, otherJob + 1000));
        assertThat(pageCounts).containsOnlyKeys(jobId, otherJob, otherJob + 1000);
        assertThat(pageCounts.get(jobId)).isEqualTo(findings.countsOfJob(jobId));
        assertThat(pageCounts.get(otherJob)).containsEntry(dev.jvmbench.common.finding.Severity.WARNING, 2L)
                .containsEntry(dev.jvmbench.common.finding.Severity.CRITICAL, 0L);
        assertThat(pageCounts.get(otherJob + 1000)).containsOnly(
                Map.entry(dev.jvmbench.common.finding.Severity.CRITICAL, 0L),
                Map.entry(dev.jvmbench.common.finding.Severity.WARNING, 0L),
                Map.entry(dev.jvmbench.common.finding.Severity.INFO, 0L));
        assertThat(findings.countsOfJobs(List.of())).isEmpty();
        // by level: the run-wide finding is on no level
        assertThat(findings.countsByLevel(runId)).containsOnlyKeys(0);
        assertThat(findings.countsByLevel(runId).get(0)).containsEntry(dev.jvmbench.common.finding.Severity.CRITICAL, 1L)
                .containsEntry(dev.jvmbench.common.finding.Severity.WARNING, 0L);
        assertThat(findings.countsByLevel(otherRun).get(0)).containsEntry(dev.jvmbench.common.finding.Severity.WARNING, 2L);
        assertThat(findings.deleteOfRun(otherRun)).isEqualTo(2);
        leaveNothingToClaim(otherJob);

        assertThat(runs.find(runId)).hasValueSatisfying(run -> assertThat(run.jobId()).isEqualTo(jobId));
        assertThat(runs.find(runId + 100_000)).isEmpty();
        assertThat(findings.deleteOfRun(runId)).isEqualTo(2);
        leaveNothingToClaim(jobId);
    }

    @Test
    void whatTheJvmSawComesBackAsWritten() {
        long jobId = queuedJob(1);
        long runId = runs.ofJob(jobId).getFirst().id();
        RunJvm jvm = new RunJvm(jdbc, JsonMapper.builder().build());
        var facts = new dev.jvmbench.common.jvm.JvmFacts("OpenJDK 64-Bit Server VM", "OpenJDK 64-Bit Server VM (25.0.1)",
                "Debian", "25.0.1+8", "25.0.1+8", 25, "-Xss256k", "app.jar", java.time.Instant.parse("2026-11-24T10:00:00Z"),
                1, 1L, 2, -1, "cgroupv1", 536870912L, 134217728L, 8388608L, 8388608L, "G1New", "G1Old", 256L,
                List.of(new dev.jvmbench.common.jvm.JvmFacts.JvmFlag("ThreadStackSize", "256", "Environment variable")),
                Map.of("java.vm.vendor", "Debian"));

        jvm.store(runId, dev.jvmbench.common.jvm.Recording.PARTIAL, facts);
        jvm.store(runId, dev.jvmbench.common.jvm.Recording.COMPLETE, facts);

        assertThat(jvm.ofRun(runId)).hasValue(new JvmRow(runId, dev.jvmbench.common.jvm.Recording.COMPLETE, facts));
        assertThat(jvm.ofRuns(List.of(runId, runId + 100_000)))
                .containsExactly(new JvmRow(runId, dev.jvmbench.common.jvm.Recording.COMPLETE, facts));
        assertThat(jvm.ofRuns(List.of())).isEmpty();
        jvm.store(runId, dev.jvmbench.common.jvm.Recording.LOST, null);
        assertThat(jvm.ofRun(runId).orElseThrow().facts()).isNull();
        assertThat(jvm.deleteOfRun(runId)).isEqualTo(1);
        leaveNothingToClaim(jobId);
    }

    @Test
    void aRunsProfilesAreReplacedAsAWholeAndReadPerLevelAndKind() {
        long jobId = queuedJob(1);
        long runId = runs.ofJob(jobId).getFirst().id();
        RunProfiles profiles = new RunProfiles(jdbc, JsonMapper.builder().build());
        var cpu = new ProfileRow(runId, 0, 20, dev.jvmbench.common.profile.ProfileKind.CPU, 12, 12, 400, 20_000_000L, 2,
                1, 2, "a.A.main;a.A.work 7\na.A.main 3\n");
        var alloc = new ProfileRow(runId, 0, 20, dev.jvmbench.common.profile.ProfileKind.ALLOC, 4096, 3, 400, null, 1, 0,
                0, "a.A.main 4096\n");
        var second = new ProfileRow(runId, 1, 80, dev.jvmbench.common.profile.ProfileKind.CPU, 5, 5, 900, 20_000_000L, 1,
                0, 0, "a.A.main 5\n");

        profiles.replaceOfRun(runId, List.of(cpu));
        profiles.replaceOfRun(runId, List.of(cpu, alloc, second));

        assertThat(profiles.ofRuns(List.of(runId, runId + 100_000), 20, dev.jvmbench.common.profile.ProfileKind.CPU))
                .containsExactly(cpu);
        assertThat(profiles.ofRuns(List.of(runId), 80, dev.jvmbench.common.profile.ProfileKind.CPU)).containsExactly(second);
        assertThat(profiles.allOfRuns(List.of(runId))).containsExactlyInAnyOrder(cpu, alloc, second);
        assertThat(cpu.collapsed().total()).isEqualTo(10);
        assertThat(profiles.deleteOfRun(runId)).isEqualTo(3);
        leaveNothingToClaim(jobId);
    }

    @Test
    void jobTransitionsComeFromTheStatusTable() {
        long id = queuedJob(1);
        assertThat(jobs.transition(id, JobStatus.SUCCEEDED, null)).as("QUEUED is no source of SUCCEEDED").isFalse();
        assertThat(jobs.transition(id, JobStatus.RUNNING, null)).isTrue();
        assertThat(jobs.find(id).orElseThrow().startedAt()).isNotNull();
        assertThat(jobs.transition(id, JobStatus.QUEUED, JobStatus.CANCELLED, "x")).as("compare-and-set on QUEUED").isFalse();
        assertThatThrownBy(() -> jobs.transition(id, JobStatus.RUNNING, JobStatus.QUEUED, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(jobs.transition(id, JobStatus.RUNNING, JobStatus.CANCEL_REQUESTED, "cancelled by request")).isTrue();
        assertThat(jobs.transition(id, JobStatus.CANCELLED, null)).isTrue();
        JobRow ended = jobs.find(id).orElseThrow();
        assertThat(ended.status()).isEqualTo(JobStatus.CANCELLED);
        assertThat(ended.statusReason()).as("kept when none is given").isEqualTo("cancelled by request");
        assertThat(ended.finishedAt()).isNotNull();
    }

    @Test
    void theQueueAndTheTalliesCountInTheDatabase() {
        long id = queuedJob(2);
        var before = runs.queue();
        assertThat(before.runs()).isGreaterThanOrEqualTo(8);
        RunRow claimed = null;
        while (claimed == null || claimed.jobId() != id) {
            claimed = runs.claim("w").orElseThrow();
        }
        jobs.transition(id, JobStatus.RUNNING, null);
        RunRow done = runs.claim("w").orElseThrow();
        assertThat(done.jobId()).isEqualTo(id);
        assertThat(runs.finish(done.id(), "w", RunStatus.SUCCEEDED, null)).isTrue();
        assertThat(runs.finish(done.id(), "w", RunStatus.SUCCEEDED, null)).as("already ended").isFalse();

        Runs.Tally tally = runs.tallies(List.of(id, -1L)).get(id);
        assertThat(tally.count(RunStatus.QUEUED)).isEqualTo(6);
        assertThat(tally.count(RunStatus.SUCCEEDED)).isEqualTo(1);
        assertThat(tally.running().id()).isEqualTo(claimed.id());
        assertThat(tally.running().currentStep()).isEqualTo("claimed");
        assertThat(tally.meanSucceeded()).isNotNull().isLessThan(Duration.ofMinutes(1));
        assertThat(runs.tallies(List.of(-1L))).isEmpty();

        runs.lockOfJob(id);
        assertThat(runs.cancelQueued(id, "cancelled before it started")).isEqualTo(6);
        assertThat(runs.queue().runs()).isEqualTo(before.runs() - 8);
    }

    @Test
    void aPageCountsEveryMatchOnEveryPage() {
        String label = "page-" + System.nanoTime();
        JobSpec spec = spec(1);
        for (int i = 0; i < 3; i++) {
            JobSpec labelled = new JobSpec(spec.app(), spec.threadModels(), spec.jdks(), spec.scenario(), spec.load(),
                    spec.limits(), spec.repetitions(), spec.platform(), spec.jvmOptions(), spec.env(),
                    Map.of("page", label), spec.slo(), spec.baseline(), spec.gate(), null);
            jobs.insert(JobRow.queued(null, labelled, 4, null, Instant.now(), null, null));
        }
        var filter = new Jobs.Filter(List.of(JobStatus.QUEUED), Map.of("page", label), "stock", "sleep", 25,
                ThreadModel.VIRTUAL, Instant.now().minusSeconds(60), null);
        Jobs.Page first = jobs.page(filter, 0, 2);
        assertThat(first.total()).isEqualTo(3);
        assertThat(first.rows()).hasSize(2);
        assertThat(first.rows().get(0).id()).isGreaterThan(first.rows().get(1).id());
        Jobs.Page last = jobs.page(filter, 1, 2);
        assertThat(last.rows()).singleElement().satisfies(j -> assertThat(j.id()).isLessThan(first.rows().get(1).id()));
        assertThat(last.total()).isEqualTo(3);
        assertThat(jobs.page(filter, 0, 10).total()).isEqualTo(3);
        Jobs.Page past = jobs.page(filter, 5, 2);
        assertThat(past.rows()).isEmpty();
        assertThat(past.total()).isEqualTo(3);
        assertThat(jobs.page(new Jobs.Filter(null, Map.of("page", "none"), null, null, null, null, null, null), 0, 2)
                .total()).isZero();
    }

    @Test
    void artifactsArePrunedOnlyForEndedRuns() {
        long jobId = queuedJob(1);
        List<RunRow> cells = runs.ofJob(jobId);
        artifacts.store(cells.get(0).id(), "app.log", "text/plain", "hello".getBytes());
        artifacts.store(cells.get(1).id(), "app.log", "text/plain", "still running".getBytes());
        runs.lockOfJob(jobId);
        runs.cancelQueued(jobId, "x");
        jdbc.sql("UPDATE runs SET status = 'QUEUED' WHERE id = :id").param("id", cells.get(1).id()).update();
        Instant later = Instant.now().plusSeconds(3600);
        List<Long> pruned = artifacts.prune(later, later, 200);
        assertThat(artifacts.content(cells.get(0).id(), "app.log").orElseThrow().prunedAt()).isNotNull();
        assertThat(artifacts.content(cells.get(1).id(), "app.log").orElseThrow().prunedAt()).isNull();
        assertThat(pruned).contains(5L);
        assertThat(artifacts.ofRun(cells.get(0).id())).singleElement()
                .satisfies(a -> assertThat(a.sizeBytes()).as("the size as stored").isEqualTo(5));
    }
}
