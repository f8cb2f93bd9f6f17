package dev.jvmbench.common.jvm;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the app's JVM saw and chose, from the events JFR writes at the start of every chunk of
 * its recording (the first chunk's, i.e. as the JVM started). Null means "not in the recording":
 * {@code jdk.ContainerConfiguration} is only written inside a container, and a recording made
 * with settings that disable an event lacks its figures.
 *
 * @param jvmName            {@code jdk.JVMInformation.jvmName}, e.g. {@code OpenJDK 64-Bit Server VM}
 * @param jvmVersion         {@code jdk.JVMInformation.jvmVersion}: the full build string, e.g.
 *                           {@code OpenJDK 64-Bit Server VM (25.0.5.1+2-1-deb13u1-Debian) for
 *                           linux-amd64 JRE (25.0.5.1+2-1-deb13u1-Debian), built on ...}
 * @param vendor             {@code java.vendor} where the recording has it, else {@code
 *                           java.vm.vendor}: JFR's {@code jdk.InitialSystemProperty} holds only the
 *                           properties the VM itself sets ({@code java.vm.*}), not those the
 *                           class library sets later ({@code java.vendor}, {@code
 *                           java.runtime.version}), on JDK 21 to 26 alike
 * @param runtimeVersion     {@code java.runtime.version} where present, else the version in
 *                           {@code JRE (...)} of {@link #jvmVersion}
 * @param vmVersion          {@code java.vm.version}, e.g. {@code 25.0.5.1+2-1-deb13u1-Debian}
 * @param featureVersion     the feature release (21, 25, ...) of {@link #runtimeVersion}
 * @param jvmArguments       {@code jdk.JVMInformation.jvmArguments}: the options as the JVM
 *                           received them ({@code JAVA_TOOL_OPTIONS} included)
 * @param javaArguments      the main class or JAR and its arguments
 * @param jvmStartTime       when the JVM started
 * @param cpuCount           the processors the JVM uses ({@code availableProcessors()}, which
 *                           sizes GC threads, the ForkJoin and virtual-thread schedulers,
 *                           Reactor's pools): {@code ActiveProcessorCount} when set, else the
 *                           container's {@code effectiveCpuCount}, else the hardware threads
 * @param containerCpuCount  {@code jdk.ContainerConfiguration.effectiveCpuCount}: what the JVM
 *                           made of the container's CPU quota (the quota rounded up)
 * @param hardwareThreads    {@code jdk.CPUInformation.hwThreads}: the host's
 * @param activeProcessorCount the {@code ActiveProcessorCount} flag; -1 when not set
 * @param containerType      {@code cgroupv1} or {@code cgroupv2}; null outside a container
 * @param containerMemoryLimitBytes the container's memory limit as the JVM sees it ({@code
 *                           jdk.ContainerConfiguration.memoryLimit}); -1 for none
 * @param heapMaxBytes       {@code jdk.GCHeapConfiguration.maxSize}: the heap can grow to this
 * @param heapInitialBytes   {@code initialSize}
 * @param heapMinBytes       {@code minSize}
 * @param youngCollector     {@code jdk.GCConfiguration.youngCollector}, e.g. {@code G1New},
 *                           {@code DefNew} (Serial), {@code ParallelScavenge}, {@code Z}
 * @param oldCollector       {@code oldCollector}, e.g. {@code G1Old}, {@code SerialOld}
 * @param threadStackSizeKb  the {@code ThreadStackSize} flag ({@code -Xss}), in KB
 * @param nonDefaultFlags    every flag whose {@code origin} is not {@code Default}, by name:
 *                           set on the command line or in {@code JAVA_TOOL_OPTIONS} ({@code
 *                           Command line}, {@code Environment variable}), chosen by the JVM
 *                           for this machine ({@code Ergonomic}), or set at run time ({@code
 *                           Management}, {@code Attach on demand}). From {@code
 *                           JAVA_TOOL_OPTIONS}, {@code -XX:} options count as {@code Environment
 *                           variable} but {@code -Xmx}, {@code -Xms}, {@code -Xss} (translated
 *                           to their flags) as {@code Command line}
 * @param systemProperties   the {@code jdk.InitialSystemProperty} events, key to value
 */
public record JvmFacts(
        String jvmName,
        String jvmVersion,
        String vendor,
        String runtimeVersion,
        String vmVersion,
        Integer featureVersion,
        String jvmArguments,
        String javaArguments,
        Instant jvmStartTime,
        Integer cpuCount,
        Long containerCpuCount,
        Integer hardwareThreads,
        Integer activeProcessorCount,
        String containerType,
        Long containerMemoryLimitBytes,
        Long heapMaxBytes,
        Long heapInitialBytes,
        Long heapMinBytes,
        String youngCollector,
        String oldCollector,
        Long threadStackSizeKb,
        List<JvmFlag> nonDefaultFlags,
        Map<String, String> systemProperties) {

    public JvmFacts {
        nonDefaultFlags = List.copyOf(nonDefaultFlags);
        systemProperties = Map.copyOf(systemProperties);
    }

    /**
     * One JVM flag as JFR records it ({@code jdk.IntFlag}, {@code jdk.BooleanFlag}, ...).
     *
     * @param value  the value as text ({@code true}, {@code 1073741824}, {@code 0.5})
     * @param origin where its value comes from: {@code Default}, {@code Command line}, {@code
     *               Environment variable}, {@code Ergonomic}, {@code Config file}, {@code
     *               Management}, {@code Attach on demand}, {@code Internal}
     */
    public record JvmFlag(String name, String value, String origin) {
    }

    /** The non-default flag named {@code name}, if any. */
    public Optional<JvmFlag> flag(String name) {
        return nonDefaultFlags.stream().filter(flag -> flag.name().equals(name)).findFirst();
    }
}
