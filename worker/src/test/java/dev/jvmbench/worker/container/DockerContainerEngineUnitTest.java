package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;

import org.junit.jupiter.api.Test;

/** The parts of the Docker adapter that need no engine: negotiation, messages, properties. */
class DockerContainerEngineUnitTest {

    @Test
    void negotiatesTheLowerOfEngineAndClient() {
        assertThat(DockerContainerEngine.negotiate("1.41").getVersion()).isEqualTo("1.41");
        assertThat(DockerContainerEngine.negotiate("1.50").getVersion())
                .isEqualTo(DockerContainerEngine.NEWEST_CLIENT_API.getVersion());
        assertThatThrownBy(() -> DockerContainerEngine.negotiate("")).isInstanceOf(ContainerEngineException.class);
    }

    @Test
    void reducesTheEnginesJsonErrorToItsMessage() {
        assertThat(DockerContainerEngine.engineMessage("Status 404: {\"message\":\"No such image: a:b\"}\n"))
                .isEqualTo("No such image: a:b");
        assertThat(DockerContainerEngine.engineMessage("plain text")).isEqualTo("plain text");
    }

    @Test
    void refusesAStopLongerThanAnEngineCallMayLast() {
        try (ContainerEngine engine = ContainerEngine.docker(ContainerEngineProperties.defaults())) {
            RunningContainer container = new RunningContainer("id", "name", 0);

            assertThatIllegalArgumentException()
                    .isThrownBy(() -> engine.stop(container, Duration.ofMinutes(2)))
                    .withMessageContaining("response-timeout");
        }
    }

    @Test
    void propertiesHaveDefaultsAndAreValidated() {
        ContainerEngineProperties defaults = ContainerEngineProperties.defaults();

        assertThat(defaults.host()).isEqualTo(URI.create("unix:///var/run/docker.sock"));
        assertThat(defaults.apiVersion()).isEmpty();
        assertThat(defaults.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(defaults.responseTimeout()).isEqualTo(Duration.ofMinutes(2));
        assertThat(defaults.pollInterval()).isEqualTo(Duration.ofMillis(100));
        assertThatIllegalArgumentException().isThrownBy(() -> defaults.withHost(URI.create("http://x")));
        assertThatIllegalArgumentException().isThrownBy(() -> new ContainerEngineProperties(
                null, "latest", null, null, null, null, null));
        assertThatIllegalArgumentException().isThrownBy(() -> new ContainerEngineProperties(
                null, null, Duration.ZERO, null, null, null, null));
    }
}
