package dev.jvmbench.worker.probe;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds named patterns in an app's log: above all the OutOfMemoryErrors its JVM threw, which
 * JFR does not record (see {@link JfrAnalyzer#JVM_FLAG}). Every pattern lives in {@link
 * #PATTERNS}: add one there and every scan finds it.
 *
 * <p>A log event often spans several lines: a Spring Boot line naming the error, then the
 * exception and its stack ({@code \tat ...}, {@code Caused by: ...}). Lines that continue an
 * event (blank, indented, {@code Caused by:}, {@code Suppressed:}, {@code ... N more}, or a bare
 * {@code some.Exception: message} line, within a second of the event's first line) belong to it,
 * and a pattern is reported once per event, with the event's thread. So a request thread's OOM
 * that Tomcat logs is one finding, and so is the JVM's own {@code Exception in thread "main"
 * java.lang.OutOfMemoryError: Java heap space} with its stack.
 *
 * <p>The thread comes from the line that starts the event: {@code in thread "X"} (the JVM's
 * uncaught-exception line), the {@code [thread]} of Spring Boot's format (after {@code ---}; Boot
 * cuts it to its last 15 characters), of Logback's and Log4j's default layouts ({@code [thread]
 * LEVEL}) or of java.util.logging's ({@code LEVEL [thread]}, Tomcat's own); null when the line
 * has none.
 */
public final class LogScan {

