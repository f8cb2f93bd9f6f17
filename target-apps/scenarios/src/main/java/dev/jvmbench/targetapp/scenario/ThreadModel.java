package dev.jvmbench.targetapp.scenario;

import java.util.Locale;

/** How the app serves requests; its {@link #wireName()} is the {@code threadModel} body field. */
public enum ThreadModel {
    PLATFORM, VIRTUAL, WEBFLUX;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
