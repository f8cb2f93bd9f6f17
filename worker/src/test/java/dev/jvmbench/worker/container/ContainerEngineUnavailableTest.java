package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.Map;

import dev.jvmbench.worker.testing.BenchHost;
import org.junit.jupiter.api.Test;

/** An engine that is not there is one clear exception with the reason, not transport internals. */
class ContainerEngineUnavailableTest {

    @Test
    void aMissingSocketSaysSo() {
        try (ContainerEngine engine = engineAt(URI.create("unix:///tmp/jvmbench-no-engine/docker.sock"))) {
            assertThatThrownBy(engine::ping)
                    .isInstanceOf(ContainerEngineUnavailableException.class)
                    .hasMessage("container engine at unix:///tmp/jvmbench-no-engine/docker.sock is unavailable:"
                            + " socket /tmp/jvmbench-no-engine/docker.sock does not exist (no engine is running;"
                            + " start one with 'bash worker/host/docker-engine.sh')");
        }
    }

    @Test
    void aRefusedConnectionSaysSo() {
        int closedPort = BenchHost.freePort();
        try (ContainerEngine engine = engineAt(URI.create("tcp://127.0.0.1:" + closedPort))) {
            assertThatThrownBy(() -> engine.findImages(Map.of()))
                    .isInstanceOf(ContainerEngineUnavailableException.class)
                    .hasMessageStartingWith("container engine at tcp://127.0.0.1:" + closedPort + " is unavailable: ")
                    .hasMessageContaining("refused");
        }
    }

    @Test
    void theEngineIsRetriedAfterAFailedFirstContact() {
        try (ContainerEngine engine = engineAt(URI.create("unix:///tmp/jvmbench-no-engine/docker.sock"))) {
            assertThatThrownBy(engine::version).isInstanceOf(ContainerEngineUnavailableException.class);
            assertThatThrownBy(engine::version).isInstanceOf(ContainerEngineUnavailableException.class);
        }
    }

    private static ContainerEngine engineAt(URI host) {
        return ContainerEngines.docker(ContainerEngineProperties.defaults().withHost(host));
    }
}
