package dev.jvmbench.worker.probe;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * The container and its JVM over one time window (a load step).
 *
 * <p>Counters are taken at the window's edges, linearly interpolated between the samples either
 * side of an edge; where no sample lies beyond an edge, the nearest sample inside the window
 * stands for it and {@link #start}/{@link #end} say so. Gauges come from the samples inside.
 *
 * @param start             the window's start as measured (the requested start, or the first
 *                          sample inside when none came before it)
 * @param end               likewise for the end
 * @param samples           samples taken inside the requested window
 * @param cpuSeconds        container CPU time between {@code start} and {@code end}
 * @param cpuPercentOfLimit {@code cpuSeconds / (end - start) / cpus * 100}, where {@code cpus}
 *                          is the container's CPU limit (the host's CPUs when unlimited)
 * @param throttledPeriods  CFS periods in which the quota ran out
 * @param throttledMs       time the container spent throttled, as the kernel counts it: cgroup
 *                          v1 adds up the time per CPU, so with tasks on two CPUs it can exceed
 *                          the window
 * @param memoryMeanMb      mean of the samples' memory usage, in MB of 1,048,576 bytes
 * @param memoryPeakMb      highest memory usage: the highest sample, or the kernel's high-water
 *                          mark when that rose between the samples bracketing the window (a spike
 *                          between two samples is not missed; it may lie up to one interval
 *                          outside the window)
 * @param contextSwitches   voluntary + involuntary switches of the JVM's threads between {@code
 *                          start} and {@code end}, interpolated in their own series of readings
 *                          (spaced out for JVMs with many threads, see {@link ContainerSampler})
 * @param threadsPeak       most OS threads of the JVM process in one sample
 * @param openFdsPeak       most open file descriptors of the JVM process ({@code /proc/<pid>/fd})
 *                          in one reading inside the window (read about once a second; when
 *                          none fell inside, the first up to {@link #LATE_FD_READING} after its
 *                          end); null when there is none or descriptors cannot be read
 * @param tcpEstablishedPeak most ESTABLISHED TCP sockets of the JVM in one reading inside
 * @param tcpCloseWaitAtEnd CLOSE_WAIT TCP sockets of the JVM at the last reading inside the window
 * @param tcpCloseWaitGrowth {@code tcpCloseWaitAtEnd} minus CLOSE_WAIT when the window began:
 *                          at the last reading before its start (about a second before), or the
 *                          first inside when there is none; null when that is the end's reading
 *                          too. Steady growth under load is the signature of sockets the app
 *                          never closes
 * @param nofileSoftLimit   the process's soft {@code nofile} limit at the last reading inside
 *                          ({@code /proc/<pid>/limits}); -1 for unlimited
 */
public record ContainerWindow(
        Instant start,
        Instant end,
        int samples,
        double cpuSeconds,
        double cpuPercentOfLimit,
        long throttledPeriods,
        double throttledMs,
        double memoryMeanMb,
        double memoryPeakMb,
        long contextSwitches,
        int threadsPeak,
        Integer openFdsPeak,
        Integer tcpEstablishedPeak,
        Integer tcpCloseWaitAtEnd,
        Integer tcpCloseWaitGrowth,
        Long nofileSoftLimit) {

    static final double BYTES_PER_MB = 1024 * 1024;
    /**
     * How late a descriptor reading may come after a window that holds none and still stand for its
     * end: the window is asked for when the generator's result is in, a second or two after it ended,
     * and the sampler then reads at once ({@link ContainerSampler#window}).
     */
    static final Duration LATE_FD_READING = Duration.ofSeconds(5);

    /** A window without descriptor and socket figures (a probe that does not read them). */
    public ContainerWindow(Instant start, Instant end, int samples, double cpuSeconds, double cpuPercentOfLimit,
                           long throttledPeriods, double throttledMs, double memoryMeanMb, double memoryPeakMb,
                           long contextSwitches, int threadsPeak) {
        this(start, end, samples, cpuSeconds, cpuPercentOfLimit, throttledPeriods, throttledMs, memoryMeanMb,
                memoryPeakMb, contextSwitches, threadsPeak, null, null, null, null, null);
    }

    /** {@link #of(List, List, List, Instant, Instant, double)} without descriptor readings. */
    static ContainerWindow of(List<Sample> all, List<SwitchCount> switches, Instant from, Instant to, double cpus) {
        return of(all, switches, List.of(), from, to, cpus);
    }

    /** @param all samples in time order; {@code switches} and {@code fds} likewise */
    static ContainerWindow of(List<Sample> all, List<SwitchCount> switches, List<FdReading> fds, Instant from,
                              Instant to, double cpus) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (!to.isAfter(from)) {
            throw new IllegalArgumentException("window end " + to + " must be after its start " + from);
        }
        int first = firstIndexAtOrAfter(all, from);
        int last = firstIndexAtOrAfter(all, to.plusNanos(1)) - 1;
        int inside = last - first + 1;
        if (inside < 2) {
            throw new IllegalStateException("window [" + from + ", " + to + "] holds " + Math.max(inside, 0)
                    + " container samples, at least 2 are needed; samples cover "
                    + (all.isEmpty() ? "nothing" : "[" + all.getFirst().at() + ", " + all.getLast().at() + "]"));
        }
        Edge start = first > 0 ? new Edge(all.get(first - 1), all.get(first), from) : Edge.at(all.get(first));
        Edge end = last + 1 < all.size() ? new Edge(all.get(last), all.get(last + 1), to) : Edge.at(all.get(last));
        double seconds = Duration.between(start.at(), end.at()).toNanos() / 1e9;

        List<Sample> window = all.subList(first, last + 1);
        double cpuSeconds = (end.value(Sample::cpuNanos) - start.value(Sample::cpuNanos)) / 1e9;
        long sampledPeak = window.stream().mapToLong(Sample::memoryBytes).max().orElseThrow();
        // the high-water mark only tells something when it rose across the window
        long markBefore = start.sampleAtOrBefore().memoryPeakBytes();
        long markAfter = end.sampleAtOrAfter().memoryPeakBytes();
        long peakBytes = markAfter > markBefore ? Math.max(sampledPeak, markAfter) : sampledPeak;
        List<FdReading> fdsInside = fds.stream().filter(reading -> !reading.at().isBefore(from) && !reading.at().isAfter(to))
                .toList();
        if (fdsInside.isEmpty()) {
            // Readings are spaced by their cost: thousands of leaked sockets can space them past a short
            // window. The reading the window's request caught up with, just after its end, stands for it.
            fdsInside = fds.stream().filter(reading -> reading.at().isAfter(to)
                    && !reading.at().isAfter(to.plus(LATE_FD_READING))).limit(1).toList();
        }
        FdReading lastFds = fdsInside.isEmpty() ? null : fdsInside.getLast();
        // the state when the window began: the last reading before it, else the first inside
        FdReading startFds = fds.stream().filter(reading -> reading.at().isBefore(from)).reduce((a, b) -> b)
                .orElse(fdsInside.isEmpty() ? null : fdsInside.getFirst());

        return new ContainerWindow(
                start.at(),
                end.at(),
                inside,
                cpuSeconds,
                cpuSeconds / seconds / cpus * 100,
                Math.round(end.value(Sample::throttledPeriods) - start.value(Sample::throttledPeriods)),
                (end.value(Sample::throttledNanos) - start.value(Sample::throttledNanos)) / 1e6,
                window.stream().mapToLong(Sample::memoryBytes).average().orElseThrow() / BYTES_PER_MB,
                peakBytes / BYTES_PER_MB,
                Math.round(switchesAt(switches, end.at()) - switchesAt(switches, start.at())),
                window.stream().mapToInt(Sample::threads).max().orElseThrow(),
                lastFds == null ? null : fdsInside.stream().mapToInt(FdReading::openFds).max().orElseThrow(),
                lastFds == null ? null : fdsInside.stream().mapToInt(r -> r.tcpIn(TcpState.ESTABLISHED)).max().orElseThrow(),
                lastFds == null ? null : lastFds.tcpIn(TcpState.CLOSE_WAIT),
                lastFds == null || startFds == lastFds ? null
                        : lastFds.tcpIn(TcpState.CLOSE_WAIT) - startFds.tcpIn(TcpState.CLOSE_WAIT),
                lastFds == null ? null : lastFds.nofileSoftLimit());
    }

    /** Interpolated between the readings either side of {@code at}; the nearest one beyond the ends. */
    private static double switchesAt(List<SwitchCount> switches, Instant at) {
        if (switches.isEmpty()) {
            throw new IllegalStateException("no context-switch reading");
        }
        int after = 0;
        while (after < switches.size() && switches.get(after).at().isBefore(at)) {
            after++;
        }
        if (after == 0) {
            return switches.getFirst().contextSwitches();
        }
        if (after == switches.size()) {
            return switches.getLast().contextSwitches();
        }
        SwitchCount a = switches.get(after - 1);
        SwitchCount b = switches.get(after);
        double fraction = Duration.between(a.at(), at).toNanos() / (double) Duration.between(a.at(), b.at()).toNanos();
        return a.contextSwitches() + (b.contextSwitches() - a.contextSwitches()) * fraction;
    }

    static int firstIndexAtOrAfter(List<Sample> samples, Instant at) {
        int low = 0;
        int high = samples.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (samples.get(middle).at().isBefore(at)) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /** A window edge at {@code at}, between two samples (the same one twice when not bracketed). */
    private record Edge(Sample before, Sample after, Instant at) {

        static Edge at(Sample sample) {
            return new Edge(sample, sample, sample.at());
        }

        Sample sampleAtOrBefore() {
            return at.equals(after.at()) ? after : before;
        }

        Sample sampleAtOrAfter() {
            return at.equals(before.at()) ? before : after;
        }

        double value(ToLongFunction<Sample> counter) {
            long span = Duration.between(before.at(), after.at()).toNanos();
            if (span == 0) {
                return counter.applyAsLong(before);
            }
            double fraction = Duration.between(before.at(), at).toNanos() / (double) span;
            long a = counter.applyAsLong(before);
            return a + (counter.applyAsLong(after) - a) * fraction;
        }
    }
}
