package dev.jvmbench.worker.container;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
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
 */
final class StampedLogLines {
    /** The engines' largest log message (moby's {@code logger.Copier} buffer, containerd's default line size). */
    static final int PART_BYTES = 16 * 1024;

    private final Map<Object, ByteArrayOutputStream> pending = new LinkedHashMap<>();
    private final List<LogLine> lines = new ArrayList<>();
    private Instant lastAt = Instant.EPOCH;

    /** @param stream which of the container's streams the bytes are from (any key; one buffer each) */
    synchronized void accept(Object stream, byte[] payload, int offset, int length) {
        ByteArrayOutputStream buffer = pending.computeIfAbsent(stream, t -> new ByteArrayOutputStream());
        for (int i = offset; i < offset + length; i++) {
            byte b = payload[i];
            if (b == '\n') {
                add(buffer.toByteArray());
                buffer.reset();
            } else {
                buffer.write(b);
            }
        }
    }

    void accept(Object stream, byte[] payload) {
        accept(stream, payload, 0, payload.length);
    }

    private void add(byte[] raw) {
        int length = raw.length > 0 && raw[raw.length - 1] == '\r' ? raw.length - 1 : raw.length;
        int stamp = stampLength(raw, 0, length);
        if (stamp < 0) {
            // not stamped (cannot happen with timestamps=true): keep it at the time of the line before
            lines.add(new LogLine(lastAt, new String(raw, 0, length, StandardCharsets.UTF_8)));
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
        lines.add(new LogLine(lastAt, text.toString(StandardCharsets.UTF_8)));
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

    /** Every line so far, the last one even without its line break, in the order of their stamps. */
    synchronized List<LogLine> lines() {
        pending.values().stream().filter(buffer -> buffer.size() > 0).forEach(buffer -> add(buffer.toByteArray()));
        pending.clear();
        List<LogLine> sorted = new ArrayList<>(lines);
        // the engine sends the streams' entries in the order it logged them; keep that order for equal stamps
        sorted.sort(Comparator.comparing(LogLine::at));
        return List.copyOf(sorted);
    }
}
