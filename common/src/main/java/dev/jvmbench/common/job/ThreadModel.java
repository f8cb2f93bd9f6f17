package dev.jvmbench.common.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** How the app under test serves requests. On the wire: lower case. */
public enum ThreadModel {
    PLATFORM, VIRTUAL, WEBFLUX;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static ThreadModel fromWire(String value) {
        return WireEnums.parse(ThreadModel.class, value);
    }

    public static List<String> wireNames() {
        return Arrays.stream(values()).map(ThreadModel::wireName).toList();
    }

    public static String allowedValues() {
        return wireNames().toString();
    }
}
