package dev.jvmbench.worker.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The records' rules and the small pure functions, without an engine. */
class ImageValuesTest {

    private static final String SHA = "0123456789abcdef".repeat(4);

    @Test
    void anArtifactNeedsAFullSha256AndAJavaClassName() {
        AppSource.Artifact artifact = new AppSource.Artifact(Path.of("a.jar"), SHA.toUpperCase(), " com.example.Main ");

        assertThat(artifact.sha256()).isEqualTo(SHA);
        assertThat(artifact.mainClass()).isEqualTo("com.example.Main");
        assertThat(artifact.shortSha()).isEqualTo("0123456789ab");
        assertThat(ArtifactImages.tag(artifact, 25)).isEqualTo("jvmbench/artifact-0123456789ab:jdk25");
        assertThat(new AppSource.Artifact(Path.of("a.jar"), SHA, "  ").mainClass()).isNull();
        assertThatThrownBy(() -> new AppSource.Artifact(Path.of("a.jar"), SHA.substring(1), null))
                .hasMessageContaining("64 hex digits");
        assertThatThrownBy(() -> new AppSource.Artifact(Path.of("a.jar"), SHA, "com.example.Main; rm -rf /"))
                .hasMessageContaining("Java class name");
    }

    @Test
    void anImageReferenceIsOneWordAndItsJdkPlaceholderIsReplaced() {
        assertThat(new AppSource.Image("registry.example/app:{jdk}-jre").referenceFor(21))
                .isEqualTo("registry.example/app:21-jre");
        assertThat(new AppSource.Image("app:1.0").referenceFor(25)).isEqualTo("app:1.0");
        assertThatThrownBy(() -> new AppSource.Image("app:1 --privileged")).hasMessageContaining("whitespace");
    }

    @Test
    void onlyABuiltImageHasABuildTime() {
        assertThat(new ResolvedImage("a:1", ResolvedImage.Origin.BUILT, Duration.ofMillis(1500)).buildSeconds())
                .isEqualTo(1.5);
        assertThatThrownBy(() -> new ResolvedImage("a:1", ResolvedImage.Origin.REUSED, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBaseImageIsLookedUpByTheTagTheEngineLists() {
        assertThat(ImageResolver.listedTag("jvmbench/jdk:21")).isEqualTo("jvmbench/jdk:21");
        assertThat(ImageResolver.listedTag("docker.io/library/eclipse-temurin:25-jre")).isEqualTo("eclipse-temurin:25-jre");
        assertThat(ImageResolver.listedTag("docker.io/acme/jdk")).isEqualTo("acme/jdk:latest");
        assertThat(ImageResolver.listedTag("localhost:5000/jdk")).isEqualTo("localhost:5000/jdk:latest");
    }

    @Test
    void extraLabelsCannotReplaceTheCacheKey() {
        assertThatThrownBy(() -> ImageProperties.defaults().withLabels(Map.of("bench.base-image-id", "x")))
                .hasMessageContaining("the image cache relies on it");
        assertThat(ImageProperties.defaults().workDir())
                .isEqualTo(Path.of(System.getProperty("java.io.tmpdir"), "jvmbench-jib").toAbsolutePath());
    }
}
