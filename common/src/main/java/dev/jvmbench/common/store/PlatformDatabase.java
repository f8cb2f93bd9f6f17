package dev.jvmbench.common.store;

import org.springframework.jdbc.core.simple.JdbcClient;

/** Which database this platform is: no table, but SQL all the same, so it lives with the owners. */
public class PlatformDatabase {

    private final JdbcClient jdbc;
    private volatile String id;

    public PlatformDatabase(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The cluster's system identifier and the database's name: tells this platform's containers
     * from another platform's on a shared host. Read once.
     */
    public String id() {
        String known = id;
        if (known == null) {
            known = jdbc.sql("SELECT (SELECT system_identifier FROM pg_control_system())::text || '-' || current_database()")
                    .query(String.class).single();
            id = known;
        }
        return known;
    }
}
