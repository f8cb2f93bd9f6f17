package dev.jvmbench.common.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jvmbench.common.job.Upstream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogTest {

    @Test
    void theShippedJdkCatalogueListsJdk24AsUnavailable() {
        JdkCatalog catalog = JdkCatalog.load(JdkCatalog.DEFAULT_LOCATION);
        assertThat(catalog.availableVersions()).containsExactly(21, 25, 26);
        JdkEntry jdk24 = catalog.find(24).orElseThrow();
        assertThat(jdk24.available()).isFalse();
        assertThat(jdk24.reason()).isNotBlank();
        assertThat(catalog.find(21).orElseThrow().build()).isEqualTo("trixie openjdk-21-jdk-headless");
    }

    @Test
    void aSiteAddsAJdkWithOneEntry(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("jdks.yaml");
        Files.writeString(file, """
                jdks:
                  - version: 24
                    image: eclipse-temurin:24-jre
                  - version: 21
                    image: eclipse-temurin:21-jre
                """);
        JdkCatalog catalog = JdkCatalog.load(file.toString());
        assertThat(catalog.availableVersions()).containsExactly(21, 24);
        assertThat(catalog.find(24).orElseThrow().image()).isEqualTo("eclipse-temurin:24-jre");
        assertThat(catalog.find(24).orElseThrow().build()).isNull();
    }

    @Test
    void brokenCataloguesSayWhatIsWrong(@TempDir Path dir) throws Exception {
        Path noReason = dir.resolve("a.yaml");
        Files.writeString(noReason, "jdks:\n  - version: 24\n    available: false\n");
        assertThatThrownBy(() -> JdkCatalog.load(noReason.toString())).hasMessageContaining("gives no reason");
        Path twice = dir.resolve("b.yaml");
        Files.writeString(twice, "jdks:\n  - {version: 21, image: a}\n  - {version: 21, image: b}\n");
        assertThatThrownBy(() -> JdkCatalog.load(twice.toString())).hasMessageContaining("listed twice");
        assertThatThrownBy(() -> JdkCatalog.load(dir.resolve("missing.yaml").toString()))
                .hasMessageContaining("cannot read catalogue");
    }

    @Test
    void theShippedScenarioCatalogueHasTheFieldReportsScenarios() {
        ScenarioCatalog catalog = ScenarioCatalog.load(ScenarioCatalog.DEFAULT_LOCATION);
        assertThat(catalog.names()).containsExactly("io-http", "io-db", "cpu", "pinning", "sleep");
        ScenarioDefinition ioDb = catalog.find("io-db").orElseThrow();
        assertThat(ioDb.upstreams()).containsExactly(Upstream.DB);
        assertThat(ioDb.param("sleepMs").orElseThrow().binding()).isEqualTo("query:seconds");
        assertThat(ioDb.param("sleepMs").orElseThrow().scale()).isEqualTo(0.001);
        assertThat(ioDb.param("poolSize").orElseThrow().defaultValue()).isEqualTo(10);
        assertThat(ioDb.param("poolSize").orElseThrow().integer()).isTrue();
        assertThat(ioDb.param("sleepMs").orElseThrow().integer()).isFalse();
        ScenarioParam leak = catalog.find("io-http").orElseThrow().param("leakConnections").orElseThrow();
        assertThat(leak.allows(1)).isTrue();
        assertThat(leak.allows(0.5)).isFalse();
    }

    @Test
    void everyKnobsDefaultIsTheAppsBehaviourWithoutIt() {
        // the apps treat an absent knob as off; the catalogue must send exactly that by default
        ScenarioCatalog catalog = ScenarioCatalog.load(ScenarioCatalog.DEFAULT_LOCATION);
        var expected = Map.of("io-http", Map.of("clientExecutor", 0.0, "clientMaxConnections", 10000.0,
                        "clientPendingAcquireMax", -1.0, "leakConnections", 0.0),
                "cpu", Map.of("onEventLoop", 0.0, "coldFactor", 1.0),
                "sleep", Map.of("retainKb", 0.0, "garbageKb", 0.0, "freezeAfterRequests", 0.0));
        expected.forEach((scenario, knobs) -> knobs.forEach((name, value) -> assertThat(
                catalog.find(scenario).orElseThrow().param(name).orElseThrow().defaultValue())
                .as(scenario + " " + name).isEqualTo(value)));
    }

    @Test
    void aBuildMustNameASuiteAndAPackageOfAnImage(@TempDir Path dir) throws Exception {
        Path oneWord = dir.resolve("a.yaml");
        Files.writeString(oneWord, "jdks:\n  - {version: 21, image: jvmbench/jdk:21, build: trixie}\n");
        assertThatThrownBy(() -> JdkCatalog.load(oneWord.toString())).hasMessageContaining("'<debian suite> <package>'");
        Path noImage = dir.resolve("b.yaml");
        Files.writeString(noImage, "jdks:\n  - {version: 21, available: false, reason: r, build: trixie openjdk-21-jdk}\n");
        assertThatThrownBy(() -> JdkCatalog.load(noImage.toString())).hasMessageContaining("no 'image'");
    }

    /** The lines worker/host/build-images.sh and target-apps/build-images.sh read instead of parsing the YAML. */
    @Test
    void theScriptsSeeTheShippedCatalogueAsLines() {
        JdkCatalog catalog = JdkCatalog.load(JdkCatalog.DEFAULT_LOCATION);
        assertThat(lines(catalog, "buildable")).containsExactly(
                "21|jvmbench/jdk:21|trixie|openjdk-21-jdk-headless",
                "25|jvmbench/jdk:25|trixie|openjdk-25-jdk-headless",
                "26|jvmbench/jdk:26|sid|openjdk-26-jdk-headless");
        assertThat(lines(catalog, "available")).containsExactly(
                "21|jvmbench/jdk:21", "25|jvmbench/jdk:25", "26|jvmbench/jdk:26");
    }

    @Test
    void aRegistryImageIsAvailableButNotBuildable(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("jdks.yaml");
        Files.writeString(file, """
                jdks:
                  - version: 24
                    image: "eclipse-temurin:24-jre"   # quoted, with a comment
                  - version: 25
                    image: jvmbench/jdk:25
                    build: "trixie  openjdk-25-jdk-headless"
                """);
        JdkCatalog catalog = JdkCatalog.load(file.toString());
        assertThat(lines(catalog, "buildable")).containsExactly("25|jvmbench/jdk:25|trixie|openjdk-25-jdk-headless");
        assertThat(lines(catalog, "available")).containsExactly("24|eclipse-temurin:24-jre", "25|jvmbench/jdk:25");
    }

    private static java.util.List<String> lines(JdkCatalog catalog, String mode) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JdkCatalogLines.print(catalog, mode, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
