package dev.jvmbench.worker.queue;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.jvmbench.common.database.EmbeddedPostgres;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.store.Jobs;
import dev.jvmbench.common.store.PlatformDatabase;
import dev.jvmbench.common.store.ResultPoints;
import dev.jvmbench.common.store.RunArtifacts;
import dev.jvmbench.common.store.Runs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/** The queue on a real PostgreSQL with the real schema: claims, ownership, recovery, job settlement. */
class RunQueueTest {

    @TempDir
    static Path home;
    static EmbeddedPostgres postgres;
    static HikariDataSource dataSource;
    static JdbcClient jdbc;
    static RunQueue queue;

    @BeforeAll
    static void database() {
        postgres = EmbeddedPostgres.start(home.resolve("db"),
                Path.of(System.getProperty("user.home"), ".cache/jvmbench/pg-binaries"), 0, true);
        dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(postgres.jdbcUrl());
        dataSource.setUsername(postgres.user());
        dataSource.setPassword(postgres.password());
        dataSource.setMaximumPoolSize(12);
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        jdbc = JdbcClient.create(dataSource);
        JsonMapper json = JsonMapper.builder().build();
        queue = new RunQueue(new Runs(jdbc, json), new Jobs(jdbc, json), new ResultPoints(jdbc, json),
                new RunArtifacts(jdbc), new dev.jvmbench.common.store.PointSeriesStore(jdbc, json),
                new dev.jvmbench.common.store.RunFindings(jdbc, json), new dev.jvmbench.common.store.RunJvm(jdbc, json),
                new dev.jvmbench.common.store.RunProfiles(jdbc, json), new PlatformDatabase(jdbc),
                new TransactionTemplate(new DataSourceTransactionManager(dataSource)),
                new dev.jvmbench.worker.database.DatabaseWrites(dataSource));
    }

    @AfterAll
    static void close() {
        dataSource.close();
        postgres.close();
    }

    /** Each test starts with an empty queue: runs other tests left queued or running are closed. */
    @BeforeEach
    void emptyQueue() {
        jdbc.sql("UPDATE runs SET status = 'CANCELLED' WHERE status IN ('QUEUED', 'RUNNING')").update();
    }

    /** A queued job of {@code runs} runs, created the way the api creates one. */
    private static long queuedJob(int runs) {
        long jobId = jdbc.sql("""
                INSERT INTO jobs (status, app_ref, app_name, scenario, load_model, jdks, thread_models, labels, spec, runs_total)
                VALUES ('QUEUED', 'stock', 'stock', 'sleep', 'CLOSED', '{25}', '{VIRTUAL}', '{}'::jsonb, CAST(:spec AS jsonb), :runs)
                RETURNING id
                """).param("runs", runs).param("spec", """
                {"threadModels":["virtual"],"jdks":[25],"scenario":{"name":"sleep","params":{}},
                 "load":{"model":"closed","levels":[10],"stepSeconds":5,"warmupSeconds":1,"requestTimeoutMs":10000},
                 "limits":{"cpus":1.0,"memoryMb":512},"repetitions":%d,"platform":{"maxThreads":200},
                 "jvmOptions":[],"env":{},"labels":{}}
                """.formatted(runs)).query(Long.class).single();
        for (int i = 1; i <= runs; i++) {
            jdbc.sql("INSERT INTO runs (job_id, seq, jdk, thread_model, repetition, status) VALUES (:job, :seq, 25, 'VIRTUAL', :seq, 'QUEUED')")
                    .param("job", jobId).param("seq", i).update();
        }
        return jobId;
    }

    private static long pointsOf(long runId) {
        return jdbc.sql("SELECT count(*) FROM result_points WHERE run_id = :id").param("id", runId).query(Long.class).single();
    }

    private static String status(String table, long id) {
        return jdbc.sql("SELECT status FROM " + table + " WHERE id = :id").param("id", id).query(String.class).single();
    }

