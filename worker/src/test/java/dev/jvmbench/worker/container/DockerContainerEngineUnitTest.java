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
        try (ContainerEngine engine = ContainerEngines.docker(ContainerEngineProperties.defaults())) {
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

    @Test
    void anAppContainerGetsTheBoxAndNothingOfTheHost() {
        ContainerSpec app = ContainerSpec.builder("jvmbench/target-mvc:jdk25")
                .sandbox(ContainerSpec.APP_USER)
                .memoryMegabytes(512)
                .pidsLimit(2048)
                .nofileLimit(16384)
                .volume("/tmp")
                .tmpfs("/run", "rw,size=1m")
                .build();
        com.github.dockerjava.api.DockerClient client = com.github.dockerjava.core.DockerClientImpl.getInstance(
                com.github.dockerjava.core.DefaultDockerClientConfig.createDefaultConfigBuilder()
                        .withDockerHost("unix:///nonexistent.sock").build(),
                new com.github.dockerjava.httpclient5.ApacheDockerHttpClient.Builder()
                        .dockerHost(URI.create("unix:///nonexistent.sock")).build());

        com.github.dockerjava.api.command.CreateContainerCmd create = DockerContainerEngine.createCommand(client, app, "n");
        com.github.dockerjava.api.model.HostConfig host = create.getHostConfig();

        assertThat(create.getUser()).isEqualTo("10001:10001");
        assertThat(host.getReadonlyRootfs()).isTrue();
        assertThat(host.getCapDrop()).containsExactly(com.github.dockerjava.api.model.Capability.ALL);
        assertThat(host.getCapAdd()).isNullOrEmpty();
        assertThat(host.getPrivileged()).isNotEqualTo(Boolean.TRUE);
        assertThat(host.getSecurityOpts()).containsExactly("no-new-privileges");
        assertThat(host.getPidsLimit()).isEqualTo(2048L);
        assertThat(host.getUlimits()).singleElement().satisfies(ulimit -> {
            assertThat(ulimit.getName()).isEqualTo("nofile");
            assertThat(ulimit.getSoftLong()).isEqualTo(16384L);
            assertThat(ulimit.getHardLong()).isEqualTo(16384L);
        });
        assertThat(host.getMemory()).isEqualTo(512L * 1024 * 1024);
        assertThat(host.getMemorySwap()).as("memory + swap = memory: no swap").isEqualTo(host.getMemory());
        assertThat(host.getTmpFs()).containsOnlyKeys("/run");
        // nothing of the host: no bind (so no engine socket), no mount, no device, no other container's volumes
        assertThat(host.getBinds()).isNullOrEmpty();
        assertThat(host.getMounts()).isNullOrEmpty();
        assertThat(host.getDevices()).isNullOrEmpty();
        assertThat(host.getVolumesFrom()).isNullOrEmpty();
        assertThat(create.getVolumes()).extracting(com.github.dockerjava.api.model.Volume::getPath).containsExactly("/tmp");
        assertThat(host.getNetworkMode()).isEqualTo("host");
    }
}
