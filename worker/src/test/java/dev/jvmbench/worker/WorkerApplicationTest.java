package dev.jvmbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;

import dev.jvmbench.common.database.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngineProperties;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The whole worker context starts on a real PostgreSQL (migrated by Flyway, Batch schema
 * included); the engine is a bean built from bound properties, and it reaches the real engine.
 */
@SpringBootTest(properties = {
        "bench.worker.enabled=false",
        "bench.container-engine.poll-interval=50ms",
        "bench.container-engine.response-timeout=90s"})
class WorkerApplicationTest {

    static final EmbeddedPostgres POSTGRES = EmbeddedPostgres.start(
            Path.of("target", "worker-app-test-db-" + ProcessHandle.current().pid()),
            Path.of(System.getProperty("user.home"), ".cache/jvmbench/pg-binaries"), 0, true);

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", POSTGRES::jdbcUrl);
        registry.add("spring.datasource.username", POSTGRES::user);
        registry.add("spring.datasource.password", POSTGRES::password);
    }

    @AfterAll
    static void stopDatabase() {
        POSTGRES.close();
    }

    @Autowired
    org.springframework.batch.core.repository.JobRepository jobRepository;

    @Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    @Test
    void migratesTheSchemaAndKeepsBatchInTheSameDatabase() {
        assertThat(jdbc.sql("SELECT count(*) FROM batch_job_instance").query(Long.class).single()).isNotNull();
        assertThat(jdbc.sql("SELECT count(*) FROM runs").query(Long.class).single()).isZero();
        assertThat(jobRepository).isNotNull();
    }

    @Autowired
    ContainerEngine engine;

    @Autowired
    ContainerEngineProperties properties;

    @Test
    void wiresTheContainerEngineFromProperties() {
        assertThat(properties.pollInterval()).isEqualTo(Duration.ofMillis(50));
        assertThat(properties.responseTimeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(properties.host()).isEqualTo(ContainerEngineProperties.DEFAULT_HOST);

        engine.ping();
        assertThat(engine.version().clientApiVersion()).isNotBlank();
    }
}
