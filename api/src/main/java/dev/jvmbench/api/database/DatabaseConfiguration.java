package dev.jvmbench.api.database;

import com.zaxxer.hikari.HikariDataSource;
import dev.jvmbench.api.config.BenchProperties;
import dev.jvmbench.common.OwnerOnlyFiles;
import dev.jvmbench.common.database.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The platform's PostgreSQL: the server named by BENCH_DB_URL, or else an embedded one whose
 * data lives under the data directory. Its connection settings are written to
 * data-dir/embedded-db.env (readable by the owner only) so that a worker on the same host can
 * join the same database.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

    @Bean(destroyMethod = "close")
    EmbeddedPostgresHolder embeddedPostgres(BenchProperties properties) {
        if (properties.db().external()) {
            return new EmbeddedPostgresHolder(null);
        }
        var embedded = properties.db().embedded();
        Path binaries = embedded.binariesDir() != null ? embedded.binariesDir()
                : properties.dataDir().resolve("pg-binaries");
        EmbeddedPostgres postgres = EmbeddedPostgres.start(properties.dataDir().resolve("db"), binaries,
                embedded.port(), embedded.ephemeral());
        writeConnectionFile(properties.dataDir(), postgres);
        return new EmbeddedPostgresHolder(postgres);
    }

    @Bean
    DataSource dataSource(BenchProperties properties, EmbeddedPostgresHolder holder) {
        HikariDataSource dataSource = new HikariDataSource();
        if (holder.postgres() == null) {
            dataSource.setJdbcUrl(properties.db().url());
            dataSource.setUsername(properties.db().user());
            dataSource.setPassword(properties.db().password());
        } else {
            dataSource.setJdbcUrl(holder.postgres().jdbcUrl());
            dataSource.setUsername(holder.postgres().user());
            dataSource.setPassword(holder.postgres().password());
        }
        dataSource.setPoolName("bench-api");
        // Requests (virtual threads, unbounded) queue for a connection up to connection-timeout;
        // past it they get a 503. 5 s: a request waits that long at worst while the database is
        // down, and far longer than the queue of a busy pool (see docs/operations.md).
        dataSource.setMaximumPoolSize(properties.db().pool().maxSize());
        dataSource.setConnectionTimeout(properties.db().pool().connectionTimeout().toMillis());
        dataSource.setInitializationFailTimeout(30_000);
        return dataSource;
    }

    private static void writeConnectionFile(Path dataDir, EmbeddedPostgres postgres) {
        Path file = dataDir.resolve("embedded-db.env");
        try {
            OwnerOnlyFiles.write(file, "BENCH_DB_URL=" + postgres.jdbcUrl() + "\nBENCH_DB_USER="
                    + postgres.user() + "\nBENCH_DB_PASSWORD=" + postgres.password() + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Holds the embedded server, or nothing when an external database is configured. */
    record EmbeddedPostgresHolder(EmbeddedPostgres postgres) implements AutoCloseable {
        @Override
        public void close() {
            if (postgres != null) {
                postgres.close();
            }
        }
    }
}
