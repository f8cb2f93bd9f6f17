package dev.jvmbench.worker.run;

import dev.jvmbench.common.job.CapacitySearch;
import dev.jvmbench.common.job.LoadProfile;
import dev.jvmbench.common.job.WarmupPolicy;
import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.worker.load.LevelRequest;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The job spec's load settings ({@link LoadProfile}, as submitted and stored) as the run flow
 * reads them: times as {@link Duration}s, the warm-up policy always set, and the one place a
 * level becomes the generator's {@link LevelRequest}.
 *
 * @param levels         the listed levels; null when the run searches ({@code search})
 * @param search         the capacity search; null when the levels are listed
 * @param warmup         each level's fixed warm-up (the least an adaptive one runs)
 * @param step           each level's measured window
 * @param requestTimeout a request slower than this is an error
 */
record LoadSettings(LoadModel model, List<Integer> levels, CapacitySearch search, WarmupPolicy warmupPolicy,
                    Duration warmup, Duration step, Duration requestTimeout) {

    LoadSettings {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(warmupPolicy, "warmupPolicy");
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        levels = levels == null ? null : List.copyOf(levels);
    }

    /** The settings of a stored (normalized) spec's load. */
    static LoadSettings of(LoadProfile load) {
        return new LoadSettings(load.model(), load.levels(), load.search(), load.warmupPolicy(),
                Duration.ofSeconds(load.warmupSeconds()), Duration.ofSeconds(load.stepSeconds()),
                Duration.ofMillis(load.requestTimeoutMs()));
    }

    /** Whether the levels are searched for rather than listed. */
    boolean searches() {
        return search != null;
    }

    /** Levels to run: the listed ones, or as many steps as the search may take. */
    int levelSteps() {
        return searches() ? search.maxSteps() : levels.size();
    }

    int warmupSeconds() {
        return Math.toIntExact(warmup.toSeconds());
    }

    int requestTimeoutMs() {
        return Math.toIntExact(requestTimeout.toMillis());
    }

    /**
     * The generator's request for one level of this load: the scenario's request against the
     * app, {@code level} users or arrivals per second, {@code warmup} and then {@code measured}.
     */
    LevelRequest request(ScenarioPlan plan, URI url, int level, Duration warmup, Duration measured) {
        return new LevelRequest(model, level, warmup, measured, requestTimeout, plan.method(), url, plan.headers(),
                plan.body(), plan.expectedStatus());
    }
}
