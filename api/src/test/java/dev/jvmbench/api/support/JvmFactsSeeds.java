package dev.jvmbench.api.support;

import dev.jvmbench.common.jvm.JvmFacts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a run's JVM saw, as the worker stores it in run_jvm from the run's JFR recording: the
 * flags and origins a HotSpot of the given JDK records in a container of the given limits.
 */
public final class JvmFactsSeeds {

    private static final long MB = 1024 * 1024;

    private JvmFactsSeeds() {
    }

    /**
     * The JVM of a run, the collector (Serial or G1) and max heap chosen by its ergonomics unless
     * {@code extraFlags} set them (e.g. UseG1GC with the origin Environment variable).
     */
    public static JvmFacts facts(int jdk, String gc, int cpus, long memoryMb, long heapMb, JvmFacts.JvmFlag... extraFlags) {
        boolean serial = gc.equals("Serial");
        List<JvmFacts.JvmFlag> flags = new ArrayList<>();
        List<String> named = java.util.Arrays.stream(extraFlags).map(JvmFacts.JvmFlag::name).toList();
        if (!named.contains(serial ? "UseSerialGC" : "UseG1GC")) {
            flags.add(flag(serial ? "UseSerialGC" : "UseG1GC", "true", "Ergonomic"));
        }
        if (!named.contains("MaxHeapSize")) {
            flags.add(flag("MaxHeapSize", Long.toString(heapMb * MB), "Ergonomic"));
        }
        flags.add(flag("StartFlightRecording", "name=jvmbench", "Environment variable"));
        flags.addAll(List.of(extraFlags));
        String version = jdk + ".0.1+8";
        return new JvmFacts("OpenJDK 64-Bit Server VM", "OpenJDK 64-Bit Server VM (" + version + ") for linux-amd64 JRE ("
                + version + ")", "Eclipse Adoptium", version, version, jdk, "-XX:StartFlightRecording=name=jvmbench",
                "app.jar", Instant.parse("2026-11-24T10:00:00Z"), cpus, (long) cpus, 8, -1, "cgroupv2", memoryMb * MB,
                heapMb * MB, 8 * MB, 8 * MB, serial ? "DefNew" : "G1New", serial ? "SerialOld" : "G1Old", 1024L, flags,
                Map.of("java.vm.vendor", "Eclipse Adoptium"));
    }

    public static JvmFacts.JvmFlag flag(String name, String value, String origin) {
        return new JvmFacts.JvmFlag(name, value, origin);
    }
}
