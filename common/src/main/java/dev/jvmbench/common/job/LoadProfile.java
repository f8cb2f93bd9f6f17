package dev.jvmbench.common.job;

import dev.jvmbench.loadgen.protocol.LoadModel;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * Stepped load. Each level runs {@code warmupSeconds} (excluded from the numbers) then
 * {@code stepSeconds} measured. Requests slower than {@code requestTimeoutMs} count as errors.
 * {@code warmup} says whether the run warms up for a fixed time or until steady ({@link
 * WarmupPolicy}); with {@code search} the levels are not listed but searched for the highest
 * that meets the job's SLO ({@link CapacitySearch}).
 */
public record LoadProfile(
        LoadModel model,
        @Size(min = 1, max = 50, message = "must hold 1 to 50 levels")
        List<@NotNull(message = "must be a number between 1 and 100000") @Min(value = 1, message = "must be between 1 and 100000") @Max(value = 100000, message = "must be between 1 and 100000") Integer> levels,
        @Min(value = 1, message = "must be between 1 and 3600 seconds") @Max(value = 3600, message = "must be between 1 and 3600 seconds")
        Integer stepSeconds,
        @Min(value = 0, message = "must be between 0 and 3600 seconds") @Max(value = 3600, message = "must be between 0 and 3600 seconds")
        Integer warmupSeconds,
        @Min(value = 100, message = "must be between 100 and 600000 ms") @Max(value = 600000, message = "must be between 100 and 600000 ms")
        Integer requestTimeoutMs,
        @Valid WarmupPolicy warmup,
        @Valid CapacitySearch search) {

    public static final int DEFAULT_STEP_SECONDS = 30;
    public static final int DEFAULT_WARMUP_SECONDS = 10;
    public static final int DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

    /** The same profile without the two newer parts: what clients that predate them send. */
    public LoadProfile(LoadModel model, List<Integer> levels, Integer stepSeconds, Integer warmupSeconds,
                       Integer requestTimeoutMs) {
        this(model, levels, stepSeconds, warmupSeconds, requestTimeoutMs, null, null);
    }

    /** @param defaultWarmup the warm-up policy when the job names none (adaptive for an uploaded JAR) */
    LoadProfile normalized(WarmupPolicy defaultWarmup) {
        return new LoadProfile(model == null ? LoadModel.CLOSED : model, levels == null ? null : List.copyOf(levels),
                stepSeconds == null ? DEFAULT_STEP_SECONDS : stepSeconds,
                warmupSeconds == null ? DEFAULT_WARMUP_SECONDS : warmupSeconds,
                requestTimeoutMs == null ? DEFAULT_REQUEST_TIMEOUT_MS : requestTimeoutMs,
                warmup == null ? defaultWarmup : warmup.normalized(),
                search == null ? null : search.normalized());
    }

    /** The policy, fixed when none was given (a spec stored before policies existed). */
    public WarmupPolicy warmupPolicy() {
        return warmup == null ? WarmupPolicy.FIXED : warmup;
    }

    /** Levels to run: the listed ones, or as many steps as a capacity search may take. */
    public int levelSteps() {
        return search != null ? search.maxSteps() : levels.size();
    }
}
