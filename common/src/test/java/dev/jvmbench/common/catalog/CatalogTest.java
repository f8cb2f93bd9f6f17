package dev.jvmbench.common.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jvmbench.common.job.Upstream;
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
}