    /** One line to scan: when the engine received it, and its text. */
    public record Line(Instant at, String text) {
        public Line {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * A named pattern: its regular expression may name a group {@code detail}, the part of the
     * line a finding keeps (an error's message, a pool's name).
     */
    public record LogPattern(String name, Pattern regex) {
        public LogPattern {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(regex, "regex");
        }
    }

    /**
     * A pattern found in the log.
     *
     * @param at     the engine's time of the line
     * @param thread the event's thread, where its first line names one
     * @param detail the pattern's {@code detail} group, or null
     * @param line   the line it was found in
     */
    public record Finding(String pattern, Instant at, String thread, String detail, String line) {
    }

    /**
     * An OutOfMemoryError anywhere in a line: the JVM's {@code Exception in thread "X"
     * java.lang.OutOfMemoryError: Java heap space}, a framework's report of one, {@code
     * Terminating due to ...} ({@code -XX:+ExitOnOutOfMemoryError}), and Netty's {@code
     * OutOfDirectMemoryError}. The detail is the error's message ({@link OomKind#ofMessage}), up to
     * a closing bracket: Spring's {@code threw exception [Handler dispatch failed:
     * java.lang.OutOfMemoryError: Java heap space] with root cause} names the error inside one.
     */
    public static final LogPattern OUT_OF_MEMORY = new LogPattern("out-of-memory", Pattern.compile(
            "(?:java\\.lang\\.OutOfMemoryError|io\\.netty\\.util\\.internal\\.OutOfDirectMemoryError)(?::\\s*(?<detail>[^\\]]*))?"));

    /** The kernel refused a descriptor: the process reached its {@code nofile} limit. */
    public static final LogPattern TOO_MANY_OPEN_FILES = new LogPattern("too-many-open-files",
            Pattern.compile("Too many open files"));

    /** HikariCP gave up waiting for a connection: the pool, not the threads, is the limit. */
    public static final LogPattern CONNECTION_POOL_TIMEOUT = new LogPattern("connection-pool-timeout",
            Pattern.compile("(?<detail>\\S+) - Connection is not available, request timed out after \\d+ms"));

    /** HotSpot could not start a thread ({@code pthread_create} failed: pids limit, memory). */
    public static final LogPattern THREAD_START_FAILED = new LogPattern("thread-start-failed",
            Pattern.compile("Failed to start thread \"(?<detail>[^\"]*)\""));

    public static final LogPattern STACK_OVERFLOW = new LogPattern("stack-overflow",
            Pattern.compile("java\\.lang\\.StackOverflowError"));

    /** A frame holding a monitor in {@code -Djdk.tracePinnedThreads} output (JDK 21-23). */
    public static final LogPattern PINNED_THREAD_TRACE = new LogPattern("pinned-thread-trace",
            Pattern.compile("^\\s*(?<detail>\\S+)\\s+<== monitors:\\d+"));

    /**
     * An HTTP client's pool refused a request: no free connection and its queue of pending
     * acquisitions full (Reactor Netty's PoolAcquirePendingLimitException) or waited out
     * (PoolAcquireTimeoutException); the stock apps log it as {@code io-http upstream failed: ...}.
     */
    public static final LogPattern CLIENT_POOL_REFUSED = new LogPattern("client-pool-refused", Pattern.compile(
            "(?<detail>Pending acquire queue has reached its maximum size of \\d+|PoolAcquirePendingLimitException"
                    + "|PoolAcquireTimeoutException|Pool#acquire\\(Duration\\) has been pending for more than[^.]*)"));

    /** Every pattern a scan looks for. */
    public static final List<LogPattern> PATTERNS = List.of(OUT_OF_MEMORY, TOO_MANY_OPEN_FILES,
            CONNECTION_POOL_TIMEOUT, THREAD_START_FAILED, STACK_OVERFLOW, PINNED_THREAD_TRACE, CLIENT_POOL_REFUSED);

    /** How long after an event's first line a continuation line still belongs to it. */
    static final Duration CONTINUATION_WINDOW = Duration.ofSeconds(1);

    /** The line {@link OutOfMemory#REPORT_FLAG} makes the JVM print. */
    private static final Pattern JVM_REPORT = Pattern.compile("^# java\\.lang\\.OutOfMemoryError:");
    private static final Pattern CONTINUATION = Pattern.compile(
            "^(?:|\\s.*|Caused by: .*|Suppressed: .*|\\.\\.\\. \\d+ more.*|[\\w$.]+(?:Exception|Error|Throwable)(?::.*)?)$");
    private static final Pattern IN_THREAD = Pattern.compile("in thread \"([^\"]*)\"");
    private static final Pattern LOGBACK_THREAD = Pattern.compile(
            "^\\S+(?:\\s\\S+)?\\s+\\[([^\\]]+)\\]\\s+(?:TRACE|DEBUG|INFO|WARN|ERROR|FATAL)\\b");
    private static final Pattern JUL_THREAD = Pattern.compile(
            "\\b(?:SEVERE|WARNING|INFO|CONFIG|FINE|FINER|FINEST)\\s+\\[([^\\]]+)\\]");
    private static final String BOOT_SEPARATOR = " --- ";

    private LogScan() {
    }

    /** Every {@link #PATTERNS} finding, in line order. */
    public static List<Finding> scan(List<Line> lines) {
        return scan(lines, PATTERNS);
    }

    /** The findings of {@code patterns}, in line order; one per pattern and detail per log event. */
    public static List<Finding> scan(List<Line> lines, List<LogPattern> patterns) {
        List<Finding> findings = new ArrayList<>();
        Instant eventStart = null;
        String eventThread = null;
        Set<String> reportedInEvent = new HashSet<>();
        for (Line line : lines) {
            String text = line.text();
            boolean continues = eventStart != null && CONTINUATION.matcher(text).matches()
                    && !line.at().isAfter(eventStart.plus(CONTINUATION_WINDOW)) && !text.contains("in thread \"");
            if (!continues) {
                eventStart = line.at();
                eventThread = threadOf(text);
                reportedInEvent.clear();
            }
            for (LogPattern pattern : patterns) {
                Matcher matcher = pattern.regex().matcher(text);
                if (matcher.find()) {
                    String detail = detail(matcher);
                    // one finding per pattern and event; a differing detail (two pools) is another
                    String key = pattern.name() + "\u0000" + (pattern == OUT_OF_MEMORY
                            ? OomKind.ofMessage(detail).name() : detail);
                    if (reportedInEvent.add(key)) {
                        findings.add(new Finding(pattern.name(), line.at(), eventThread, detail, text));
                    }
                }
            }
        }
        return findings;
    }

    /**
     * The OutOfMemoryErrors in the log, one per log event and kind, in line order; the JVM's own
     * report ({@link OutOfMemory#REPORT_FLAG}) has the source {@link OutOfMemory#FROM_JVM_REPORT}.
     */
    public static List<OutOfMemory> outOfMemoryErrors(List<Line> lines) {
        return scan(lines, List.of(OUT_OF_MEMORY)).stream()
                .map(finding -> new OutOfMemory(finding.at(), finding.thread(), OomKind.ofMessage(finding.detail()),
                        finding.detail() != null ? finding.detail() : finding.line().strip(),
                        JVM_REPORT.matcher(finding.line()).lookingAt() ? OutOfMemory.FROM_JVM_REPORT : OutOfMemory.FROM_LOG))
                .toList();
    }

    private static String detail(Matcher matcher) {
        try {
            String detail = matcher.group("detail");
            return detail == null ? null : detail.strip();
        } catch (IllegalArgumentException noSuchGroup) {
            return null;
        }
    }

    /** The thread the line names, in the formats listed in the class comment; null if none. */
    static String threadOf(String line) {
        Matcher inThread = IN_THREAD.matcher(line);
        if (inThread.find()) {
            return inThread.group(1);
        }
        int boot = line.indexOf(BOOT_SEPARATOR);
        if (boot >= 0) {
            String last = null;
            int i = boot + BOOT_SEPARATOR.length();
            while (true) {
                while (i < line.length() && line.charAt(i) == ' ') {
                    i++;
                }
                if (i >= line.length() || line.charAt(i) != '[') {
                    break;
                }
                int close = line.indexOf(']', i);
                if (close < 0) {
                    break;
                }
                last = line.substring(i + 1, close).strip();
                i = close + 1;
            }
            if (last != null) {
                return last;
            }
        }
        Matcher logback = LOGBACK_THREAD.matcher(line);
        if (logback.find()) {
            return logback.group(1).strip();
        }
        Matcher jul = JUL_THREAD.matcher(line);
        if (jul.find()) {
            return jul.group(1).strip();
        }
        return null;
    }
}
