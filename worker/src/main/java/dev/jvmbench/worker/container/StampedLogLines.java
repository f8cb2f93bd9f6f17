package dev.jvmbench.worker.container;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lines of a log read with time stamps (Docker's {@code timestamps=true}, the pod log API's
 * {@code timestamps=true}): the engine puts its RFC 3339 time stamp and a space before every
 * line. Bytes are kept per stream until a line ends, so a line split over two reads stays whole.
 * A line longer than 16 KB is logged by the engine in parts of 16 KB (Docker's log copier,
 * containerd's {@code max_container_log_line_size}), and each part may get its own stamp, in the
 * middle of the line: those are taken out. Both engines' adapters feed it; it knows neither.
 *
 * <p>An app may log a line per request for ten minutes: hundreds of megabytes the worker would
 * hold, scan and store. So it keeps the head and the tail of a log (by default the first 2 MB of
 * text and the last 8 MB: the start-up with its configuration and the levels measured last) and
 * puts one line in place of the rest that says how much was left out ({@link LogLine#leftOut}); a
 * single line is cut after 1 MB.
 */
final class StampedLogLines {
    /** The engines' largest log message (moby's {@code logger.Copier} buffer, containerd's default line size). */
    static final int PART_BYTES = 16 * 1024;
    static final long HEAD_CHARS = 2L * 1024 * 1024;
    static final long TAIL_CHARS = 8L * 1024 * 1024;
    static final int LINE_BYTES = 1024 * 1024;

    private final long headBudget;
    private final long tailBudget;
    private final int lineBudget;
    private final Map<Object, Pending> pending = new LinkedHashMap<>();
    private final List<LogLine> head = new ArrayList<>();
    private final ArrayDeque<LogLine> tail = new ArrayDeque<>();
    private long headChars;
    private long tailChars;
    private long leftOutLines;
    private long leftOutChars;
    private Instant lastAt = Instant.EPOCH;

    /** A line being read: its bytes up to the line budget, and how many more it had. */
    private static final class Pending {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long cut;
    }

    StampedLogLines() {
        this(HEAD_CHARS, TAIL_CHARS, LINE_BYTES);
    }

    /** Budgets in characters of text kept (a line counts its length and its line break) and bytes per line. */
    StampedLogLines(long headBudget, long tailBudget, int lineBudget) {
        this.headBudget = headBudget;
        this.tailBudget = tailBudget;
        this.lineBudget = lineBudget;
    }

    /** @param stream which of the container's streams the bytes are from (any key; one buffer each) */
    synchronized void accept(Object stream, byte[] payload, int offset, int length) {
        Pending line = pending.computeIfAbsent(stream, t -> new Pending());
        for (int i = offset; i < offset + length; i++) {
            byte b = payload[i];
            if (b == '\n') {
                end(line);
            } else if (line.bytes.size() < lineBudget) {
                line.bytes.write(b);
            } else {
                line.cut++;
            }
        }
    }

    private void end(Pending line) {
        add(line.bytes.toByteArray(), line.cut);
        line.bytes.reset();
        line.cut = 0;
    }

    void accept(Object stream, byte[] payload) {
        accept(stream, payload, 0, payload.length);
    }

    private void add(byte[] raw, long cut) {
        int length = cut == 0 && raw.length > 0 && raw[raw.length - 1] == '\r' ? raw.length - 1 : raw.length;
        String cutNote = cut == 0 ? "" : " [jvmbench: line cut, " + cut + " more bytes]";
        int stamp = stampLength(raw, 0, length);
        if (stamp < 0) {
            // not stamped (cannot happen with timestamps=true): keep it at the time of the line before
            keep(new LogLine(lastAt, new String(raw, 0, length, StandardCharsets.UTF_8) + cutNote));
            return;
        }
        lastAt = Instant.parse(new String(raw, 0, stamp, StandardCharsets.US_ASCII));
        ByteArrayOutputStream text = new ByteArrayOutputStream(length);
        int at = Math.min(stamp + 1, length);
        while (length - at > PART_BYTES) {
            int next = stampLength(raw, at + PART_BYTES, length);
            if (next < 0) {
                break;
            }
            text.write(raw, at, PART_BYTES);
            at = Math.min(at + PART_BYTES + next + 1, length);
        }
        text.write(raw, at, length - at);
        keep(new LogLine(lastAt, text.toString(StandardCharsets.UTF_8) + cutNote));
    }

    /** Into the head while it has room and nothing came after it; else into the tail, whose oldest lines make room. */
    private void keep(LogLine line) {
        long size = line.text().length() + 1L;
        if (tail.isEmpty() && headChars + size <= headBudget) {
            head.add(line);
            headChars += size;
            return;
        }
        tail.addLast(line);
        tailChars += size;
        while (tailChars > tailBudget && tail.size() > 1) {
            LogLine out = tail.removeFirst();
            tailChars -= out.text().length() + 1L;
            leftOutLines++;
            leftOutChars += out.text().length() + 1L;
        }
    }

    /**
     * The length of an RFC 3339 UTC stamp ({@code 2026-11-24T05:40:00.123456789Z}, the fraction
     * of any length or none, as Go's {@code RFC3339Nano} writes it) followed by a space at {@code
     * from}, or -1.
     */
    static int stampLength(byte[] b, int from, int end) {
        String shape = "dddd-dd-ddTdd:dd:dd";
        if (end - from < shape.length() + 2) {
            return -1;
        }
        for (int i = 0; i < shape.length(); i++) {
            byte c = b[from + i];
            boolean ok = shape.charAt(i) == 'd' ? c >= '0' && c <= '9' : c == shape.charAt(i);
            if (!ok) {
                return -1;
            }
        }
        int i = from + shape.length();
        if (b[i] == '.') {
            i++;
            while (i < end && b[i] >= '0' && b[i] <= '9') {
                i++;
            }
        }
        return i + 1 < end && b[i] == 'Z' && b[i + 1] == ' ' ? i + 1 - from : -1;
    }

    /**
     * The lines kept so far, the last one even without its line break, in the order of their
     * stamps; where lines were left out, one line that says how many.
     */
    synchronized List<LogLine> lines() {
        pending.values().stream().filter(line -> line.bytes.size() > 0 || line.cut > 0).forEach(this::end);
        pending.clear();
        List<LogLine> kept = new ArrayList<>(inStampOrder(head));
        List<LogLine> last = inStampOrder(tail);
        if (leftOutLines > 0) {
            kept.add(LogLine.leftOut(last.getFirst().at(), leftOutLines, leftOutChars, headBudget, tailBudget));
        }
        kept.addAll(last);
        return List.copyOf(kept);
    }

    private static List<LogLine> inStampOrder(Collection<LogLine> lines) {
        List<LogLine> sorted = new ArrayList<>(lines);
        // the engine sends the streams' entries in the order it logged them; keep that order for equal stamps
        sorted.sort(Comparator.comparing(LogLine::at));
        return sorted;
    }
}