    @Test
    void concurrentWorkersNeverClaimTheSameRun() throws Exception {
        long jobId = queuedJob(6);
        List<Callable<Optional<ClaimedRun>>> claims = new ArrayList<>();
        for (int worker = 0; worker < 10; worker++) {
            String id = "worker-" + worker;
            claims.add(() -> queue.claim(id));
        }
        Set<Long> claimed = new HashSet<>();
        int got = 0;
        try (var pool = Executors.newFixedThreadPool(10)) {
            for (Future<Optional<ClaimedRun>> f : pool.invokeAll(claims)) {
                Optional<ClaimedRun> run = f.get();
                if (run.isPresent() && run.get().jobId() == jobId) {
                    got++;
                    claimed.add(run.get().runId());
                }
            }
        }
        assertThat(got).isEqualTo(6);
        assertThat(claimed).hasSize(6);
        assertThat(status("jobs", jobId)).isEqualTo("RUNNING");
    }

    @Test
    void aClaimCarriesTheSpecAndRunsInJobOrder() {
        long jobId = queuedJob(2);
        ClaimedRun first = claimOf(jobId, "w");
        assertThat(first.seq()).isEqualTo(1);
        assertThat(first.attempt()).isEqualTo(1);
        assertThat(first.spec().load().levels()).containsExactly(10);
        assertThat(first.jar()).isNull();
    }

    @Test
    void onlyTheOwnerFinishesARunAndTheLastRunSettlesTheJob() {
        long jobId = queuedJob(2);
        ClaimedRun a = claimOf(jobId, "owner");
        ClaimedRun b = claimOf(jobId, "owner");
        queue.finish(a, "intruder", RunStatus.SUCCEEDED, null);
        assertThat(status("runs", a.runId())).isEqualTo("RUNNING");
        queue.finish(a, "owner", RunStatus.SUCCEEDED, null);
        assertThat(status("jobs", jobId)).isEqualTo("RUNNING");
        queue.finish(b, "owner", RunStatus.FAILED, "app OOMKilled (memory limit 192 MB)");
        assertThat(status("jobs", jobId)).isEqualTo("FAILED");
        assertThat(jdbc.sql("SELECT status_reason FROM jobs WHERE id = :id").param("id", jobId).query(String.class).single())
                .isEqualTo("1 of 2 runs failed; first: run " + b.runId() + ": app OOMKilled (memory limit 192 MB)");
    }

    /**
     * Two workers finish a job's last two runs at the same moment. Worker B's finish is held open
     * (its transaction not yet committed) while worker A finishes: A must not decide from a count
     * that still shows B's run RUNNING while B's own count showed A's run RUNNING, or neither
     * settles and the job stays RUNNING forever. Settling locks the job row before counting, so
     * A waits for B and then counts both runs ended.
     */
    @Test
    void twoWorkersFinishingTheLastRunsAtOnceSettleTheJob() throws Exception {
        long jobId = queuedJob(2);
        ClaimedRun a = claimOf(jobId, "worker-a");
        ClaimedRun b = claimOf(jobId, "worker-b");
        TransactionTemplate workerB = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        try (var pool = Executors.newSingleThreadExecutor()) {
            workerB.executeWithoutResult(tx -> {
                queue.finish(b, "worker-b", RunStatus.SUCCEEDED, null);
                Future<?> workerA = pool.submit(() -> queue.finish(a, "worker-a", RunStatus.SUCCEEDED, null));
                // Commit B only once A has counted (it ended) or waits for B's lock on the job.
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                while (!workerA.isDone() && !waitingOnALock() && System.nanoTime() < deadline) {
                    sleep(50);
                }
            });
        }
        assertThat(status("runs", a.runId())).isEqualTo("SUCCEEDED");
        assertThat(status("runs", b.runId())).isEqualTo("SUCCEEDED");
        assertThat(status("jobs", jobId)).isEqualTo("SUCCEEDED");
    }

