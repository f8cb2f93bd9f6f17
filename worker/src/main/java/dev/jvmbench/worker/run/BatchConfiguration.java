package dev.jvmbench.worker.run;

import org.springframework.batch.core.configuration.annotation.EnableBatchProcessing;
import org.springframework.batch.core.configuration.annotation.EnableJdbcJobRepository;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.annotation.Isolation;

/**
 * Spring Batch with the JDBC job repository in the platform's PostgreSQL (schema by Flyway,
 * V7), so every run's steps and their exit statuses are kept and queryable next to the run.
 *
 * <p>Job instances are created READ COMMITTED, not Batch's default SERIALIZABLE: with several
 * workers on one database, two workers starting their runs at the same moment made PostgreSQL
 * cancel one insert into BATCH_JOB_INSTANCE ("could not serialize access due to read/write
 * dependencies among transactions") and the run failed before its first step (seen in
 * ScaleOutEndToEndTest). SERIALIZABLE guards against two launchers creating the same instance;
 * here an instance is (runId, attempt), which only the worker that claimed the run creates, and
 * the unique key on (JOB_NAME, JOB_KEY) still refuses a duplicate.
 */
@Configuration(proxyBeanMethods = false)
@EnableBatchProcessing
@EnableJdbcJobRepository(isolationLevelForCreate = Isolation.READ_COMMITTED)
class BatchConfiguration {
}
