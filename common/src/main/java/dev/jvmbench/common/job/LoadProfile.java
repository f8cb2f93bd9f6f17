package dev.jvmbench.common.job;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * Stepped load. Each level runs {@code warmupSeconds} (excluded from the numbers) then
 * {@code stepSeconds} measured. Requests slower than {@code requestTimeoutMs} count as errors.
 */
public record LoadProfile(
        LoadModel model,
        @NotEmpty(message = "must hold 1 to 50 levels")
        @Size(max = 50, message = "must hold 1 to 50 levels")
        List<@NotNull(message = "must be a number between 1 and 100000") @Min(value = 1, message = "must be between 1 and 100000") @Max(value = 100000, message = "must be between 1 and 100000") Integer> levels,
        @Min(value = 1, message = "must be between 1 and 3600 seconds") @Max(value = 3600, message = "must be between 1 and 3600 seconds")
        Integer stepSeconds,
        @Min(value = 0, message = "must be between 0 and 3600 seconds") @Max(value = 3600, message = "must be between 0 and 3600 seconds")
        Integer warmupSeconds,
        @Min(value = 100, message = "must be between 100 and 600000 ms") @Max(value = 600000, message = "must be between 100 and 600000 ms")
        Integer requestTimeoutMs) {

    public static final int DEFAULT_STEP_SECONDS = 30;
    public static final int DEFAULT_WARMUP_SECONDS = 10;
    public static final int DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

    LoadProfile normalized() {
        return new LoadProfile(model == null ? LoadModel.CLOSED : model, levels == null ? null : List.copyOf(levels),
                stepSeconds == null ? DEFAULT_STEP_SECONDS : stepSeconds,
                warmupSeconds == null ? DEFAULT_WARMUP_SECONDS : warmupSeconds,
                requestTimeoutMs == null ? DEFAULT_REQUEST_TIMEOUT_MS : requestTimeoutMs);
    }
}
