package dev.jvmbench.worker.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** bench.worker.registry: where names go, and plain HTTP for the loopback only. */
class RegistryTest {

    @Test
    void aLoopbackRegistryIsSpokenToOverPlainHttp() {
        for (String value : new String[] {"127.0.0.1:5000", "localhost:5000", "[::1]:5000", "127.1.2.3"}) {
            Registry registry = Registry.parse(value);
            assertThat(registry.plainHttp()).as(value).isTrue();
            assertThat(registry.apiBase().getScheme()).isEqualTo("http");
        }
    }

    @Test
    void anyOtherOnlyOverHttpsAndPlainHttpCannotBeForced() {
        for (String value : new String[] {"registry.example.com", "10.0.0.5:5000", "192.168.1.2:5000", "registry:5000",
                "localhost.example.com:5000"}) {
            Registry registry = Registry.parse(value);
            assertThat(registry.plainHttp()).as(value).isFalse();
            assertThat(registry.apiBase().getScheme()).isEqualTo("https");
        }
        assertThatThrownBy(() -> new Registry("registry.example.com", "", true))
                .hasMessageContaining("loopback registry only");
        assertThatThrownBy(() -> Registry.parse("http://127.0.0.1:5000")).hasMessageContaining("without a scheme");
        assertThatThrownBy(() -> Registry.parse("/jvmbench")).hasMessageContaining("no host");
    }

    @Test
    void unqualifiedNamesGoToTheRegistryAndQualifiedOnesStay() {
        Registry local = Registry.parse("127.0.0.1:5000");
        assertThat(local.qualify("jvmbench/jdk:25")).isEqualTo("127.0.0.1:5000/jvmbench/jdk:25");
        assertThat(local.qualify("eclipse-temurin:25-jre")).isEqualTo("127.0.0.1:5000/eclipse-temurin:25-jre");
        assertThat(local.qualify("registry.example.com/shop:jdk25")).isEqualTo("registry.example.com/shop:jdk25");
        assertThat(local.qualify("localhost/shop:1")).isEqualTo("localhost/shop:1");
        assertThat(local.holds("127.0.0.1:5000/jvmbench/jdk:25")).isTrue();
        assertThat(local.holds("registry.example.com/shop:jdk25")).isFalse();

        Registry team = Registry.parse("registry.example.com/perf/jvmbench/");
        assertThat(team.namespace()).isEqualTo("perf/jvmbench");
        assertThat(team.qualify("jvmbench/target-mvc:jdk25"))
                .isEqualTo("registry.example.com/perf/jvmbench/jvmbench/target-mvc:jdk25");
        assertThat(team.holds("registry.example.com/perf/jvmbench/jvmbench/target-mvc:jdk25")).isTrue();
        assertThat(team.holds("registry.example.com/other/x:1")).isFalse();
    }

    @Test
    void referencesSplitAsTheRegistryApiWantsThem() {
        assertThat(RegistryImages.Reference.parse("127.0.0.1:5000/jvmbench/jdk:25"))
                .isEqualTo(new RegistryImages.Reference("127.0.0.1:5000", "jvmbench/jdk", "25"));
        assertThat(RegistryImages.Reference.parse("127.0.0.1:5000/jvmbench/jdk"))
                .isEqualTo(new RegistryImages.Reference("127.0.0.1:5000", "jvmbench/jdk", "latest"));
        assertThat(RegistryImages.Reference.parse("r.example.com/a/b@sha256:abc"))
                .isEqualTo(new RegistryImages.Reference("r.example.com", "a/b", "sha256:abc"));
        assertThat(RegistryImages.Reference.parse("127.0.0.1:5000/x:1").uri("manifests", "1").toString())
                .isEqualTo("http://127.0.0.1:5000/v2/x/manifests/1");
        assertThat(RegistryImages.Reference.parse("r.example.com/x:1").uri("blobs", "sha256:0").toString())
                .isEqualTo("https://r.example.com/v2/x/blobs/sha256:0");
    }
}
