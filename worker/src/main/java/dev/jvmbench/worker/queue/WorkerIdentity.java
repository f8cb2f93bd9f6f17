package dev.jvmbench.worker.queue;

import dev.jvmbench.worker.WorkerProperties;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Makes the worker's id exclusive among live workers: a PostgreSQL session-level advisory lock on
 * the id, held on a connection of its own for the worker's life. A worker that dies loses its
 * connection and so its lock, which lets its restarted successor (same id) take over at once the
 * runs and containers it left; a second live worker with the same id is refused at start-up,
 * before it could mistake the first one's runs for leftovers.
 */
@Component
public class WorkerIdentity implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(WorkerIdentity.class);
    /** The first key of the two-key advisory lock: keeps these locks apart from any other use. */
    private static final int LOCK_NAMESPACE = 0x6a766d62; // "jvmb"
    private final Connection connection;
    private final String id;

    WorkerIdentity(DataSource dataSource, WorkerProperties properties) throws SQLException {
        this.id = properties.id();
        if (!properties.enabled()) {
            this.connection = null;
            return;
        }
        this.connection = dataSource.getConnection();
        boolean locked;
        try (PreparedStatement lock = connection.prepareStatement("SELECT pg_try_advisory_lock(?, hashtext(?))")) {
            lock.setInt(1, LOCK_NAMESPACE);
            lock.setString(2, id);
            try (ResultSet rs = lock.executeQuery()) {
                rs.next();
                locked = rs.getBoolean(1);
            }
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        if (!locked) {
            connection.close();
            throw new IllegalStateException("another live worker uses the id '" + id + "' on this platform: give each "
                    + "worker its own bench.worker.id (the default is the host name, one worker per host)");
        }
        log.info("Worker id '{}' is this process's", id);
    }

    @Override
    public void destroy() throws SQLException {
        if (connection != null) {
            // Closing a pooled connection keeps its session (and a session lock) alive: unlock first.
            try (PreparedStatement unlock = connection.prepareStatement("SELECT pg_advisory_unlock(?, hashtext(?))")) {
                unlock.setInt(1, LOCK_NAMESPACE);
                unlock.setString(2, id);
                unlock.execute();
            } finally {
                connection.close();
            }
        }
    }
}