    /** Asked inside worker B's transaction: drop the backend-status snapshot it would otherwise keep. */
    private static boolean waitingOnALock() {
        jdbc.sql("SELECT pg_stat_clear_snapshot()").query((rs, n) -> 1).list();
        return jdbc.sql("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()")
                .query(Long.class).single() > 0;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * A job with a baseline whose gate confirms stays CONFIRMING when its planned runs end (the api
     * judges it and may queue extra runs); its extra runs are claimed like any, and the last of them
     * settles it.
     */
    @Test
    void aJobWhoseVerdictIsToBeConfirmedWaitsForItsExtraRuns() {
        long baselineJob = queuedJob(1);
        long jobId = queuedJob(1);
        jdbc.sql("""
                UPDATE jobs SET baseline_job_id = :baseline,
                       spec = jsonb_set(spec, '{gate}', CAST(:gate AS jsonb))
                 WHERE id = :id""").param("baseline", baselineJob).param("id", jobId)
                .param("gate", "{\"metrics\":[\"throughputRps\"],\"thresholdPercent\":5.0,\"thresholds\":{},"
                        + "\"includeNotSteady\":false,\"confirm\":{\"extraRepetitions\":1}}").update();
        queue.finish(claimOf(jobId, "w"), "w", RunStatus.SUCCEEDED, null);
        assertThat(status("jobs", jobId)).isEqualTo("CONFIRMING");

        // what the api's Confirmer queues for a flagged cell
        jdbc.sql("INSERT INTO runs (job_id, seq, jdk, thread_model, repetition, status) VALUES (:job, 2, 25, 'VIRTUAL', 2, 'QUEUED')")
                .param("job", jobId).update();
        ClaimedRun extra = claimOf(jobId, "w");
        assertThat(extra.repetition()).isEqualTo(2);
        assertThat(status("jobs", jobId)).as("claiming an extra run does not restart the job").isEqualTo("CONFIRMING");
        queue.finish(extra, "w", RunStatus.SUCCEEDED, null);
        assertThat(status("jobs", jobId)).isEqualTo("SUCCEEDED");
        assertThat(jdbc.sql("SELECT status_reason FROM jobs WHERE id = :id").param("id", jobId).query(String.class).single())
                .isEqualTo("confirmation runs ended");
    }

    /**
     * A paired job whose gate lets pairs be added (maxPairs) goes CONFIRMING without confirmation runs;
     * when a pair the api added to decide the verdict ends (decision_repetitions counts it), the job
     * stays CONFIRMING for the api to judge again, where a confirmation run would have ended it.
     */
    @Test
    void aPairAddedToDecideTheVerdictLeavesTheJobToTheApi() {
        long baselineJob = queuedJob(1);
        long jobId = queuedJob(1);
        jdbc.sql("""
                UPDATE jobs SET baseline_job_id = :baseline,
                       spec = jsonb_set(jsonb_set(spec, '{gate}', CAST(:gate AS jsonb)), '{baseline}', CAST(:ref AS jsonb))
                 WHERE id = :id""").param("baseline", baselineJob).param("id", jobId)
                .param("gate", "{\"metrics\":[\"throughputRps\"],\"thresholdPercent\":5.0,\"thresholds\":{},"
                        + "\"includeNotSteady\":false,\"confirm\":{\"extraRepetitions\":0},\"maxPairs\":4}")
                .param("ref", "{\"jobId\":" + baselineJob + ",\"mode\":\"paired\"}").update();
        queue.finish(claimOf(jobId, "w"), "w", RunStatus.SUCCEEDED, null);
        assertThat(status("jobs", jobId)).as("maxPairs alone sends the job to the api").isEqualTo("CONFIRMING");

        // what the api's Confirmer queues to decide: the next repetition, the verdict now resting on it
        jdbc.sql("INSERT INTO runs (job_id, seq, jdk, thread_model, repetition, status) VALUES (:job, 2, 25, 'VIRTUAL', 2, 'QUEUED')")
                .param("job", jobId).update();
        jdbc.sql("UPDATE jobs SET decision_repetitions = 2 WHERE id = :id").param("id", jobId).update();
        queue.finish(claimOf(jobId, "w"), "w", RunStatus.SUCCEEDED, null);
        assertThat(status("jobs", jobId)).isEqualTo("CONFIRMING");
    }

    @Test
    void aCancelledJobEndsCancelledWhenItsRunningRunStops() {
        long jobId = queuedJob(1);
        ClaimedRun run = claimOf(jobId, "w");
        jdbc.sql("UPDATE jobs SET status = 'CANCEL_REQUESTED' WHERE id = :id").param("id", jobId).update();
        assertThat(queue.cancelRequested(run.runId())).isTrue();
        queue.finish(run, "w", RunStatus.CANCELLED, "cancelled by request");
        assertThat(status("jobs", jobId)).isEqualTo("CANCELLED");
    }

    @Test
    void aStaleRunIsRequeuedWithoutItsPartialPointsThenFailedAfterItsLastAttempt() {
        long jobId = queuedJob(1);
        ClaimedRun first = claimOf(jobId, "dead-worker");
        insertPoint(first.runId());
        makeStale(first.runId());

        assertThat(queue.recoverStale(Duration.ofSeconds(60), 2)).isEqualTo(1);
        assertThat(status("runs", first.runId())).isEqualTo("QUEUED");
        assertThat(pointsOf(first.runId())).as("no point of the dead attempt survives").isZero();
        assertThat(queue.heartbeat(first.runId(), "dead-worker")).as("the dead worker lost the run").isFalse();

        ClaimedRun second = claimOf(jobId, "another-worker");
        assertThat(second.runId()).isEqualTo(first.runId());
        assertThat(second.attempt()).isEqualTo(2);
        insertPoint(second.runId());
        makeStale(second.runId());
        queue.recoverStale(Duration.ofSeconds(60), 2);
        assertThat(status("runs", second.runId())).isEqualTo("FAILED");
        assertThat(pointsOf(second.runId())).as("a failed run keeps what it measured").isEqualTo(1);
        assertThat(status("jobs", jobId)).isEqualTo("FAILED");
    }

    @Test
    void aRestartedWorkerTakesBackItsOwnRunsAtOnceAndLeavesOthersAlone() {
        long jobId = queuedJob(2);
        ClaimedRun mine = claimOf(jobId, "host-a");
        ClaimedRun theirs = claimOf(jobId, "host-b");
        insertPoint(mine.runId());

        assertThat(queue.recoverOwn("host-a", 2)).as("heartbeats are fresh: only the id tells").isEqualTo(1);
        assertThat(status("runs", mine.runId())).isEqualTo("QUEUED");
        assertThat(status("runs", theirs.runId())).isEqualTo("RUNNING");
        assertThat(pointsOf(mine.runId())).as("the dead attempt's points are gone").isZero();
        assertThat(jdbc.sql("SELECT failure_reason FROM runs WHERE id = :id").param("id", mine.runId())
                .query(String.class).single()).isEqualTo("worker host-a restarted during attempt 1; re-queued");
    }

    @Test
    void twoLiveWorkersNeverShareAnIdButASuccessorTakesItOver() throws Exception {
        var properties = new dev.jvmbench.worker.WorkerProperties(true, "shared-id", null, null, null, 2, null, null,
                null, null, 4096, 16384, 0.9);
        WorkerIdentity first = new WorkerIdentity(dataSource, properties);
        try {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> new WorkerIdentity(dataSource, properties))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("another live worker uses the id 'shared-id'");
        } finally {
            first.destroy();
        }
        new WorkerIdentity(dataSource, properties).destroy();
    }

