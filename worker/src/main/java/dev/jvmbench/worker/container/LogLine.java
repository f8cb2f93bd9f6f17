package dev.jvmbench.worker.container;

import java.time.Instant;
import java.util.Objects;

/**
 * One line a container wrote to stdout or stderr, with the time the engine received it (its
 * own clock, to the nanosecond: Docker's {@code timestamps=true}), not a time the app printed.
 *
 * @param text the line without its line break
 */
public record LogLine(Instant at, String text) {

    public LogLine {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(text, "text");
    }
}
