package dev.jvmbench.common.job;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Parses lower-case wire names of enums with an error that lists the allowed values. */
final class WireEnums {

    private WireEnums() {
    }

    static <E extends Enum<E>> E parse(Class<E> type, String value) {
        if (value != null) {
            for (E constant : type.getEnumConstants()) {
                if (constant.name().equalsIgnoreCase(value)) {
                    return constant;
                }
            }
        }
        String allowed = Arrays.stream(type.getEnumConstants())
                .map(c -> c.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
        throw new IllegalArgumentException("'" + value + "' is not one of [" + allowed + "]");
    }
}
