package dev.jvmbench.worker.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * The worker's own metrics (documented in docs/metrics.md, "Platform metrics"). Every tag has a
 * bounded set of values: load steps share the step name {@code load}, failure reasons are
 * classes, never the free-text reason.
 */
@Component
public class WorkerMetrics {

    /** Kinds of what a run starts: the app container, upstream containers, the load generator process. */
    public static final String APP = "app";
    public static final String UPSTREAM = "upstream";
    public static final String LOADGEN = "loadgen";
    /** How a failure reason starts when the engine did not answer: classified as reason "engine". */
    public static final String ENGINE_UNAVAILABLE = "the Docker engine is unavailable";
    private final MeterRegistry registry;
    private final Counter claimed;

    public WorkerMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.claimed = Counter.builder("jvmbench.worker.runs.claimed")
                .description("Runs this worker claimed from the queue (a re-queued run counts again)")
                .register(registry);
        for (String kind : new String[] {APP, UPSTREAM, LOADGEN}) {
            started(kind);
            removed(kind);
        }
    }

    public void runClaimed() {
        claimed.increment();
    }

    /** outcome: succeeded, failed, cancelled or released. */
    public void runEnded(String outcome, Duration duration) {
        Timer.builder("jvmbench.worker.run.duration")
                .description("Wall time of a run on this worker, claim to end, by outcome")
                .tag("outcome", outcome.toLowerCase(Locale.ROOT))
                .register(registry).record(duration);
    }

    /** A Batch step of a run ended (done, failed or skipped after a cancel); load steps are all "load". */
    public void stepEnded(String step, Duration duration) {
        Timer.builder("jvmbench.worker.step.duration")
                .description("Wall time of a run's Spring Batch step by step name (load-N-level-M steps are 'load')")
                .tag("step", stepTag(step))
                .register(registry).record(duration);
    }

    public void runFailed(String reason) {
        Counter.builder("jvmbench.worker.run.failures")
                .description("Failed runs by reason class: the failing step, or oom-killed, engine-unavailable, worker-error")
                .tag("reason", reason)
                .register(registry).increment();
    }

    public void containerStarted(String kind) {
        started(kind).increment();
    }

    public void containersRemoved(String kind, int count) {
        if (count > 0) {
            removed(kind).increment(count);
        }
    }

    private Counter started(String kind) {
        return Counter.builder("jvmbench.worker.containers.started")
                .description("Containers (app, upstream) and load generator processes (loadgen) a run started")
                .tag("kind", kind).register(registry);
    }

    private Counter removed(String kind) {
        return Counter.builder("jvmbench.worker.containers.removed")
                .description("Containers (app, upstream) removed and load generator processes (loadgen) stopped at teardown")
                .tag("kind", kind).register(registry);
    }

    /** The class of a failure, for the failures counter: bounded, unlike the reason text. */
    public static String reasonClass(String reason, String failedStep) {
        if (reason != null && reason.contains("OOMKilled")) {
            return "oom-killed";
        }
        if (reason != null && reason.startsWith(ENGINE_UNAVAILABLE)) {
            return "engine-unavailable";
        }
        if (failedStep == null) {
            return "worker-error";
        }
        return stepTag(failedStep);
    }

    /** A step's name as a tag: the load-N-level-M steps are all {@code load}, or the tag would be unbounded. */
    public static String stepTag(String name) {
        return name.startsWith("load-") ? "load" : name;
    }
}
