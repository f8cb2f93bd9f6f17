package dev.jvmbench.worker.image;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/** Where a run's app comes from. */
public sealed interface AppSource {

    /** The stock target apps: the MVC app for platform and virtual threads, the WebFlux app for webflux. */
    record Stock() implements AppSource {
    }

    /**
     * A user's image, used as given; {@code {jdk}} is replaced by the feature version. It must
     * already be in the local engine: nothing is pulled.
     */
    record Image(String reference) implements AppSource {

        public static final String JDK_PLACEHOLDER = "{jdk}";

        public Image {
            Objects.requireNonNull(reference, "reference");
            if (reference.isBlank() || reference.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException("image reference must be non-blank without whitespace, was '"
                        + reference + "'");
            }
        }

        public String referenceFor(int jdk) {
            return reference.replace(JDK_PLACEHOLDER, Integer.toString(jdk));
        }
    }

    /**
     * An uploaded JAR as the api stored it.
     *
     * @param jar       the stored file, {@code <data-dir>/artifacts/<sha256>.jar}
     * @param sha256    its hex digest at upload; the build refuses a file that no longer matches
     * @param mainClass the main class, or null; used only when the manifest names no
     *                  {@code Main-Class} (a fat or executable JAR runs with {@code java -jar})
     */
    record Artifact(Path jar, String sha256, String mainClass) implements AppSource {

        private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
        private static final Pattern CLASS_NAME =
                Pattern.compile("\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*"
                        + "(\\.\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*)*");

        public Artifact {
            Objects.requireNonNull(jar, "jar");
            Objects.requireNonNull(sha256, "sha256");
            sha256 = sha256.toLowerCase(Locale.ROOT);
            if (!SHA256.matcher(sha256).matches()) {
                throw new IllegalArgumentException("sha256 must be 64 hex digits, was '" + sha256 + "'");
            }
            if (mainClass != null) {
                mainClass = mainClass.strip();
                if (mainClass.isEmpty()) {
                    mainClass = null;
                } else if (!CLASS_NAME.matcher(mainClass).matches()) {
                    throw new IllegalArgumentException("mainClass must be a Java class name, was '" + mainClass + "'");
                }
            }
        }

        /** The short form used in tags and messages. */
        public String shortSha() {
            return sha256.substring(0, 12);
        }
    }
}
