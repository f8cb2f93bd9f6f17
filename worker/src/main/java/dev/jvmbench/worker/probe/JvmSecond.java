package dev.jvmbench.worker.probe;

import java.time.Instant;

/**
 * The app's JVM over one whole epoch second {@code [second, second + 1 s)}, from its JFR
 * recording: the same seconds as {@link ContainerSecond} and the load generator's series. Null
 * means "no such event in this second" (or the recording does not cover it: {@link #covered}).
 *
 * @param second          the bucket's start, a whole epoch second
 * @param covered         whether the recording spans the second (events before and after it);
 *                        in a second it does not cover, every figure is null
 * @param heapUsedMaxMb   highest {@code heapUsed} of the {@code jdk.GCHeapSummary} events in the
 *                        second (one before and one after each collection), MB of 1,048,576
 *                        bytes; null without a collection in the second
 * @param heapAfterGcMb   {@code heapUsed} after the second's last collection: the live set as
 *                        that collection left it; close to the maximum heap, the heap is
 *                        running out
 * @param gcCount         collections ({@code jdk.GarbageCollection}) that started in the second
 * @param gcPauseMs       stop-the-world pause time inside the second ({@code jdk.GCPhasePause},
 *                        a pause crossing the boundary split between its seconds; the
 *                        collections' {@code sumOfPauses} when the recording has no pause events)
 * @param javaThreadsMax  most live platform threads the JVM counted ({@code
 *                        jdk.JavaThreadStatistics.activeCount}, once a second; virtual threads
 *                        are not in it)
 * @param jvmCpuUser      {@code jdk.CPULoad.jvmUser} (once a second): the JVM's user CPU as a
 *                        fraction (0-1) of all the host's CPUs, not of the container's limit
 * @param jvmCpuSystem    {@code jdk.CPULoad.jvmSystem}, likewise
 * @param machineCpuTotal {@code jdk.CPULoad.machineTotal}: the whole host's CPU, 0-1
 * @param jvmCpuCores     {@code (jvmUser + jvmSystem) x} the host's hardware threads ({@code
 *                        jdk.CPUInformation.hwThreads}): cores the JVM used, comparable with
 *                        {@link ContainerSecond#cpuCores()}; null without both events
 */
public record JvmSecond(
        Instant second,
        boolean covered,
        Double heapUsedMaxMb,
        Double heapAfterGcMb,
        Integer gcCount,
        Double gcPauseMs,
        Integer javaThreadsMax,
        Double jvmCpuUser,
        Double jvmCpuSystem,
        Double machineCpuTotal,
        Double jvmCpuCores) {
}
