package dev.jvmbench.common.jvm;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How much of a run's JFR recording could be read: all of it, only the chunks a JVM that ran out
 * of memory or was killed had flushed, or nothing; or none was taken, because the job turned the
 * recording off ({@code "recording": "off"}).
 */
public enum Recording {
    COMPLETE, PARTIAL, LOST, OFF;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
