package dev.jvmbench.worker.container;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The engine as a bean, chosen by {@code bench.worker.engine} ({@code docker}, the default, or
 * {@code kubernetes}). The docker-java and Kubernetes clients stay inside it rather than being
 * beans of their own: other packages could then inject them and talk to the engine around the
 * adapter. Both connect lazily, on the first call, so that a worker whose engine is briefly down
 * still starts (and reports "engine unavailable" for the run instead of crash-looping).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ContainerEngineProperties.class, KubernetesEngineProperties.class})
class ContainerEngineConfiguration {

    @Bean(destroyMethod = "close")
    ContainerEngine containerEngine(@Value("${bench.worker.engine:docker}") String engine,
                                    ContainerEngineProperties docker, KubernetesEngineProperties kubernetes) {
        return ContainerEngines.of(ContainerEngine.Kind.of(engine), docker, kubernetes);
    }
}
