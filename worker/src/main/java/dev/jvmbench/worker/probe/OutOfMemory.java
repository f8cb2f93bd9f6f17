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
 * @param source  {@link #FROM_LOG}, {@link #FROM_JVM_REPORT} or {@link #FROM_JFR_METASPACE}
 */
public record OutOfMemory(Instant at, String thread, OomKind kind, String message, String source) {

    /** Found in the container's log by {@link LogScan}. */
    public static final String FROM_LOG = "log";
    /**
     * The JVM's own report of its first heap or metaspace OutOfMemoryError, printed by the VM
     * itself when {@link #REPORT_FLAG} is set: it reaches the log even when the app caught the
     * error or its logging broke under it (an OOM inside Logback's first exception rendering
     * leaves ThrowableProxy unloadable: every later error, this one included, goes unlogged).
     */
    public static final String FROM_JVM_REPORT = "log:jvm-report";
    /**
     * Makes the JVM print {@code # java.lang.OutOfMemoryError: <kind>} to its standard output at
     * its first heap, array-size or metaspace OutOfMemoryError (HotSpot's {@code
     * VM_ReportJavaOutOfMemory}, which only runs when an {@code OnOutOfMemoryError} command is
     * set). The command is fixed, the shell's no-op: its only purpose is that line (jobs may not set
     * their own, docs/security.md). An image whose command line sets one overrides ours and
     * prints the line as well.
     */
    public static final String REPORT_FLAG = "-XX:OnOutOfMemoryError=true";
    /** A {@code jdk.MetaspaceOOM} event of the JFR recording. */
    public static final String FROM_JFR_METASPACE = "jfr:jdk.MetaspaceOOM";

    public OutOfMemory {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(source, "source");
    }
}
