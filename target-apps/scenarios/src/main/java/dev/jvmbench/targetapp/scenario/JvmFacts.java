package dev.jvmbench.targetapp.scenario;

import java.lang.management.ManagementFactory;

/** Facts about the running JVM for the /info endpoint. */
public record JvmFacts(String javaVersion, String javaRuntimeVersion, String javaVendor, int availableProcessors,
                       long maxHeapBytes, long pid, int platformThreads) {

    public static JvmFacts current() {
        return new JvmFacts(
                System.getProperty("java.version"),
                Runtime.version().toString(),
                System.getProperty("java.vendor"),
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory(),
                ProcessHandle.current().pid(),
                ManagementFactory.getThreadMXBean().getThreadCount());
    }
}
