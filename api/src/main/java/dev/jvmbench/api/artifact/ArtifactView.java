package dev.jvmbench.api.artifact;

import java.time.Instant;

/** An uploaded JAR. mainClass is the class the app starts with (Start-Class for a Spring Boot JAR). */
record ArtifactView(long id, String sha256, String filename, long sizeBytes, String mainClass, boolean springBoot,
                    Instant createdAt) {
}
