package dev.jvmbench.worker.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngines;
import dev.jvmbench.worker.container.ContainerEngineProperties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The resolver bean and its bound settings (the engine client connects lazily: no engine needed). */
class ImageConfigurationTest {

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withUserConfiguration(ImageConfiguration.class)
            .withBean(ContainerEngineProperties.class, ContainerEngineProperties::defaults)
            .withBean(ContainerEngine.class, () -> ContainerEngines.docker(ContainerEngineProperties.defaults()));

    @Test
    void bindsTheSettingsAndReadsTheCatalogue() {
        context.withPropertyValues(
                        "bench.image.work-dir=/var/tmp/jib-work",
                        "bench.image.docker-executable=/usr/local/bin/docker",
                        "bench.image.labels.bench.owner=perf-team")
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed().hasSingleBean(ImageResolver.class);
                    ImageProperties properties = ctx.getBean(ImageProperties.class);
                    assertThat(properties.workDir()).isEqualTo(Path.of("/var/tmp/jib-work"));
                    assertThat(properties.dockerExecutable()).isEqualTo(Path.of("/usr/local/bin/docker"));
                    assertThat(properties.labels()).isEqualTo(Map.of("bench.owner", "perf-team"));
                });
    }

    @Test
    void aBrokenCatalogueStopsTheStart() {
        context.withPropertyValues("bench.image.jdk-catalog=classpath:no/such/catalog.yaml")
                .run(ctx -> assertThat(ctx).hasFailed());
    }
}
