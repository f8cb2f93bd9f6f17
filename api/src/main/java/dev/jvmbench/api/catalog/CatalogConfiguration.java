package dev.jvmbench.api.catalog;

import dev.jvmbench.api.config.BenchProperties;
import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.ScenarioCatalog;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The catalogues come from configuration files (bench.catalog.jdks / bench.catalog.scenarios). */
@Configuration(proxyBeanMethods = false)
class CatalogConfiguration {

    @Bean
    JdkCatalog jdkCatalog(BenchProperties properties) {
        return JdkCatalog.load(properties.catalog().jdks());
    }

    @Bean
    ScenarioCatalog scenarioCatalog(BenchProperties properties) {
        return ScenarioCatalog.load(properties.catalog().scenarios());
    }
}
