package dev.jvmbench.worker.probe;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;

/** The events of a recording that make up a {@link JfrWindow}, each list in recording order. */
record JfrEvents(
        Instant first,
        Instant last,
        List<Pause> pauses,
        List<Collection> collections,
        List<Value> heapUsed,
        List<Instant> pinned,
        List<Value> javaThreads) {

    JfrEvents {
        pauses = List.copyOf(pauses);
        collections = List.copyOf(collections);
        heapUsed = List.copyOf(heapUsed);
        pinned = List.copyOf(pinned);
        javaThreads = List.copyOf(javaThreads);
    }

    /** One stop-the-world pause ({@code jdk.GCPhasePause}). */
    record Pause(Instant start, Instant end) {
    }

    /** One collection ({@code jdk.GarbageCollection}) and the sum of its pauses. */
    record Collection(Instant start, Duration sumOfPauses) {
    }

    /** A sampled figure: heap used in bytes, or live platform threads. */
    record Value(Instant at, long value) {
    }

    /**
     * Pause time is the part of each pause that lies inside the window, so a step boundary that
     * cuts a pause splits it fairly. Only when the recording has no pause events (custom
     * settings without them) does each collection's {@code sumOfPauses} count, at its start. A
     * collection, a heap sample and a pinned event belong to the window when they started inside it.
     */
    JfrWindow window(Instant from, Instant to) {
        double seconds = Duration.between(from, to).toNanos() / 1e9;
        long pauseNanos;
        if (!pauses.isEmpty()) {
            pauseNanos = pauses.stream().mapToLong(pause -> overlapNanos(pause, from, to)).sum();
        } else {
            pauseNanos = collections.stream()
                    .filter(gc -> inside(gc.start(), from, to))
                    .mapToLong(gc -> gc.sumOfPauses().toNanos())
                    .sum();
        }
        OptionalDouble heapMean = heapUsed.stream()
                .filter(sample -> inside(sample.at(), from, to))
                .mapToLong(Value::value)
                .average();
        var threadsPeak = javaThreads.stream()
                .filter(sample -> inside(sample.at(), from, to))
                .mapToLong(Value::value)
                .max();
        return new JfrWindow(from, to,
                pauseNanos / 1e6 / seconds,
                heapMean.isPresent() ? heapMean.getAsDouble() / ContainerWindow.BYTES_PER_MB : null,
                pinned.stream().filter(at -> inside(at, from, to)).count(),
                collections.stream().filter(gc -> inside(gc.start(), from, to)).count(),
                threadsPeak.isPresent() ? (int) threadsPeak.getAsLong() : null);
    }

    private static boolean inside(Instant at, Instant from, Instant to) {
        return !at.isBefore(from) && !at.isAfter(to);
    }

    private static long overlapNanos(Pause pause, Instant from, Instant to) {
        Instant start = pause.start().isBefore(from) ? from : pause.start();
        Instant end = pause.end().isAfter(to) ? to : pause.end();
        return end.isAfter(start) ? Duration.between(start, end).toNanos() : 0;
    }
}
