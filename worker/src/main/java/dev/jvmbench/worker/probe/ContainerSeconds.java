package dev.jvmbench.worker.probe;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/** Cuts the sampler's series into {@link ContainerSecond}s. */
final class ContainerSeconds {

    private static final Duration ONE_SECOND = Duration.ofSeconds(1);

    private ContainerSeconds() {
    }

    /** {@link #of(List, List, List, Instant, Instant, double)} without thread walks (no JIT figure). */
    static List<ContainerSecond> of(List<Sample> samples, List<FdReading> fds, Instant from, Instant to, double cpus) {
        return of(samples, List.of(), fds, from, to, cpus);
    }

    /**
     * One bucket per whole epoch second that {@code [from, to)} touches, in order, each over its
     * whole second; seconds nothing was measured in are there too, with nulls.
     *
     * @param samples samples in time order; {@code walks} and {@code fds} likewise
     */
    static List<ContainerSecond> of(List<Sample> samples, List<SwitchCount> walks, List<FdReading> fds, Instant from,
                                    Instant to, double cpus) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (!to.isAfter(from)) {
            throw new IllegalArgumentException("window end " + to + " must be after its start " + from);
        }
        List<ContainerSecond> seconds = new ArrayList<>();
        for (Instant second = wholeSecondOf(from); second.isBefore(to); second = second.plus(ONE_SECOND)) {
            seconds.add(bucket(samples, fds, second, cpus, jitCpuMs(walks, second)));
        }
        return seconds;
    }

    /** The epoch second {@code at} lies in (floor, also before 1970). */
    static Instant wholeSecondOf(Instant at) {
        return at.truncatedTo(ChronoUnit.SECONDS);
    }

    private static ContainerSecond bucket(List<Sample> samples, List<FdReading> fds, Instant second, double cpus,
                                          Double jitCpuMs) {
        Instant next = second.plus(ONE_SECOND);
        int first = ContainerWindow.firstIndexAtOrAfter(samples, second);
        int end = ContainerWindow.firstIndexAtOrAfter(samples, next);
        List<Sample> inside = samples.subList(first, end);

        // counters: interpolated at an edge the samples bracket, else the nearest sample inside
        Instant measuredFrom = bracketed(samples, second) ? second : inside.isEmpty() ? null : inside.getFirst().at();
        Instant measuredTo = bracketed(samples, next) ? next : inside.isEmpty() ? null : inside.getLast().at();
        Double cpuCores = null;
        Double cpuPercent = null;
        Long throttledPeriods = null;
        Double throttledMs = null;
        if (measuredFrom != null && measuredTo != null && measuredTo.isAfter(measuredFrom)) {
            double seconds = Duration.between(measuredFrom, measuredTo).toNanos() / 1e9;
            cpuCores = delta(samples, measuredFrom, measuredTo, Sample::cpuNanos) / 1e9 / seconds;
            cpuPercent = cpuCores / cpus * 100;
            throttledPeriods = Math.round(delta(samples, measuredFrom, measuredTo, Sample::throttledPeriods));
            throttledMs = delta(samples, measuredFrom, measuredTo, Sample::throttledNanos) / 1e6;
        } else {
            measuredFrom = null;
            measuredTo = null;
        }

        Double memoryMean = null;
        Double memoryMax = null;
        Integer threadsMax = null;
        if (!inside.isEmpty()) {
            memoryMean = inside.stream().mapToLong(Sample::memoryBytes).average().orElseThrow() / ContainerWindow.BYTES_PER_MB;
            long sampledMax = inside.stream().mapToLong(Sample::memoryBytes).max().orElseThrow();
            // the high-water mark only tells something when it rose across the second
            long markBefore = (first > 0 ? samples.get(first - 1) : inside.getFirst()).memoryPeakBytes();
            long markAfter = (end < samples.size() ? samples.get(end) : inside.getLast()).memoryPeakBytes();
            memoryMax = (markAfter > markBefore ? Math.max(sampledMax, markAfter) : sampledMax) / ContainerWindow.BYTES_PER_MB;
            threadsMax = inside.stream().mapToInt(Sample::threads).max().orElseThrow();
        }

        List<FdReading> readings = fds.stream()
                .filter(reading -> !reading.at().isBefore(second) && reading.at().isBefore(next))
                .toList();
        FdReading last = readings.isEmpty() ? null : readings.getLast();
        return new ContainerSecond(second, measuredFrom, measuredTo, inside.size(), cpuCores, cpuPercent,
                throttledPeriods, throttledMs, memoryMean, memoryMax, threadsMax,
                last == null ? null : readings.stream().mapToInt(FdReading::openFds).max().orElseThrow(),
                last == null ? null : last.socketFds(),
                last == null ? null : last.tcp(), jitCpuMs);
    }

    /**
     * The compiler threads' CPU in {@code [second, second + 1 s)}: the increase of their running
     * sum between the second's edges, interpolated between the walks either side. Where the walks
     * do not reach an edge (the sampler's first and last second), the part they cover stands for
     * the whole second if it is at least half of it; a walk without the figure (no compiler
     * thread found) leaves the second unknown.
     */
    static Double jitCpuMs(List<SwitchCount> walks, Instant second) {
        if (walks.size() < 2) {
            return null;
        }
        Instant next = second.plus(ONE_SECOND);
        Instant from = walks.getFirst().at().isAfter(second) ? walks.getFirst().at() : second;
        Instant to = walks.getLast().at().isBefore(next) ? walks.getLast().at() : next;
        long covered = Duration.between(from, to).toNanos();
        if (covered < ONE_SECOND.toNanos() / 2) {
            return null;
        }
        Double a = jitAt(walks, from);
        Double b = jitAt(walks, to);
        return a == null || b == null ? null : (b - a) * ONE_SECOND.toNanos() / covered;
    }

    /** The running sum at {@code at}, inside the walks' span; null when a walk it rests on has none. */
    private static Double jitAt(List<SwitchCount> walks, Instant at) {
        int after = 0;
        while (after < walks.size() && walks.get(after).at().isBefore(at)) {
            after++;
        }
        SwitchCount b = walks.get(after);
        if (b.at().equals(at)) {
            return b.jitCpuMs() == null ? null : b.jitCpuMs().doubleValue();
        }
        SwitchCount a = walks.get(after - 1);
        if (a.jitCpuMs() == null || b.jitCpuMs() == null) {
            return null;
        }
        double fraction = Duration.between(a.at(), at).toNanos() / (double) Duration.between(a.at(), b.at()).toNanos();
        return a.jitCpuMs() + (b.jitCpuMs() - a.jitCpuMs()) * fraction;
    }

    /** Whether a sample lies at {@code at} or samples lie on both sides of it. */
    private static boolean bracketed(List<Sample> samples, Instant at) {
        int after = ContainerWindow.firstIndexAtOrAfter(samples, at);
        return after < samples.size() && (after > 0 || samples.get(after).at().equals(at));
    }

    /** The counter's increase from {@code a} to {@code b}, both inside the series' span. */
    private static double delta(List<Sample> samples, Instant a, Instant b, ToLongFunction<Sample> counter) {
        return valueAt(samples, b, counter) - valueAt(samples, a, counter);
    }

    private static double valueAt(List<Sample> samples, Instant at, ToLongFunction<Sample> counter) {
        int after = ContainerWindow.firstIndexAtOrAfter(samples, at);
        Sample b = samples.get(after);
        if (b.at().equals(at)) {
            return counter.applyAsLong(b);
        }
        Sample a = samples.get(after - 1);
        double fraction = Duration.between(a.at(), at).toNanos() / (double) Duration.between(a.at(), b.at()).toNanos();
        long base = counter.applyAsLong(a);
        return base + (counter.applyAsLong(b) - base) * fraction;
    }
}
