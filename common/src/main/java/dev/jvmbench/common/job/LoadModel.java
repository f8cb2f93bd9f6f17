package dev.jvmbench.common.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * closed: each level is a number of concurrent users looping on keep-alive connections;
 * open: each level is an arrival rate in requests per second, independent of response times.
 */
public enum LoadModel {
    CLOSED, OPEN;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static LoadModel fromWire(String value) {
        return WireEnums.parse(LoadModel.class, value);
    }
}
