package dev.jvmbench.common.job;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;

/**
 * A service-level objective: the p95 latency and error rate a load level must stay within to
 * count as sustainable. A null bound is not checked; at least one must be given.
 */
public record Slo(
        @DecimalMin(value = "0", inclusive = false, message = "must be greater than 0 and at most 600000 ms")
        @DecimalMax(value = "600000", message = "must be greater than 0 and at most 600000 ms") Double latencyP95Ms,
        @DecimalMin(value = "0", message = "must be between 0 and 100 percent")
        @DecimalMax(value = "100", message = "must be between 0 and 100 percent") Double errorRatePercent) {

    /** Whether a level with this median p95 (ms) and median error rate (a share, 0..1) meets the objective. */
    public boolean isMetBy(Double p95Ms, double errorRate) {
        boolean latencyOk = latencyP95Ms == null || (p95Ms != null && p95Ms <= latencyP95Ms);
        boolean errorsOk = errorRatePercent == null || errorRate * 100.0 <= errorRatePercent + 1e-9;
        return latencyOk && errorsOk;
    }
}
