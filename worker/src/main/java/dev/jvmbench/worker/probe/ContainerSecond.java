package dev.jvmbench.worker.probe;

import java.time.Instant;
import java.util.Map;

/**
 * The container and its JVM over one whole second {@code [second, second + 1 s)}, aligned to the
 * epoch second like the load generator's per-second series, so the two join on {@code second}.
 * A bucket always describes its whole second, never the part of it a window asked for.
 *
 * <p>Counters (CPU, throttling) are taken at the second's edges, interpolated between the
 * samples either side as in {@link ContainerWindow}; where the samples do not reach an edge (the
 * sampler's first and last second, or a second not over yet when asked), the nearest sample
 * inside stands for it and {@link #measuredFrom}/{@link #measuredTo} say what was measured.
 * Null means "not measured in this second", never zero.
 *
 * @param second            the bucket's start, a whole epoch second
 * @param measuredFrom      where the counters start (the second itself when bracketed); null
 *                          when the counters are null
 * @param measuredTo        where they end ({@code second + 1 s} when bracketed)
 * @param samples           cgroup samples taken inside the second (4 at the default interval)
 * @param cpuCores          container CPU-seconds over the measured part / its length: cores in use
 * @param cpuPercentOfLimit {@code cpuCores / cpus * 100} (cpus = the container's limit)
 * @param throttledPeriods  CFS periods throttled in the measured part
 * @param throttledMs       time throttled in the measured part, as the kernel counts it (v1
 *                          adds up per CPU)
 * @param memoryMeanMb      mean of the samples' memory usage in the second; null without a sample
 * @param memoryMaxMb       highest sample, or the kernel's high-water mark when that rose
 *                          between the samples bracketing the second (a spike between two
 *                          samples is not missed; it may lie up to one interval outside)
 * @param threadsMax        most OS threads of the JVM process in one sample of the second
 * @param openFdsMax        most open file descriptors of the JVM process in one reading of the
 *                          second (read about once a second); null when none fell in it
 * @param socketFds         descriptors that are sockets, any family, at the second's last reading
 * @param tcpStates         the JVM's own TCP sockets by state at the second's last reading
 *                          (absent states: none); null when no reading fell in the second
 * @param jitCpuMs          CPU time of the JVM's JIT compiler threads in the second, ms (so at
 *                          most 1,000 per compiler thread): from the walks of its threads,
 *                          interpolated at the second's edges like the context switches in
 *                          {@link ContainerWindow}, over the part of the second the walks cover
 *                          and scaled to the whole second; null when the walks do not cover at
 *                          least half of it or found no compiler thread
 */
public record ContainerSecond(
        Instant second,
        Instant measuredFrom,
        Instant measuredTo,
        int samples,
        Double cpuCores,
        Double cpuPercentOfLimit,
        Long throttledPeriods,
        Double throttledMs,
        Double memoryMeanMb,
        Double memoryMaxMb,
        Integer threadsMax,
        Integer openFdsMax,
        Integer socketFds,
        Map<TcpState, Integer> tcpStates,
        Double jitCpuMs) {

    public ContainerSecond {
        tcpStates = tcpStates == null ? null : Map.copyOf(tcpStates);
    }

    /** A second without the compiler threads' figure (a probe that does not walk the threads). */
    public ContainerSecond(Instant second, Instant measuredFrom, Instant measuredTo, int samples, Double cpuCores,
                           Double cpuPercentOfLimit, Long throttledPeriods, Double throttledMs, Double memoryMeanMb,
                           Double memoryMaxMb, Integer threadsMax, Integer openFdsMax, Integer socketFds,
                           Map<TcpState, Integer> tcpStates) {
        this(second, measuredFrom, measuredTo, samples, cpuCores, cpuPercentOfLimit, throttledPeriods, throttledMs,
                memoryMeanMb, memoryMaxMb, threadsMax, openFdsMax, socketFds, tcpStates, null);
    }

    /** ESTABLISHED sockets of the JVM at the second's last reading; null when not read. */
    public Integer tcpEstablished() {
        return tcpStates == null ? null : tcpStates.getOrDefault(TcpState.ESTABLISHED, 0);
    }

    /** CLOSE_WAIT sockets of the JVM at the second's last reading; null when not read. */
    public Integer tcpCloseWait() {
        return tcpStates == null ? null : tcpStates.getOrDefault(TcpState.CLOSE_WAIT, 0);
    }
}
