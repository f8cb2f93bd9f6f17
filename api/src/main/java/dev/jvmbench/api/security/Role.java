package dev.jvmbench.api.security;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.AuthorityUtils;

/** Token roles; each includes the ones before it (admin may submit, submit may read). */
public enum Role {
    READ, SUBMIT, ADMIN;

    /** Spring Security authorities: the role and every role it includes. */
    List<String> authorities() {
        return Arrays.stream(values()).filter(r -> r.ordinal() <= ordinal()).map(r -> "ROLE_" + r.name()).toList();
    }

    /** {@link #authorities()} as Spring Security holds them, built once per role rather than per request. */
    List<GrantedAuthority> grantedAuthorities() {
        return GRANTED.get(this);
    }

    private static final Map<Role, List<GrantedAuthority>> GRANTED = new EnumMap<>(Role.class);

    static {
        for (Role role : values()) {
            GRANTED.put(role, List.copyOf(AuthorityUtils.createAuthorityList(role.authorities())));
        }
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
