package dev.jvmbench.common.series;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Which window of a level a series covers: the level's warm-up or its measured window. */
public enum SeriesPhase {
    WARMUP, MEASURED;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
