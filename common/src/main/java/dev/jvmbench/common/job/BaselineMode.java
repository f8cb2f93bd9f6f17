package dev.jvmbench.common.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How a job's verdict against its baseline is measured (docs/statistics.md, "Paired baselines").
 * {@code paired}: the baseline's cells are run again inside the job, each beside one of the job's own
 * runs as a pair, and the verdict rests on the ratios within pairs, so a host that drifts between
 * pairs cancels out. {@code stored}: the job's runs are compared with the baseline job's stored runs,
 * taken at another time.
 */
public enum BaselineMode {
    PAIRED,
    STORED;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static BaselineMode fromWire(String value) {
        return WireEnums.parse(BaselineMode.class, value);
    }
}
