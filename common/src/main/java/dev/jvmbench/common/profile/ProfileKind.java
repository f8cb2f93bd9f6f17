package dev.jvmbench.common.profile;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * What a profile weighs its stacks by (docs/metrics.md, "Profiles"): each kind comes from JFR events
 * of the default settings, restricted to a level's measured window.
 */
public enum ProfileKind {

    /** {@code jdk.ExecutionSample}: one per sampled thread running Java code; value = samples. */
    CPU("samples"),
    /** {@code jdk.ObjectAllocationSample}: value = the sample's {@code weight}, bytes allocated. */
    ALLOC("bytes"),
    /** {@code jdk.JavaMonitorEnter} and {@code jdk.ThreadPark} (20 ms and longer): value = blocked ns. */
    LOCK("ns"),
    /** {@code jdk.VirtualThreadPinned} (20 ms and longer): value = pinned ns. */
    PINNED("ns");

    private final String unit;

    ProfileKind(String unit) {
        this.unit = unit;
    }

    /** What one unit of a stack's value is: samples, bytes or nanoseconds. */
    public String unit() {
        return unit;
    }

    /** The name in URLs and JSON: {@code cpu}, {@code alloc}, {@code lock}, {@code pinned}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<ProfileKind> ofWireName(String name) {
        return Arrays.stream(values()).filter(kind -> kind.wireName().equals(name)).findFirst();
    }
}
