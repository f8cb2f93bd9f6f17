package dev.jvmbench.api.query;

import java.util.Arrays;
import java.util.Map;

/**
 * What PostgreSQL can hold in text and jsonb: anything but NUL (U+0000). A filter value that holds
 * one can match nothing stored, so the filters answer "nothing" for it without asking the database
 * (which would refuse the query): an empty result, not an error.
 */
public final class StorableText {

    private StorableText() {
    }

    public static boolean storable(String value) {
        return value == null || value.indexOf('\u0000') < 0;
    }

    /** Whether every given value and every key and value of {@code labels} can be stored. */
    public static boolean storable(Map<String, String> labels, String... values) {
        return Arrays.stream(values).allMatch(StorableText::storable)
                && labels.entrySet().stream().allMatch(e -> storable(e.getKey()) && storable(e.getValue()));
    }
}
