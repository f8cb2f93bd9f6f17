package dev.jvmbench.worker.image;

import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngineProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The resolver as a bean; the catalogue is read once, at start, so a broken file stops the worker early. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ImageProperties.class)
class ImageConfiguration {

    @Bean
    ImageResolver imageResolver(ContainerEngine engine, ContainerEngineProperties engineProperties,
            ImageProperties properties) {
        return new ImageResolver(engine, JdkCatalog.load(properties.jdkCatalog()), properties, engineProperties.host());
    }
}
