package dev.jvmbench.worker.container;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The engine as a bean. The docker-java client stays inside it rather than being a bean of its
 * own: other packages could then inject it and talk to Docker around the adapter. It is built
 * lazily, on the first call, so that a worker whose engine is briefly down still starts (and
 * reports "engine unavailable" for the run instead of crash-looping).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ContainerEngineProperties.class)
class ContainerEngineConfiguration {

    @Bean(destroyMethod = "close")
    ContainerEngine containerEngine(ContainerEngineProperties properties) {
        return ContainerEngine.docker(properties);
    }
}
