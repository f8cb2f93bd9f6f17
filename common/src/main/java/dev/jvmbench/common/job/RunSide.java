package dev.jvmbench.common.job;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Whose spec a run executes. A job with a paired baseline (docs/statistics.md, "Paired baselines")
 * runs the baseline job's cells again beside its own: those runs are the job's (its runs, its
 * points), but they execute the baseline job's app and spec.
 */
public enum RunSide {
    /** The job's own app and spec. */
    JOB,
    /** The baseline job's app and spec, measured again as the other half of a pair. */
    BASELINE;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