    @Test
    void withoutAnIdAWorkerTakesTheFirstFreeOfItsHostsNames() throws Exception {
        WorkerIdClaim first = WorkerIdClaim.claim(dataSource.getConnection(), null, "bench-host");
        WorkerIdClaim second = WorkerIdClaim.claim(dataSource.getConnection(), "", "bench-host");
        try {
            assertThat(first.id()).isEqualTo("bench-host");
            assertThat(second.id()).isEqualTo("bench-host-2");
            first.close();
            try (WorkerIdClaim third = WorkerIdClaim.claim(dataSource.getConnection(), null, "bench-host")) {
                assertThat(third.id()).as("a dead worker's id is free again for its successor").isEqualTo("bench-host");
            }
        } finally {
            second.close();
        }
    }

    @Test
    void aLauncherThatNamesAnIdFileLearnsTheIdBeforeTheWorkerLogsAndTheWorkerKeepsThatClaim() throws Exception {
        Path idFile = home.resolve("starting-1.id");
        var environment = new org.springframework.core.env.StandardEnvironment();
        environment.getPropertySources().addFirst(new org.springframework.core.env.MapPropertySource("test", java.util.Map.of(
                "spring.datasource.url", postgres.jdbcUrl(), "spring.datasource.username", postgres.user(),
                "spring.datasource.password", postgres.password(), "bench.worker.id-file", idFile.toString())));
        try (WorkerIdClaim taken = WorkerIdClaim.claim(dataSource.getConnection(), null, dev.jvmbench.worker.WorkerProperties.hostName())) {
            new WorkerIdAtStart().postProcessEnvironment(environment, null);
            String id = environment.getProperty("bench.worker.id");
            assertThat(id).as("the host name is taken: the next of its names").isEqualTo(taken.id() + "-2");
            assertThat(java.nio.file.Files.readString(idFile)).isEqualTo(id + "\n");

            var properties = new dev.jvmbench.worker.WorkerProperties(true, id, null, null, null, 2, null, null,
                    null, null, 4096, 16384, 0.9);
            WorkerIdentity identity = new WorkerIdentity(dataSource, properties, environment);
            assertThatThrownByClaiming(id).hasMessageContaining("another live worker uses the id '" + id + "'");
            identity.destroy();
            WorkerIdClaim.claim(dataSource.getConnection(), id, "unused").close();

            var explicit = new org.springframework.core.env.StandardEnvironment();
            explicit.getPropertySources().addFirst(new org.springframework.core.env.MapPropertySource("test", java.util.Map.of(
                    "spring.datasource.url", postgres.jdbcUrl(), "spring.datasource.username", postgres.user(),
                    "spring.datasource.password", postgres.password(), "bench.worker.id-file", idFile.toString(),
                    "bench.worker.id", taken.id())));
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> new WorkerIdAtStart().postProcessEnvironment(explicit, null))
                    .as("a given id is that id or nothing").hasMessageContaining("another live worker uses the id '" + taken.id() + "'");
        }
    }

    private static org.assertj.core.api.AbstractThrowableAssert<?, ? extends Throwable> assertThatThrownByClaiming(String id) {
        return org.assertj.core.api.Assertions.assertThatThrownBy(() -> WorkerIdClaim.claim(dataSource.getConnection(), id, "unused"))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aFreshHeartbeatKeepsTheRun() {
        long jobId = queuedJob(1);
        ClaimedRun run = claimOf(jobId, "alive");
        assertThat(queue.heartbeat(run.runId(), "alive")).isTrue();
        queue.recoverStale(Duration.ofSeconds(60), 2);
        assertThat(status("runs", run.runId())).isEqualTo("RUNNING");
        assertThat(queue.ownedElsewhere(run.runId(), "me", Duration.ofSeconds(60))).isTrue();
        assertThat(queue.ownedElsewhere(run.runId(), "alive", Duration.ofSeconds(60))).isFalse();
    }

    @Test
    void thePlatformIdNamesThisDatabase() {
        assertThat(queue.platformId()).matches("\\d+-bench").isEqualTo(queue.platformId());
    }

    @Test
    void aReleasedRunGoesBackToTheQueue() {
        long jobId = queuedJob(1);
        ClaimedRun run = claimOf(jobId, "stopping");
        insertPoint(run.runId());
        queue.release(run, "stopping", "the worker is shutting down");
        assertThat(status("runs", run.runId())).isEqualTo("QUEUED");
        assertThat(status("jobs", jobId)).isEqualTo("RUNNING");
        assertThat(pointsOf(run.runId())).as("no point of the given-back attempt survives").isZero();
        assertThat(claimOf(jobId, "next").attempt())
                .as("a graceful stop is not the run's failure: it does not use up an attempt").isEqualTo(1);
    }

    /** Claims until a run of this job comes (other tests' jobs may be queued before it). */
    private static ClaimedRun claimOf(long jobId, String worker) {
        for (int i = 0; i < 100; i++) {
            ClaimedRun run = queue.claim(worker).orElseThrow(() -> new AssertionError("queue empty before job " + jobId));
            if (run.jobId() == jobId) {
                return run;
            }
            jdbc.sql("UPDATE runs SET status = 'SUCCEEDED' WHERE id = :id").param("id", run.runId()).update();
        }
        throw new AssertionError("no run of job " + jobId);
    }

    private static void makeStale(long runId) {
        jdbc.sql("UPDATE runs SET heartbeat_at = now() - interval '5 minutes' WHERE id = :id").param("id", runId).update();
    }

    private static void insertPoint(long runId) {
        jdbc.sql("""
                INSERT INTO result_points (run_id, level_index, level, measured_seconds, requests, successes, errors,
                    error_rate, throughput_rps) VALUES (:run, 0, 10, 5, 100, 100, 0, 0, 20)
                """).param("run", runId).update();
    }
}
