package dev.jvmbench.common.job;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/** Resources of the app container: --cpus, and --memory equal to --memory-swap (no swap). */
public record Limits(
        @DecimalMin(value = "0", inclusive = false, message = "must be greater than 0 and at most 64")
        @DecimalMax(value = "64", message = "must be greater than 0 and at most 64") Double cpus,
        @Min(value = 128, message = "must be between 128 and 262144 MB")
        @Max(value = 262144, message = "must be between 128 and 262144 MB") Integer memoryMb) {

    public static final Limits DEFAULT = new Limits(1.0, 512);

    Limits normalized() {
        return new Limits(cpus == null ? DEFAULT.cpus : cpus, memoryMb == null ? DEFAULT.memoryMb : memoryMb);
    }
}
