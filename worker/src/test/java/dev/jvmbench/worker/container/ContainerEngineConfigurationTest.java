package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** bench.worker.engine picks the implementation; neither connects before its first call. */
class ContainerEngineConfigurationTest {

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withUserConfiguration(ContainerEngineConfiguration.class);

    @Test
    void dockerByDefault() {
        context.run(ctx -> assertThat(ctx.getBean(ContainerEngine.class)).isInstanceOf(DockerContainerEngine.class));
    }

    @Test
    void kubernetesWhenAskedWithItsSettingsBound() {
        context.withPropertyValues("bench.worker.engine=kubernetes", "bench.kubernetes.node-name=bench-node-4",
                        "bench.kubernetes.api-server=https://127.0.0.1:6443", "bench.kubernetes.default-cpu=100m")
                .run(ctx -> {
                    assertThat(ctx.getBean(ContainerEngine.class)).isInstanceOf(KubernetesContainerEngine.class);
                    KubernetesEngineProperties properties = ctx.getBean(KubernetesEngineProperties.class);
                    assertThat(properties.nodeName()).isEqualTo("bench-node-4");
                    assertThat(properties.apiServer()).hasToString("https://127.0.0.1:6443");
                    assertThat(properties.defaultCpu()).isEqualTo("100m");
                    assertThat(properties.defaultMemory()).isEqualTo("512Mi");
                });
    }

    @Test
    void theKubernetesEngineNeedsItsNode() {
        context.withPropertyValues("bench.worker.engine=kubernetes")
                .run(ctx -> assertThat(ctx.getStartupFailure()).rootCause()
                        .hasMessageContaining("bench.kubernetes.node-name is required"));
    }

    @Test
    void anUnknownEngineIsRefused() {
        context.withPropertyValues("bench.worker.engine=podman")
                .run(ctx -> assertThat(ctx.getStartupFailure()).rootCause().hasMessageContaining("docker or kubernetes"));
    }
}
