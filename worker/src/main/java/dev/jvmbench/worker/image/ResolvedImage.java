package dev.jvmbench.worker.image;

import java.time.Duration;
import java.util.Objects;

/**
 * The image a run starts.
 *
 * @param reference what a container spec names, e.g. {@code jvmbench/artifact-0123456789ab:jdk25}
 * @param origin    how it was obtained
 * @param buildTime time spent building; zero unless {@code origin} is {@link Origin#BUILT}
 */
public record ResolvedImage(String reference, Origin origin, Duration buildTime) {

    public enum Origin {
        /** A stock or user image that was already in the engine. */
        EXISTING,
        /** Built from an uploaded JAR by this resolve. */
        BUILT,
        /** Built from the same JAR onto the same base image by an earlier resolve. */
        REUSED
    }

    public ResolvedImage {
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(buildTime, "buildTime");
        if (origin != Origin.BUILT && !buildTime.isZero()) {
            throw new IllegalArgumentException("only a built image has a build time");
        }
    }

    public double buildSeconds() {
        return buildTime.toNanos() / 1e9;
    }
}
