package dev.jvmbench.worker.loop;

import dev.jvmbench.worker.WorkerProperties;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.RunContainers;
import dev.jvmbench.worker.metrics.WorkerMetrics;
import dev.jvmbench.worker.queue.ClaimedRun;
import dev.jvmbench.worker.queue.RunQueue;
import dev.jvmbench.worker.queue.WorkerIdentity;
import dev.jvmbench.worker.run.RunExecutor;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The worker's life: on start it recovers the runs its previous process (same id) left running
 * and removes containers a dead worker left behind, then claims one
 * run at a time (runs of one host never share its CPUs), heartbeats while it runs, and recovers
 * stale runs of dead workers between claims. On shutdown it lets the run in progress stop at its
 * next step boundary, tears it down and gives it back to the queue.
 */
@Component
class WorkerLoop implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WorkerLoop.class);
    private final RunQueue queue;
    private final RunExecutor executor;
    private final RunContainers containers;
    private final WorkerProperties properties;
    private final WorkerMetrics metrics;
    private volatile boolean running;
    private final CountDownLatch stopped = new CountDownLatch(1);

    WorkerLoop(RunQueue queue, RunExecutor executor, ContainerEngine engine, WorkerProperties properties,
            WorkerIdentity identity, WorkerMetrics metrics) {
        // The identity bean holds the id's lock: a second live worker with the same id never gets here.
        this.metrics = metrics;
        this.queue = queue;
        this.executor = executor;
        this.containers = new RunContainers(engine);
        this.properties = properties;
    }

    @Override
    public void start() {
        running = true;
        Thread.ofPlatform().name("worker-loop").start(this::run);
    }

    private void run() {
        try {
            recoverOwn();
            removeLeftovers();
            executor.lowerShieldLeftByAPredecessor();
            log.info("Worker {} ready: claiming runs every {} ms when idle", properties.id(),
                    properties.pollInterval().toMillis());
            while (running) {
                recoverStale();
                Optional<ClaimedRun> claimed = claim();
                if (claimed.isEmpty()) {
                    sleep(properties.pollInterval().toMillis());
                    continue;
                }
                metrics.runClaimed();
                execute(claimed.get());
            }
        } finally {
            stopped.countDown();
        }
    }

    private void execute(ClaimedRun run) {
        // Stopped by a latch, never by interrupting: an interrupt inside a JDBC call breaks the connection.
        CountDownLatch done = new CountDownLatch(1);
        Thread heartbeat = Thread.ofVirtual().name("heartbeat-" + run.runId()).start(() -> {
            try {
                while (!done.await(properties.heartbeatInterval().toMillis(), TimeUnit.MILLISECONDS)) {
                    if (!beat(run)) {
                        return;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            executor.execute(run);
        } catch (RuntimeException e) {
            log.error("{} could not be executed", run.label(), e);
        } finally {
            done.countDown();
            try {
                heartbeat.join(Duration.ofSeconds(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private boolean beat(ClaimedRun run) {
        try {
            if (!queue.heartbeat(run.runId(), properties.id())) {
                log.warn("{} is no longer owned by this worker; stopping it", run.label());
                executor.releaseCurrent("ownership lost");
                return false;
            }
        } catch (RuntimeException e) {
            log.warn("Heartbeat of {} failed: {}", run.label(), e.getMessage());
        }
        return true;
    }

    /**
     * Run containers of this platform whose run no live worker owns: a worker died while running them.
     * Another worker's live run on the same host keeps its containers.
     */
    private void removeLeftovers() {
        try {
            for (String removed : containers.removeLeftovers(queue.platformId(),
                    runId -> queue.ownedElsewhere(runId, properties.id(), properties.staleAfter()))) {
                log.info("Removed container {} left by a stopped worker", removed);
            }
        } catch (RuntimeException e) {
            log.warn("Could not clean up containers left by a stopped worker: {}", e.getMessage());
        }
    }

    /** Runs a previous process of this worker left RUNNING: it died with them (recovered as stale ones are). */
    private void recoverOwn() {
        try {
            int recovered = queue.recoverOwn(properties.id(), properties.maxAttempts());
            if (recovered > 0) {
                log.warn("Recovered {} run(s) this worker's previous process left running", recovered);
            }
        } catch (RuntimeException e) {
            log.warn("Recovering this worker's own runs failed: {}", e.getMessage());
        }
    }

    private void recoverStale() {
        try {
            queue.recoverStale(properties.staleAfter(), properties.maxAttempts());
        } catch (RuntimeException e) {
            log.warn("Recovering stale runs failed: {}", e.getMessage());
        }
    }

    private Optional<ClaimedRun> claim() {
        try {
            return queue.claim(properties.id());
        } catch (RuntimeException e) {
            log.warn("Claiming a run failed ({}); retrying", e.getMessage());
            sleep(properties.pollInterval().toMillis());
            return Optional.empty();
        }
    }

    @Override
    public void stop() {
        running = false;
        // No interrupt: the run in progress stops at its next step boundary and tears down cleanly.
        executor.releaseCurrent("the worker is shutting down");
        try {
            if (!stopped.await(5, TimeUnit.MINUTES)) {
                log.warn("The run in progress did not stop within 5 minutes");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isAutoStartup() {
        return properties.enabled();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
