package dev.jvmbench.targetapp.scenario;

/** Elapsed wall time in milliseconds with microsecond resolution, for the response bodies. */
public record Stopwatch(long startNanos) {

    public static Stopwatch start() {
        return new Stopwatch(System.nanoTime());
    }

    public double elapsedMs() {
        return Math.round((System.nanoTime() - startNanos) / 1_000.0) / 1_000.0;
    }
}
