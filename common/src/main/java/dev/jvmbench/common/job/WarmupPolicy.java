package dev.jvmbench.common.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.util.Locale;

/**
 * How a run warms up before it measures. {@code fixed}: every level first runs the load
 * profile's {@code warmupSeconds}. {@code adaptive}: the run's first level (every level with
 * {@code everyLevel}) keeps loading the app in 5-second slices until the steadiness test of its
 * per-second series holds over the last {@code windowSeconds} and, where the JVM's compiler
 * threads can be measured, the JIT used under {@code jitCpuPercent} of the container's CPU limit
 * over that window, at least {@code warmupSeconds} and at most {@code maxSeconds}
 * (docs/statistics.md, "Adaptive warm-up"); the warm-up used is
 * stored with the point. Adaptive is the default for an uploaded JAR (a JIT warming up a real
 * app takes a minute where a stock scenario takes seconds); fixed for the rest.
 */
public record WarmupPolicy(
        Mode mode,
        @Min(value = 10, message = "must be between 10 and 3600 seconds") @Max(value = 3600, message = "must be between 10 and 3600 seconds")
        Integer maxSeconds,
        @Min(value = 6, message = "must be between 6 and 300 seconds") @Max(value = 300, message = "must be between 6 and 300 seconds")
        Integer windowSeconds,
        @DecimalMin(value = "0.5", message = "must be between 0.5 and 50 percent")
        @DecimalMax(value = "50", message = "must be between 0.5 and 50 percent") Double tolerancePercent,
        Boolean everyLevel,
        @DecimalMin(value = "0.5", message = "must be between 0.5 and 100 percent")
        @DecimalMax(value = "100", message = "must be between 0.5 and 100 percent") Double jitCpuPercent) {

    public static final int DEFAULT_MAX_SECONDS = 300;
    public static final int DEFAULT_WINDOW_SECONDS = 15;
    public static final double DEFAULT_TOLERANCE_PERCENT = 5.0;
    /**
     * The JIT's compiler threads may use at most this share of the container's CPU limit over the
     * window for the warm-up to end (docs/statistics.md, "Adaptive warm-up", says why 3 %).
     */
    public static final double DEFAULT_JIT_CPU_PERCENT = 3.0;
    /**
     * From this mean CPU use (% of the container's limit) the JIT's compiler threads compete with the
     * app for its quota; below it they run beside the app, and the JIT bound does not hold the
     * warm-up (docs/statistics.md, "Adaptive warm-up").
     */
    public static final double CONTENDED_CPU_PERCENT = 50.0;

    /** Whether a container at this CPU use (% of its limit; null: unknown) leaves the compiler room beside the app. */
    public static boolean roomBesideTheApp(Double cpuPercentOfLimit) {
        return cpuPercentOfLimit != null && cpuPercentOfLimit < CONTENDED_CPU_PERCENT;
    }
    public static final WarmupPolicy FIXED = new WarmupPolicy(Mode.FIXED, null, null, null, null, null).normalized();
    public static final WarmupPolicy ADAPTIVE = new WarmupPolicy(Mode.ADAPTIVE, null, null, null, null, null).normalized();

    public enum Mode {
        FIXED, ADAPTIVE;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static Mode of(String value) {
            return WireEnums.parse(Mode.class, value);
        }
    }

    WarmupPolicy normalized() {
        return new WarmupPolicy(mode == null ? Mode.FIXED : mode,
                maxSeconds == null ? DEFAULT_MAX_SECONDS : maxSeconds,
                windowSeconds == null ? DEFAULT_WINDOW_SECONDS : windowSeconds,
                tolerancePercent == null ? DEFAULT_TOLERANCE_PERCENT : tolerancePercent,
                everyLevel != null && everyLevel,
                jitCpuPercent == null ? DEFAULT_JIT_CPU_PERCENT : jitCpuPercent);
    }

    public boolean adaptive() {
        return mode == Mode.ADAPTIVE;
    }

    /** Whether level {@code levelIndex} warms up adaptively. */
    public boolean adaptiveAt(int levelIndex) {
        return adaptive() && (levelIndex == 0 || Boolean.TRUE.equals(everyLevel));
    }
}
