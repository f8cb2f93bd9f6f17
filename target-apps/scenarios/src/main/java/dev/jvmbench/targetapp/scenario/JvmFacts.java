package dev.jvmbench.targetapp.scenario;

import com.sun.management.UnixOperatingSystemMXBean;

import java.lang.management.ManagementFactory;

/** Facts about the running JVM for the /info endpoint. */
public record JvmFacts(String javaVersion, String javaRuntimeVersion, String javaVendor, int availableProcessors,
                       long maxHeapBytes, long pid, int platformThreads, long openFileDescriptors) {

    public static JvmFacts current() {
        return new JvmFacts(
                System.getProperty("java.version"),
                Runtime.version().toString(),
                System.getProperty("java.vendor"),
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory(),
                ProcessHandle.current().pid(),
                ManagementFactory.getThreadMXBean().getThreadCount(),
                countOpenFileDescriptors());
    }

    /** Open file descriptors of this process (sockets included), -1 where the JVM cannot tell. */
    static long countOpenFileDescriptors() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix
                ? unix.getOpenFileDescriptorCount() : -1;
    }
}
