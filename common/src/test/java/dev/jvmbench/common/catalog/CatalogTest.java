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
                "21|jvmbench/jdk:21|trixie|openjdk-21-jdk-headless||",
                "25|jvmbench/jdk:25|trixie|openjdk-25-jdk-headless||",
                "26|jvmbench/jdk:26|sid|openjdk-26-jdk-headless||");
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
        assertThat(lines(catalog, "buildable")).containsExactly("25|jvmbench/jdk:25|trixie|openjdk-25-jdk-headless||");
        assertThat(lines(catalog, "available")).containsExactly("24|eclipse-temurin:24-jre", "25|jvmbench/jdk:25");
    }

    private static final String SHA = "aea1cc55e51cf651c85f2f00ad021603fe269c4bb6493fa97a321ad770c9b096";
    private static final String URL =
            "https://github.com/adoptium/temurin24-binaries/releases/download/jdk-24.0.2%2B12/OpenJDK24U-jdk_x64_linux_hotspot_24.0.2_12.tar.gz";

    /** A vendor archive by URL or by path, with its digest: buildable, unpacked onto trixie unless a suite is named. */
    @Test
    void aJdkFromAVendorArchiveIsBuildable(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("jdks.yaml");
        Files.writeString(file, """
                jdks:
                  - version: 24
                    image: jvmbench/jdk:24
                    archive: %s
                    sha256: %s
                  - version: 25
                    image: jvmbench/jdk:25-vendor
                    archive: archives/jdk-25_linux-x64_bin.tgz   # beside the catalogue
                    sha256: "%s"
                    suite: sid
                  - version: 21
                    image: jvmbench/jdk:21
                    build: trixie openjdk-21-jdk-headless
                """.formatted(URL, SHA, SHA.toUpperCase()));
        JdkCatalog catalog = JdkCatalog.load(file.toString());
        JdkEntry jdk24 = catalog.find(24).orElseThrow();
        assertThat(jdk24.archive()).isEqualTo(URL);
        assertThat(jdk24.sha256()).isEqualTo(SHA);
        assertThat(jdk24.archiveSuite()).isEqualTo("trixie");
        assertThat(jdk24.build()).isNull();
        assertThat(jdk24.builtLocally()).isTrue();
        assertThat(JdkEntry.archiveFileName(URL)).isEqualTo("OpenJDK24U-jdk_x64_linux_hotspot_24.0.2_12.tar.gz");
        assertThat(catalog.find(25).orElseThrow().sha256()).as("stored as sha256sum prints it").isEqualTo(SHA);
        assertThat(catalog.find(21).orElseThrow().archiveSuite()).isNull();
        assertThat(lines(catalog, "buildable")).containsExactly(
                "21|jvmbench/jdk:21|trixie|openjdk-21-jdk-headless||",
                "24|jvmbench/jdk:24|trixie||" + URL + "|" + SHA,
                "25|jvmbench/jdk:25-vendor|sid||archives/jdk-25_linux-x64_bin.tgz|" + SHA);
        assertThat(lines(catalog, "available")).containsExactly(
                "21|jvmbench/jdk:21", "24|jvmbench/jdk:24", "25|jvmbench/jdk:25-vendor");
    }

    @Test
    void anUnavailableArchiveEntryIsNotBuilt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("jdks.yaml");
        Files.writeString(file, """
                jdks:
                  - {version: 24, image: jvmbench/jdk:24, archive: "%s", sha256: %s, available: false, reason: not yet}
                """.formatted(URL, SHA));
        JdkCatalog catalog = JdkCatalog.load(file.toString());
        assertThat(catalog.availableVersions()).isEmpty();
        assertThat(lines(catalog, "buildable")).isEmpty();
    }

    @Test
    void brokenArchiveEntriesSayWhatIsWrong(@TempDir Path dir) throws Exception {
        String head = "jdks:\n  - {version: 24, image: jvmbench/jdk:24, ";
        Map<String, String> cases = new java.util.LinkedHashMap<>();
        cases.put("build: trixie openjdk-24-jdk-headless, archive: " + URL + ", sha256: " + SHA,
                "has both 'build' and 'archive'");
        cases.put("archive: " + URL, "'archive' needs its 'sha256'");
        cases.put("archive: " + URL + ", sha256: " + SHA.substring(1), "'sha256' must be 64 hex characters");
        cases.put("archive: " + URL + ", sha256: " + SHA + "0", "65 characters");
        cases.put("archive: " + URL + ", sha256: " + "g" + SHA.substring(1), "'sha256' must be 64 hex characters");
        cases.put("archive: " + URL + ", sha256: 1234", "'sha256' must be a string");
        cases.put("sha256: " + SHA, "has a 'sha256' but no 'archive'");
        cases.put("build: trixie openjdk-24-jdk-headless, suite: sid", "'suite' goes with 'archive' only");
        cases.put("archive: " + URL + ", sha256: " + SHA + ", suite: Trixie Sid", "'suite' must be a Debian suite");
        cases.put("archive: https://example.org/jdk-24.zip, sha256: " + SHA, "must name a .tar.gz");
        cases.put("archive: ftp://example.org/jdk-24.tar.gz, sha256: " + SHA, "https://, http:// or file:// URL");
        cases.put("archive: /srv/jdk|24.tar.gz, sha256: " + SHA, "without spaces or '|'");
        int i = 0;
        for (var c : cases.entrySet()) {
            Path file = dir.resolve("c" + i++ + ".yaml");
            Files.writeString(file, head + c.getKey() + "}\n");
            assertThatThrownBy(() -> JdkCatalog.load(file.toString())).as(c.getKey()).hasMessageContaining(c.getValue());
        }
        Path noImage = dir.resolve("no-image.yaml");
        Files.writeString(noImage, "jdks:\n  - {version: 24, available: false, reason: r, archive: " + URL
                + ", sha256: " + SHA + "}\n");
        assertThatThrownBy(() -> JdkCatalog.load(noImage.toString())).hasMessageContaining("has 'archive' but no 'image'");
    }

    private static java.util.List<String> lines(JdkCatalog catalog, String mode) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JdkCatalogLines.print(catalog, mode, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
