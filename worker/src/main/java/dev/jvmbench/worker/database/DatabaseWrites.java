package dev.jvmbench.worker.database;

import java.sql.SQLException;
import java.time.Duration;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.stereotype.Component;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Retries a write while the database is unreachable (a restart, a fail-over, a network blip):
 * 8 attempts, backoff from 0.5 s doubling to 15 s, about 45 s of waiting plus the pool's
 * connection timeouts. Only writes that are safe to repeat go through here: each is idempotent
 * (keyed inserts) or a compare-and-set on the run's status and owner.
 *
 * <p>Every attempt runs in a transaction of its own on a fresh connection (REQUIRES_NEW): inside a
 * Batch step the connection is bound to the thread for the whole step, and once the database
 * restarted that bound connection is dead, so a retry on it could never succeed.
 */
@Component
public final class DatabaseWrites {

    private static final Logger log = LoggerFactory.getLogger(DatabaseWrites.class);
    static final int ATTEMPTS = 8;
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(500);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(15);

    private final TransactionTemplate ownTransaction;

    public DatabaseWrites(DataSource dataSource) {
        this.ownTransaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        ownTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
    }

    public <T> T retrying(String what, Supplier<T> write) {
        return retrying(what, () -> ownTransaction.execute(status -> write.get()), FIRST_BACKOFF);
    }

    public void retrying(String what, Runnable write) {
        retrying(what, () -> {
            write.run();
            return null;
        });
    }

    /**
     * A closed or broken connection does not always come categorised: the pool's "Connection is
     * closed" reaches Spring as an uncategorised SQLException without SQL state. SQL state class 08
     * is "connection exception".
     */
    private static boolean connectionLost(RuntimeException e) {
        if (!(e instanceof UncategorizedSQLException uncategorized)) {
            return true;
        }
        SQLException cause = uncategorized.getSQLException();
        String state = cause == null ? null : cause.getSQLState();
        return state == null || state.startsWith("08");
    }

    static <T> T retrying(String what, Supplier<T> write, Duration firstBackoff) {
        Duration backoff = firstBackoff;
        for (int attempt = 1; ; attempt++) {
            try {
                return write.get();
            } catch (TransientDataAccessException | DataAccessResourceFailureException
                     | CannotCreateTransactionException | UncategorizedSQLException e) {
                if (attempt == ATTEMPTS || !connectionLost(e)) {
                    throw e;
                }
                log.warn("Writing {} failed ({}); retry {} of {} in {} ms", what, e.getClass().getSimpleName(),
                        attempt, ATTEMPTS - 1, backoff.toMillis());
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
                Duration doubled = backoff.multipliedBy(2);
                backoff = doubled.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : doubled;
            }
        }
    }
}
