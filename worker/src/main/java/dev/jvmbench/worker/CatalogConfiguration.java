package dev.jvmbench.worker;

import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.ScenarioCatalog;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The same catalogue files as the api (bench.catalog.jdks / bench.catalog.scenarios). */
@Configuration(proxyBeanMethods = false)
class CatalogConfiguration {

    @Bean
    JdkCatalog jdkCatalog(@Value("${bench.catalog.jdks:" + JdkCatalog.DEFAULT_LOCATION + "}") String location) {
        return JdkCatalog.load(location);
    }

    @Bean
    ScenarioCatalog scenarioCatalog(
            @Value("${bench.catalog.scenarios:" + ScenarioCatalog.DEFAULT_LOCATION + "}") String location) {
        return ScenarioCatalog.load(location);
    }
}
