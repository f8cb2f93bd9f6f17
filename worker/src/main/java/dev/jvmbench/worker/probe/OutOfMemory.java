package dev.jvmbench.worker.probe;

import java.time.Instant;
import java.util.Objects;

/**
 * One {@link OutOfMemoryError} the app's JVM threw, as its recording or its log shows it.
 *
 * @param at      when: the JFR event's time, or the engine's time stamp of the log line
 * @param thread  the thread that threw it where the source names one ({@code Exception in thread
 *                "X"}, a log line's {@code [thread]}); null otherwise
 * @param kind    what it ran out of
 * @param message the error's message, or the log line it was found in
 * @param source  {@link #FROM_LOG} or {@link #FROM_JFR_METASPACE}
 */
public record OutOfMemory(Instant at, String thread, OomKind kind, String message, String source) {

    /** Found in the container's log by {@link LogScan}. */
    public static final String FROM_LOG = "log";
    /** A {@code jdk.MetaspaceOOM} event of the JFR recording. */
    public static final String FROM_JFR_METASPACE = "jfr:jdk.MetaspaceOOM";

    public OutOfMemory {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(source, "source");
    }
}
