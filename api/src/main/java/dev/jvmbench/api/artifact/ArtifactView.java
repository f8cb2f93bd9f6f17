package dev.jvmbench.api.artifact;

import java.time.Instant;

/**
 * Uploaded bytes. When they are an executable JAR, mainClass is the class the app starts with
 * (Start-Class for a Spring Boot JAR) and a job may run them; otherwise notExecutableReason says why not.
 */
record ArtifactView(long id, String sha256, String filename, long sizeBytes, boolean executable, String mainClass,
                    boolean springBoot, String notExecutableReason, Instant createdAt) {
}
