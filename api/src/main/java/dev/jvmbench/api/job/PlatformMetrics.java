package dev.jvmbench.api.job;

import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.store.Jobs;
import dev.jvmbench.common.store.Runs;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The platform's own metrics on the api (documented in docs/metrics.md, "Platform metrics"):
 * jobs by status, the run queue's depth and the age of its oldest run, and jobs submitted. The
 * gauges read one snapshot from the database, taken at most every {@link #MAX_AGE}, however
 * often and by however many scrapers they are read: two cheap aggregate queries, no row scan of
 * results. Every api replica reports the same database-wide values (aggregate with max, not sum).
 */
@Component
class PlatformMetrics {

    static final Duration MAX_AGE = Duration.ofSeconds(5);
    private static final Logger log = LoggerFactory.getLogger(PlatformMetrics.class);
    private final Jobs jobs;
    private final Runs runs;
    private final Counter submitted;
    private volatile Snapshot snapshot;

    record Snapshot(long takenAtNanos, Map<JobStatus, Long> jobs, long queuedRuns, double oldestQueuedSeconds) {
    }

    PlatformMetrics(Jobs jobs, Runs runs, MeterRegistry registry) {
        this.jobs = jobs;
        this.runs = runs;
        this.submitted = Counter.builder("jvmbench.jobs.submitted")
                .description("Jobs accepted by POST /api/v1/jobs (idempotent replays not counted)")
                .register(registry);
        for (JobStatus status : JobStatus.values()) {
            Gauge.builder("jvmbench.jobs", this, m -> m.snapshot().jobs().getOrDefault(status, 0L))
                    .description("Jobs in the database by status")
                    .tag("status", status.name())
                    .register(registry);
        }
        Gauge.builder("jvmbench.queue.runs", this, m -> m.snapshot().queuedRuns())
                .description("Runs QUEUED whose job is queued or running: work waiting for a worker")
                .register(registry);
        Gauge.builder("jvmbench.queue.oldest.age", this, m -> m.snapshot().oldestQueuedSeconds())
                .description("Seconds since the oldest queued run was created; 0 when the queue is empty")
                .baseUnit("seconds")
                .register(registry);
    }

    /** Called once the submission's transaction has committed (a rolled-back submission is no job). */
    void jobSubmitted() {
        submitted.increment();
    }

    Snapshot snapshot() {
        Snapshot current = snapshot;
        if (current != null && System.nanoTime() - current.takenAtNanos() < MAX_AGE.toNanos()) {
            return current;
        }
        synchronized (this) {
            current = snapshot;
            if (current != null && System.nanoTime() - current.takenAtNanos() < MAX_AGE.toNanos()) {
                return current;
            }
            try {
                current = read();
            } catch (RuntimeException e) {
                // A scrape must not fail because the database blips: keep the last values (or zeros),
                // stamped now so that the other gauges of this scrape do not each wait for the database again.
                log.warn("Reading the platform metrics failed: {}", e.getMessage());
                current = current != null
                        ? new Snapshot(System.nanoTime(), current.jobs(), current.queuedRuns(), current.oldestQueuedSeconds())
                        : new Snapshot(System.nanoTime(), Map.of(), 0, 0);
            }
            snapshot = current;
            return current;
        }
    }

    private Snapshot read() {
        Runs.Queue queue = runs.queue();
        return new Snapshot(System.nanoTime(), jobs.countByStatus(), queue.runs(), queue.oldestSeconds());
    }
}
