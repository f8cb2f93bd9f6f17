package dev.jvmbench.worker.run;

import org.springframework.batch.core.configuration.annotation.EnableBatchProcessing;
import org.springframework.batch.core.configuration.annotation.EnableJdbcJobRepository;
import org.springframework.context.annotation.Configuration;

/**
 * Spring Batch with the JDBC job repository in the platform's PostgreSQL (schema by Flyway,
 * V7), so every run's steps and their exit statuses are kept and queryable next to the run.
 */
@Configuration(proxyBeanMethods = false)
@EnableBatchProcessing
@EnableJdbcJobRepository
class BatchConfiguration {
}
