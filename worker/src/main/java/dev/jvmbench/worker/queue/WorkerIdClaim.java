package dev.jvmbench.worker.queue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A worker id held exclusively among the live workers of one platform: a PostgreSQL session-level
 * advisory lock on the id, on a connection of its own, for the worker's life. The only place where
 * ids are given out: the worker asks for one at start (WorkerIdAtStart, WorkerIdentity), and
 * {@code ./bench} learns which it got. A worker that dies loses its connection and so its lock, which
 * lets its restarted successor (same id) take over at once the runs and containers it left.
 */
public final class WorkerIdClaim implements AutoCloseable {

    /** The first key of the two-key advisory lock: keeps these locks apart from any other use. */
    private static final int LOCK_NAMESPACE = 0x6a766d62; // "jvmb"
    /** Ids tried when none is given: the host name, then the host name with -2 ... -99. */
    static final int AUTO_CANDIDATES = 99;

    private final Connection connection;
    private final String id;

    private WorkerIdClaim(Connection connection, String id) {
        this.connection = connection;
        this.id = id;
    }

    /**
     * Claims {@code wanted} on {@code connection}, or, with none wanted, the first free of
     * {@code host}, {@code host-2} ... {@code host-99}. The claim owns the connection from here on;
     * it is closed when nothing could be claimed.
     */
    public static WorkerIdClaim claim(Connection connection, String wanted, String host) throws SQLException {
        boolean given = wanted != null && !wanted.isBlank();
        try {
            for (String candidate : candidates(given ? wanted : null, host)) {
                if (tryLock(connection, candidate)) {
                    return new WorkerIdClaim(connection, candidate);
                }
            }
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
        connection.close();
        throw new IllegalStateException(given
                ? "another live worker uses the id '" + wanted + "' on this platform: give each worker its own "
                        + "bench.worker.id (./bench worker --id; the default is the host name, then <host>-2, -3...)"
                : "the ids " + host + " to " + host + "-" + AUTO_CANDIDATES + " are all taken by live workers of this "
                        + "platform: give this one an id of its own (bench.worker.id, ./bench worker --id)");
    }

    static List<String> candidates(String wanted, String host) {
        if (wanted != null) {
            return List.of(wanted);
        }
        List<String> ids = new ArrayList<>(AUTO_CANDIDATES);
        ids.add(host);
        for (int n = 2; n <= AUTO_CANDIDATES; n++) {
            ids.add(host + "-" + n);
        }
        return ids;
    }

    private static boolean tryLock(Connection connection, String id) throws SQLException {
        try (PreparedStatement lock = connection.prepareStatement("SELECT pg_try_advisory_lock(?, hashtext(?))")) {
            lock.setInt(1, LOCK_NAMESPACE);
            lock.setString(2, id);
            try (ResultSet rs = lock.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    public String id() {
        return id;
    }

    /** Gives the id up: unlocks first, since closing a pooled connection keeps its session (and the lock) alive. */
    @Override
    public void close() throws SQLException {
        try (PreparedStatement unlock = connection.prepareStatement("SELECT pg_advisory_unlock(?, hashtext(?))")) {
            unlock.setInt(1, LOCK_NAMESPACE);
            unlock.setString(2, id);
            unlock.execute();
        } finally {
            connection.close();
        }
    }
}
