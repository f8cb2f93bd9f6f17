package dev.jvmbench.common.job;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * Find the highest load that meets the job's SLO instead of measuring listed levels: each run
 * starts at {@code start} users (closed model) or requests per second (open), doubles while
 * the level meets the SLO, then bisects between the last level that met it and the first that
 * did not, until they are within {@code resolutionPercent} of each other or {@code maxSteps}
 * levels have run; never past {@code max}. The run's capacity is its highest level that met
 * the SLO (docs/statistics.md, "Capacity search"); every level tried is a point.
 */
public record CapacitySearch(
        @Min(value = 1, message = "must be between 1 and 100000") @Max(value = 100000, message = "must be between 1 and 100000")
        Integer start,
        @Min(value = 1, message = "must be between 1 and 100000") @Max(value = 100000, message = "must be between 1 and 100000")
        Integer max,
        @Min(value = 2, message = "must be between 2 and 30") @Max(value = 30, message = "must be between 2 and 30")
        Integer maxSteps,
        @DecimalMin(value = "1", message = "must be between 1 and 50 percent")
        @DecimalMax(value = "50", message = "must be between 1 and 50 percent") Double resolutionPercent) {

    public static final int DEFAULT_START = 10;
    public static final int DEFAULT_MAX = 10_000;
    public static final int DEFAULT_MAX_STEPS = 10;
    public static final double DEFAULT_RESOLUTION_PERCENT = 5.0;

    CapacitySearch normalized() {
        int ceiling = max == null ? DEFAULT_MAX : max;
        // A start above the ceiling starts at the ceiling (the search never goes past max).
        return new CapacitySearch(Math.min(start == null ? DEFAULT_START : start, ceiling), ceiling,
                maxSteps == null ? DEFAULT_MAX_STEPS : maxSteps,
                resolutionPercent == null ? DEFAULT_RESOLUTION_PERCENT : resolutionPercent);
    }
}
