package dev.jvmbench.worker.queue;

import dev.jvmbench.worker.WorkerProperties;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Makes the worker's id exclusive among live workers for the worker's life (WorkerIdClaim): the
 * claim made at start (WorkerIdAtStart, when the launcher asked for it), else one made here, on a
 * connection of the pool's, for exactly the configured id. A second live worker with the same id is
 * refused at start-up, before it could mistake the first one's runs for leftovers.
 */
@Component
public class WorkerIdentity implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(WorkerIdentity.class);
    private final WorkerIdClaim claim;

    @Autowired
    WorkerIdentity(DataSource dataSource, WorkerProperties properties, Environment environment) throws SQLException {
        if (!properties.enabled()) {
            this.claim = null;
            return;
        }
        WorkerIdClaim atStart = environment == null ? null : WorkerIdAtStart.claimIn(environment);
        if (atStart != null && atStart.id().equals(properties.id())) {
            this.claim = atStart;
            log.info("Worker id '{}' is this process's (claimed at start)", claim.id());
        } else {
            this.claim = WorkerIdClaim.claim(dataSource.getConnection(), properties.id(), WorkerProperties.hostName());
            log.info("Worker id '{}' is this process's", claim.id());
        }
    }

    WorkerIdentity(DataSource dataSource, WorkerProperties properties) throws SQLException {
        this(dataSource, properties, null);
    }

    @Override
    public void destroy() throws SQLException {
        if (claim != null) {
            claim.close();
        }
    }
}
