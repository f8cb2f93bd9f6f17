package dev.jvmbench.common.job;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * The user's app: a container image, or an uploaded JAR. An image reference may contain
 * {@code {jdk}}, replaced by each JDK's feature version, to compare JDKs with prebuilt images.
 * {@code reactive} says the app is a WebFlux app (it then runs only the webflux thread model);
 * otherwise the platform switches platform/virtual threads by environment, never by rebuilding.
 */
public record AppRef(
        @Size(max = 500, message = "must be at most 500 characters")
        @Pattern(regexp = "^[a-z0-9][a-z0-9._/:@{}-]*$", message = "must be a container image reference such as registry.example/app:1.2 or app:jdk{jdk}")
        String image,
        @Min(value = 1, message = "must be the id of an uploaded artifact") Long artifactId,
        Boolean reactive,
        @Min(value = 1, message = "must be a port between 1 and 65535")
        @jakarta.validation.constraints.Max(value = 65535, message = "must be a port between 1 and 65535")
        Integer port) {

    public static final int DEFAULT_PORT = 8080;

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
