package dev.jvmbench.worker;

import dev.jvmbench.common.store.StoreConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Import;

/**
 * The benchmark worker: claims queued runs from the platform's PostgreSQL and executes each as a
 * Spring Batch job on this host's Docker engine. Start one per benchmark host.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
@Import(StoreConfiguration.class)
public class WorkerApplication {

    public static void main(String[] args) {
        SpringApplication.run(WorkerApplication.class, args);
    }
}
