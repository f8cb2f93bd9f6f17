package dev.jvmbench.worker.run;

import dev.jvmbench.common.job.Upstream;
import dev.jvmbench.worker.queue.ClaimedRun;
import dev.jvmbench.worker.container.RunningContainer;
import dev.jvmbench.worker.load.LoadGenerator;
import dev.jvmbench.worker.probe.ContainerSampler;
import dev.jvmbench.worker.probe.PrometheusScraper;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What the steps of one run share: the containers and probes they started (so teardown can
 * stop them whatever happened), the measured windows, and the outcome once decided.
 */
final class RunContext {

    final ClaimedRun run;
    final String workerId;
    final String platformId;
    final Path workDir;
    ScenarioPlan plan;
    String image;
    final Map<Upstream, RunningContainer> upstreams = new EnumMap<>(Upstream.class);
    final Map<Upstream, Integer> upstreamPorts = new EnumMap<>(Upstream.class);
    RunningContainer app;
    int appPort;
    ContainerSampler sampler;
    PrometheusScraper scraper;
    LoadGenerator loadGenerator;
    final List<MeasuredLevel> measured = new ArrayList<>();
    /** The load generator's answer per level, kept as a raw artifact of the run. */
    final List<dev.jvmbench.worker.load.LevelResult> loadResults = new ArrayList<>();
    private volatile RunOutcome outcome;
    /** The Batch step whose failure decided the run, for the failures metric; null otherwise. */
    String failedStep;
    private volatile String releaseReason;

    RunContext(ClaimedRun run, String workerId, String platformId, Path workDir) {
        this.run = run;
        this.workerId = workerId;
        this.platformId = platformId;
        this.workDir = workDir;
    }

    /** A stored point's level and its measured window, for the JFR analysis at the end. */
    record MeasuredLevel(int levelIndex, int level, Instant start, Instant end) {
    }

    boolean decided() {
        return outcome != null;
    }

    RunOutcome outcome() {
        return outcome == null ? new RunOutcome.Succeeded() : outcome;
    }

    void fail(String reason) {
        fail(reason, null);
    }

    /** The first decision wins: what fails after it is a consequence, and its step is the one the metric counts. */
    void fail(String reason, String step) {
        if (outcome == null) {
            failedStep = step;
            outcome = new RunOutcome.Failed(reason);
        }
    }

    void cancel() {
        if (outcome == null) {
            outcome = new RunOutcome.Cancelled();
        }
    }

    /** Asked from another thread (worker shutdown): honoured at the next step boundary. */
    void requestRelease(String reason) {
        releaseReason = reason;
    }

    /** At a step boundary: turns a pending release into the outcome. */
    void checkRelease() {
        if (releaseReason != null && outcome == null) {
            outcome = new RunOutcome.Released(releaseReason);
        }
    }
}
