package dev.jvmbench.targetapp.scenario;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Upstream failures as WARN lines a person or the platform can read in the container log, at
 * most one line per scenario and cause per second however many requests fail:
 * <pre>io-http upstream failed: Pending acquire queue has reached its maximum size of 8 (12 failures in the last second)</pre>
 * The cause is the innermost exception's message (its simple class name when it has none), on
 * one line and at most {@value #MAX_CAUSE_CHARS} characters; a 5xx answer never carries it, the
 * log may. Failures are counted per one-second window and the window's lines are written when
 * it closes, by one platform thread started with the app ({@code bench-failure-log}), so the
 * last failures of a burst are never lost and no request pays for the logging. More than
 * {@value #MAX_CAUSES} distinct causes count as {@value #OTHER_CAUSES}.
 */
public final class FailureLog implements AutoCloseable {

    static final int MAX_CAUSES = 20;
    static final int MAX_CAUSE_CHARS = 300;
    static final String OTHER_CAUSES = "(other causes)";

    private record Cause(String scenario, String message) {
    }

    private final Consumer<String> sink;
    private final ConcurrentHashMap<Cause, AtomicLong> window = new ConcurrentHashMap<>();
    private final ScheduledExecutorService flusher;

    public FailureLog() {
        this(LoggerFactory.getLogger(FailureLog.class));
    }

    private FailureLog(Logger log) {
        this.sink = log::warn;
        this.flusher = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name("bench-failure-log").daemon().factory());
        flusher.scheduleAtFixedRate(this::flush, 1, 1, TimeUnit.SECONDS);
    }

    /** For tests: lines go to {@code sink}, and only {@link #flush()} writes them. */
    FailureLog(Consumer<String> sink) {
        this.sink = sink;
        this.flusher = null;
    }

    /** Counts one failure of {@code scenario} caused by {@code failure} (its innermost cause is named). */
    public void record(String scenario, Throwable failure) {
        record(scenario, describe(failure));
    }

    /** Counts one failure of {@code scenario} with a cause already put in words. */
    public void record(String scenario, String cause) {
        Cause key = new Cause(scenario, oneLine(cause));
        if (!window.containsKey(key) && window.size() >= MAX_CAUSES) {
            key = new Cause(scenario, OTHER_CAUSES);
        }
        window.compute(key, (k, count) -> {
            AtomicLong c = count == null ? new AtomicLong() : count;
            c.incrementAndGet();
            return c;
        });
    }

    /** Writes one line per cause that failed since the last flush, and forgets causes that did not. */
    void flush() {
        List<String> lines = new ArrayList<>();
        for (Cause cause : window.keySet()) {
            window.computeIfPresent(cause, (k, count) -> {
                long n = count.getAndSet(0);
                if (n == 0) {
                    return null;
                }
                lines.add(k.scenario() + " upstream failed: " + k.message() + " (" + n
                        + (n == 1 ? " failure" : " failures") + " in the last second)");
                return count;
            });
        }
        lines.forEach(sink);
    }

    /** The innermost cause's message on one line, or its simple class name when it has none. */
    static String describe(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = oneLine(root.getMessage());
        return message.isEmpty() ? root.getClass().getSimpleName() : message;
    }

    /** No line breaks (one log line per cause), at most {@value #MAX_CAUSE_CHARS} characters. */
    private static String oneLine(String text) {
        String line = text == null ? "" : text.replaceAll("\\s+", " ").strip();
        return line.length() <= MAX_CAUSE_CHARS ? line : line.substring(0, MAX_CAUSE_CHARS) + "...";
    }

    @Override
    public void close() {
        if (flusher != null) {
            flusher.shutdownNow();
        }
        flush();
    }
}
