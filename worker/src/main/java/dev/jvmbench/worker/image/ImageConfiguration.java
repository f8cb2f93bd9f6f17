package dev.jvmbench.worker.image;

import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngineProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The resolver as a bean; the catalogue is read once, at start, so a broken file stops the worker
 * early. With the Docker engine the images are the engine's own; with the Kubernetes engine they
 * are in {@code bench.worker.registry}, which is then required.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ImageProperties.class)
class ImageConfiguration {

    private static final Logger log = LoggerFactory.getLogger(ImageConfiguration.class);

    @Bean
    ImageResolver imageResolver(ContainerEngine engine, ContainerEngineProperties engineProperties,
            ImageProperties properties, @Value("${bench.worker.engine:docker}") String engineKind,
            @Value("${bench.worker.registry:}") String registry) {
        JdkCatalog catalog = JdkCatalog.load(properties.jdkCatalog());
        return switch (ContainerEngine.Kind.of(engineKind)) {
            case DOCKER -> {
                if (!registry.isBlank()) {
                    log.warn("bench.worker.registry ({}) is not used with the Docker engine: its images are the engine's own",
                            registry);
                }
                yield new ImageResolver(engine, catalog, properties, engineProperties.host());
            }
            case KUBERNETES -> {
                if (registry.isBlank()) {
                    throw new IllegalStateException("bench.worker.registry is required with bench.worker.engine=kubernetes:"
                            + " the registry the cluster pulls the run's images from (e.g. 127.0.0.1:5000)");
                }
                ImageResolver resolver = ImageResolver.inRegistry(Registry.parse(registry), catalog, properties);
                log.info("images from {}", resolver.where());
                yield resolver;
            }
        };
    }
}
