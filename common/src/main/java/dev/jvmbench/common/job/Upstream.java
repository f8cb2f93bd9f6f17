package dev.jvmbench.common.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Stock upstreams a run can start next to the app: nginx with a fixed delay, PostgreSQL. */
public enum Upstream {
    HTTP, DB;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static Upstream fromWire(String value) {
        return WireEnums.parse(Upstream.class, value);
    }
}
