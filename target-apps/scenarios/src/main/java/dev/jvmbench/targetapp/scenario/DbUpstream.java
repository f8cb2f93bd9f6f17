package dev.jvmbench.targetapp.scenario;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.MeterRegistry;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/**
 * The io-db scenario: {@code SELECT pg_sleep(?)} through HikariCP.
 *
 * <p>The pool starts on the first request, not at startup: {@link HikariDataSource}'s no-arg
 * constructor defers the pool until the first {@code getConnection()}, so an app without
 * PostgreSQL starts fast and stays healthy. The data source is deliberately not a Spring bean:
 * no DataSource health indicator, no auto-configured pool, nothing touches the DB at startup.
 * Pool metrics ({@code hikaricp_connections_pending} etc.) go to Micrometer: the pool as the
 * bottleneck is what this scenario shows.
 */
public final class DbUpstream implements AutoCloseable {

    static final String POOL_NAME = "bench-db";

    private final UpstreamSettings settings;
    private final HikariDataSource dataSource; // null when BENCH_UPSTREAM_DB_URL is not set

    public DbUpstream(UpstreamSettings settings, MeterRegistry registry) {
        this.settings = settings;
        if (!settings.dbConfigured()) {
            this.dataSource = null;
            return;
        }
        HikariDataSource ds = new HikariDataSource();
        ds.setPoolName(POOL_NAME);
        ds.setJdbcUrl(settings.dbUrl());
        ds.setUsername(settings.dbUser());
        ds.setPassword(settings.dbPassword());
        ds.setMaximumPoolSize(settings.dbPoolSize());
        ds.setMinimumIdle(settings.dbPoolSize()); // a fixed-size pool, as in the field reports
        ds.setConnectionTimeout(settings.dbConnectionTimeout().toMillis());
        if (registry != null) {
            ds.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(registry));
        }
        this.dataSource = ds;
    }

    public int poolSize() {
        return settings.dbPoolSize();
    }

    /** Throws 503 problem details naming BENCH_UPSTREAM_DB_URL when no DB is configured. */
    public void requireConfigured() {
        if (dataSource == null) {
            throw new UpstreamNotConfiguredException(Scenario.IO_DB, UpstreamSettings.DB_URL_VARIABLE);
        }
    }

    /** Runs {@code SELECT pg_sleep(seconds)} on the calling thread, blocking it. */
    public void pgSleep(double seconds) {
        requireConfigured();
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement("SELECT pg_sleep(?)")) {
            statement.setDouble(1, seconds);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    // pg_sleep returns void: one row, nothing to read
                }
            }
        } catch (SQLTransientConnectionException e) {
            throw new UpstreamFailedException(Scenario.IO_DB, -1, true,
                    "no pooled DB connection within " + settings.dbConnectionTimeout().toMillis() + " ms");
        } catch (SQLException | HikariPool.PoolInitializationException e) {
            throw UpstreamFailedException.failure(Scenario.IO_DB, e);
        }
    }

    @Override
    public void close() {
        if (dataSource != null) {
            dataSource.close();
        }
    }
}
