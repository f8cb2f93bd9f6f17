package dev.jvmbench.common.job;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * The user's app: a container image, or an uploaded JAR. An image reference may contain
 * {@code {jdk}}, replaced by each JDK's feature version, to compare JDKs with prebuilt images.
 * {@code reactive} says the app is a WebFlux app (it then runs only the webflux thread model);
 * otherwise the platform switches platform/virtual threads by environment, never by rebuilding.
 *
 * <p>{@code name} is the app across its builds (e.g. {@code orders-service}): a CI pipeline uploads a
 * new JAR or pushes a new image tag on every commit, and the name is what ties those builds into
 * one history and lets the next build find its baseline. Left out, the build's reference stands in
 * for it ({@link JobSpec#appName()}), as it did before names existed.
 */
public record AppRef(
        @Size(max = 500, message = "must be at most 500 characters")
        @Pattern(regexp = "^[a-z0-9][a-z0-9._/:@{}-]*$", message = "must be a container image reference such as registry.example/app:1.2 or app:jdk{jdk}")
        String image,
        @Min(value = 1, message = "must be the id of an uploaded artifact") Long artifactId,
        Boolean reactive,
        @Min(value = 1, message = "must be a port between 1 and 65535")
        @jakarta.validation.constraints.Max(value = 65535, message = "must be a port between 1 and 65535")
        Integer port,
        @Pattern(regexp = NAME_PATTERN, message = "must be 1-100 characters of [A-Za-z0-9._/-] starting with a letter or digit, such as orders-service")
        String name) {

    /** An app name: one token, like a label key, so it reads the same in a URL, a table and a shell. */
    public static final String NAME_PATTERN = "^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$";

    public static final int DEFAULT_PORT = 8080;

    /** The same app without a given name (the image or artifact alone). */
    public AppRef(String image, Long artifactId, Boolean reactive, Integer port) {
        this(image, artifactId, reactive, port, null);
    }

    public boolean reactiveApp() {
        return Boolean.TRUE.equals(reactive);
    }

    public int portOrDefault() {
        return port == null ? DEFAULT_PORT : port;
    }

    /** Image reference for one JDK: {@code {jdk}} replaced by the feature version. */
    public String imageFor(int jdk) {
        return image == null ? null : image.replace("{jdk}", Integer.toString(jdk));
    }

    public boolean imageVariesByJdk() {
        return image != null && image.contains("{jdk}");
    }
}
