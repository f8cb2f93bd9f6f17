package dev.jvmbench.api.security;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Token roles; each includes the ones before it (admin may submit, submit may read). */
public enum Role {
    READ, SUBMIT, ADMIN;

    /** Spring Security authorities: the role and every role it includes. */
    List<String> authorities() {
        return Arrays.stream(values()).filter(r -> r.ordinal() <= ordinal()).map(r -> "ROLE_" + r.name()).toList();
    }

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static Role fromWire(String value) {
        for (Role role : values()) {
            if (role.name().equalsIgnoreCase(value)) {
                return role;
            }
        }
        throw new IllegalArgumentException("'" + value + "' is not one of [read, submit, admin]");
    }
}
