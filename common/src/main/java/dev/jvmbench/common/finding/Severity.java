package dev.jvmbench.common.finding;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How much a finding matters to the number it explains, worst first: {@code critical} means the
 * number is not the app's (it died, stopped answering, the generator was the limit); {@code
 * warning} means the number is real but limited by something the user can change; {@code info}
 * explains without calling for action.
 */
public enum Severity {
    CRITICAL, WARNING, INFO;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
