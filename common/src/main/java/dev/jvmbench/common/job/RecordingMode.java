package dev.jvmbench.common.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Whether the app's JVM runs with the platform's JFR recording (docs/metrics.md, "The recording's
 * overhead"). {@code jfr}, the default: GC, heap, pinning, the JVM's settings and the profiles come
 * from it. {@code off}: the JVM runs without it, and the run has none of those, by choice; a job
 * that runs off against a baseline that recorded measures what the recording costs.
 */
public enum RecordingMode {
    JFR,
    OFF;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static RecordingMode fromWire(String value) {
        return WireEnums.parse(RecordingMode.class, value);
    }
}
