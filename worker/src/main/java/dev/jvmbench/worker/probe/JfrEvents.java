package dev.jvmbench.worker.probe;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;

/** The events of a recording that the analysis uses, each list in time order. */
record JfrEvents(
        Instant first,
        Instant last,
        List<Pause> pauses,
        List<Collection> collections,
        List<HeapSummary> heapSummaries,
        List<Pinned> pinnedEvents,
        List<Value> javaThreads,
        List<CpuLoad> cpuLoads,
        Integer hardwareThreads) {

    JfrEvents {
        pauses = sorted(pauses, Pause::start);
        collections = sorted(collections, Collection::start);
        heapSummaries = sorted(heapSummaries, HeapSummary::at);
        pinnedEvents = sorted(pinnedEvents, Pinned::start);
        javaThreads = sorted(javaThreads, Value::at);
        cpuLoads = sorted(cpuLoads, CpuLoad::at);
    }

    private static <T> List<T> sorted(List<T> events, Function<T, Instant> time) {
        List<T> copy = new ArrayList<>(events);
        copy.sort(Comparator.comparing(time));
        return List.copyOf(copy);
    }

    /** One stop-the-world pause ({@code jdk.GCPhasePause}). */
    record Pause(Instant start, Instant end) {
    }

    /** One collection ({@code jdk.GarbageCollection}) and the sum of its pauses. */
    record Collection(Instant start, Duration sumOfPauses) {
    }

    /** A sampled figure: live platform threads. */
    record Value(Instant at, long value) {
    }

    /** Heap used before or after a collection ({@code jdk.GCHeapSummary}). */
    record HeapSummary(Instant at, boolean afterGc, long usedBytes) {
    }

    /** One pinned virtual thread and the site it was pinned at (shared between events of one stack). */
    record Pinned(Instant start, Duration duration, Site site, String reason) {
    }

    /** Where a pinned thread blocked: its application frame and the frames around it. */
    record Site(String frame, List<String> context) {
    }

    /** {@code jdk.CPULoad}: fractions of the host's CPUs. */
    record CpuLoad(Instant at, double jvmUser, double jvmSystem, double machineTotal) {
    }

    /** The heap-used figures, for the window's mean (as before the per-second series existed). */
    private List<Value> heapUsed() {
        return heapSummaries.stream().map(summary -> new Value(summary.at(), summary.usedBytes())).toList();
    }

    /**
     * Pause time is the part of each pause that lies inside the window, so a step boundary that
     * cuts a pause splits it fairly. Only when the recording has no pause events (custom
     * settings without them) does each collection's {@code sumOfPauses} count, at its start. A
     * collection, a heap sample and a pinned event belong to the window when they started inside it.
     */
    JfrWindow window(Instant from, Instant to) {
        double seconds = Duration.between(from, to).toNanos() / 1e9;
        OptionalDouble heapMean = heapUsed().stream()
                .filter(sample -> inside(sample.at(), from, to))
                .mapToLong(Value::value)
                .average();
        var threadsPeak = javaThreads.stream()
                .filter(sample -> inside(sample.at(), from, to))
                .mapToLong(Value::value)
                .max();
        return new JfrWindow(from, to,
                pauseNanos(from, to) / 1e6 / seconds,
                heapMean.isPresent() ? heapMean.getAsDouble() / ContainerWindow.BYTES_PER_MB : null,
                pinnedEvents.stream().filter(pinned -> inside(pinned.start(), from, to)).count(),
                collections.stream().filter(gc -> inside(gc.start(), from, to)).count(),
                threadsPeak.isPresent() ? (int) threadsPeak.getAsLong() : null);
    }

    private long pauseNanos(Instant from, Instant to) {
        if (!pauses.isEmpty()) {
            return pauses.stream().mapToLong(pause -> overlapNanos(pause, from, to)).sum();
        }
        return collections.stream()
                .filter(gc -> inside(gc.start(), from, to))
                .mapToLong(gc -> gc.sumOfPauses().toNanos())
                .sum();
    }

    /** Pinned events that started in {@code [from, to]}, grouped by site, the longest total first. */
    List<PinnedSite> pinnedSites(Instant from, Instant to) {
        record Group(Site site, List<Pinned> events) {
        }
        Map<String, Group> groups = new LinkedHashMap<>();
        for (Pinned pinned : pinnedEvents) {
            if (inside(pinned.start(), from, to)) {
                groups.computeIfAbsent(pinned.site().frame(), frame -> new Group(pinned.site(), new ArrayList<>()))
                        .events().add(pinned);
            }
        }
        List<PinnedSite> sites = new ArrayList<>();
        for (Group group : groups.values()) {
            Duration total = Duration.ZERO;
            Duration longest = Duration.ZERO;
            Set<String> reasons = new LinkedHashSet<>();
            for (Pinned pinned : group.events()) {
                total = total.plus(pinned.duration());
                longest = pinned.duration().compareTo(longest) > 0 ? pinned.duration() : longest;
                if (pinned.reason() != null) {
                    reasons.add(pinned.reason());
                }
            }
            sites.add(new PinnedSite(group.site().frame(), group.events().size(), total, longest,
                    group.site().context(), List.copyOf(reasons)));
        }
        sites.sort(Comparator.comparing(PinnedSite::totalPinned).reversed().thenComparing(PinnedSite::frame));
        return sites;
    }

    /** One bucket per whole epoch second that {@code [from, to)} touches. */
    List<JvmSecond> seconds(Instant from, Instant to, Duration coverageSlack) {
        List<JvmSecond> seconds = new ArrayList<>();
        for (Instant second = ContainerSeconds.wholeSecondOf(from); second.isBefore(to); second = second.plusSeconds(1)) {
            seconds.add(second(second, coverageSlack));
        }
        return seconds;
    }

    private JvmSecond second(Instant second, Duration coverageSlack) {
        Instant next = second.plusSeconds(1);
        boolean covered = !second.isBefore(first.minus(coverageSlack)) && !next.isAfter(last.plus(coverageSlack));
        if (!covered) {
            return new JvmSecond(second, false, null, null, null, null, null, null, null, null, null);
        }
        List<HeapSummary> heap = inSecond(heapSummaries, HeapSummary::at, second, next);
        Double heapMax = heap.isEmpty() ? null
                : heap.stream().mapToLong(HeapSummary::usedBytes).max().orElseThrow() / ContainerWindow.BYTES_PER_MB;
        Double heapAfter = heap.stream().filter(HeapSummary::afterGc).reduce((a, b) -> b)
                .map(h -> h.usedBytes() / ContainerWindow.BYTES_PER_MB).orElse(null);
        List<Collection> gcs = inSecond(collections, Collection::start, second, next);
        // pauses are sorted by start; one that started up to a minute before may reach into the second
        long pause = pauses.isEmpty()
                ? gcs.stream().mapToLong(gc -> gc.sumOfPauses().toNanos()).sum()
                : inSecond(pauses, Pause::start, second.minusSeconds(60), next).stream()
                        .mapToLong(p -> overlapNanos(p, second, next)).sum();
        var threads = inSecond(javaThreads, Value::at, second, next).stream().mapToLong(Value::value).max();
        List<CpuLoad> loads = inSecond(cpuLoads, CpuLoad::at, second, next);
        CpuLoad load = loads.isEmpty() ? null : loads.getLast();
        int gcCount = gcs.size();
        return new JvmSecond(second, true, heapMax, heapAfter, gcCount, pause / 1e6,
                threads.isPresent() ? (int) threads.getAsLong() : null,
                load == null ? null : load.jvmUser(),
                load == null ? null : load.jvmSystem(),
                load == null ? null : load.machineTotal(),
                load == null || hardwareThreads == null ? null : (load.jvmUser() + load.jvmSystem()) * hardwareThreads);
    }

    /** The events of a time-sorted list in {@code [from, to)}, found by binary search. */
    private static <T> List<T> inSecond(List<T> sorted, Function<T, Instant> time, Instant from, Instant to) {
        return sorted.subList(firstAtOrAfter(sorted, time, from), firstAtOrAfter(sorted, time, to));
    }

    private static <T> int firstAtOrAfter(List<T> sorted, Function<T, Instant> time, Instant at) {
        int low = 0;
        int high = sorted.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (time.apply(sorted.get(middle)).isBefore(at)) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
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
