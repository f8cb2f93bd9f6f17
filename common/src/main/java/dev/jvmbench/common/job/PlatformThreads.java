package dev.jvmbench.common.job;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * Settings of the platform-thread model: the Tomcat pool size and, optionally, the thread stack
 * size. The field reports' tuning is maxThreads 2000 with stackSizeKb 256.
 */
public record PlatformThreads(
        @Min(value = 1, message = "must be between 1 and 10000") @Max(value = 10000, message = "must be between 1 and 10000")
        Integer maxThreads,
        @Min(value = 136, message = "must be between 136 and 65536 KB") @Max(value = 65536, message = "must be between 136 and 65536 KB")
        Integer stackSizeKb) {

    public static final PlatformThreads DEFAULT = new PlatformThreads(200, null);
    public static final PlatformThreads FIELD_REPORTS = new PlatformThreads(2000, 256);

    PlatformThreads normalized() {
        return new PlatformThreads(maxThreads == null ? DEFAULT.maxThreads : maxThreads, stackSizeKb);
    }
}
