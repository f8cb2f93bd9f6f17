package dev.jvmbench.worker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngines;
import dev.jvmbench.worker.container.ContainerEngineProperties;
import dev.jvmbench.worker.container.ContainerSummary;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A worker stopped in the middle of a load level, the two ways it happens in production: SIGTERM
 * (a deployment: it stops at the next step boundary, tears down and gives the run back) and
 * SIGKILL (the kernel or an operator: nothing runs). The documented policy (README, "Crash and
 * outage recovery"): the restarted worker, same id, re-queues the run at once, removes its
 * containers before claiming anything, and the run is measured again from scratch, so no point is
 * duplicated or lost.
 */
class WorkerCrashRecoveryTest {

    private static final List<Integer> LEVELS = List.of(10, 20, 30);
    @TempDir
    static Path dataDir;
    static Platform platform;
    static ContainerEngine engine;
    static final String WORKER_ID = "crash-test-" + UUID.randomUUID().toString().substring(0, 8);

    @BeforeAll
    static void start() throws Exception {
        engine = ContainerEngines.docker(ContainerEngineProperties.defaults());
        engine.ping();
        platform = Platform.startApi(dataDir);
    }

    @AfterAll
    static void stop() {
        if (platform != null) {
            platform.close();
        }
        if (engine != null) {
            engine.removeManaged(Map.of("bench.worker", WORKER_ID));
            engine.close();
        }
    }

    @Test
    void aWorkerStoppedOrKilledDuringALoadLevelLeavesNothingBehindAndTheRunIsMeasuredOnceAgain() throws Exception {
        RunWatch watch = RunWatch.submitOneRun(platform, LEVELS, "crash-recovery");
        long jobId = watch.jobId();

        // 1. SIGTERM during the second level: the worker finishes the step, tears down, gives the run back.
        try (WorkerProcess first = WorkerProcess.start(WORKER_ID, dataDir, platform.databaseEnvironment(),
                dataDir.resolve("worker-1.log"))) {
            watch.awaitLoadLevel(20, first);
            assertThat(runContainers()).as("the run's app and upstream are up").isNotEmpty();
            Instant stopAt = Instant.now();
            assertThat(first.terminate(Duration.ofMinutes(3))).as("SIGTERM stops the worker").isTrue();
            System.out.printf("SIGTERM: worker exited after %.1f s%n", Duration.between(stopAt, Instant.now()).toMillis() / 1000.0);
            JsonNode run = watch.run();
            System.out.println("after SIGTERM: run " + run);
            assertThat(run.get("status").asString()).isEqualTo("QUEUED");
            assertThat(run.get("failureReason").asString()).contains("shutting down");
            assertThat(run.get("attempt").asInt()).as("a graceful stop does not use up an attempt").isZero();
            assertThat(runContainers()).as("containers after a graceful stop").isEmpty();
            assertThat(watch.pointsPerLevel()).as("points of the given-back attempt").isEmpty();
            assertThat(WorkerProcess.loadGenerators(dataDir)).as("load generator after a graceful stop").isEmpty();
        }

        // 2. SIGKILL during the second level: containers and the load generator are orphaned.
        try (WorkerProcess second = WorkerProcess.start(WORKER_ID, dataDir, platform.databaseEnvironment(),
                dataDir.resolve("worker-2.log"))) {
            watch.awaitLoadLevel(20, second);
            assertThat(watch.pointsPerLevel()).as("the first level was stored before the kill").containsKey(10);
            second.kill();
        }
        List<ContainerSummary> orphans = runContainers();
        System.out.println("after SIGKILL: run " + watch.run() + ", orphaned containers " + orphans.stream()
                .map(ContainerSummary::name).toList());
        assertThat(orphans).as("SIGKILL leaves the run's containers (what the restart must clean)").isNotEmpty();
        awaitNoLoadGenerator(Duration.ofSeconds(20));

        // 3. Restart, same id: before it claims anything, the dead run is re-queued and its containers removed.
        try (WorkerProcess third = WorkerProcess.start(WORKER_ID, dataDir, platform.databaseEnvironment(),
                dataDir.resolve("worker-3.log"))) {
            third.awaitLog("ready: claiming runs", Duration.ofMinutes(2));
            assertThat(third.log()).contains("Recovered 1 run(s) this worker's previous process left running");
            for (ContainerSummary orphan : orphans) {
                assertThat(runContainers().stream().map(ContainerSummary::id))
                        .as("container %s once the new worker has started", orphan.name()).doesNotContain(orphan.id());
            }
            JsonNode ended = platform.awaitEnd(jobId, Duration.ofMinutes(6));
            assertThat(ended.get("status").asString()).as(ended.toString()).isEqualTo("SUCCEEDED");
        }
        JsonNode run = watch.run();
        System.out.println("after the restart: run " + run + ", points per level " + watch.pointsPerLevel());
        assertThat(run.get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(run.get("attempt").asInt()).as("the killed attempt counted, the graceful stop did not").isEqualTo(2);
        assertThat(watch.pointsPerLevel()).as("exactly one point per level, none left from the killed attempt")
                .isEqualTo(Map.of(10, 1, 20, 1, 30, 1));
        assertThat(runContainers()).as("containers after the job").isEmpty();
    }

    private static void awaitNoLoadGenerator(Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (!WorkerProcess.loadGenerators(dataDir).isEmpty()) {
            assertThat(Instant.now()).as("the orphaned load generator notices its worker is gone").isBefore(deadline);
            Thread.sleep(250);
        }
    }

    private static List<ContainerSummary> runContainers() {
        return engine.findManaged(Map.of("bench.worker", WORKER_ID));
    }
}
