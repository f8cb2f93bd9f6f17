package dev.jvmbench.worker.container;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * One line a container wrote to stdout or stderr, with the time the engine received it (its
 * own clock, to the nanosecond: Docker's {@code timestamps=true}), not a time the app printed.
 *
 * @param text the line without its line break
 */
public record LogLine(Instant at, String text) {

    /** How the line in place of the lines a log left out begins. */
    public static final String LEFT_OUT = "[jvmbench: ";

    public LogLine {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(text, "text");
    }

    /** The line in place of the middle of a log too long to keep whole. */
    static LogLine leftOut(Instant at, long lines, long chars, long headChars, long tailChars) {
        return new LogLine(at, LEFT_OUT + "%d lines (%s) of the app's log left out here; the platform keeps its first %s and its last %s]"
                .formatted(lines, megabytes(chars), megabytes(headChars), megabytes(tailChars)));
    }

    /** Whether this is the line in place of lines left out. */
    public boolean isLeftOut() {
        return text.startsWith(LEFT_OUT) && text.contains(" of the app's log left out here;");
    }

    private static String megabytes(long chars) {
        return chars < 1024 * 1024 ? (chars / 1024) + " KB" : String.format(Locale.ROOT, "%.1f MB", chars / (1024.0 * 1024));
    }
}
