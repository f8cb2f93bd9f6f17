package dev.jvmbench.api.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.hibernate.exception.GenericJDBCException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.orm.jpa.JpaSystemException;

class ProblemsTest {

    @Test
    void aLostConnectionIsAnOutageHoweverItIsWrapped() {
        assertThat(Problems.isDatabaseUnavailable(new CannotGetJdbcConnectionException("pool empty"))).isTrue();
        assertThat(Problems.isDatabaseUnavailable(new RuntimeException(new SQLTransientConnectionException("timeout"))))
                .isTrue();
        // Hibernate wraps a connection that broke mid-query; only the SQL state says what happened
        assertThat(Problems.isDatabaseUnavailable(new JpaSystemException(new RuntimeException(
                new SQLException("I/O error", "08006"))))).isTrue();
        assertThat(Problems.isDatabaseUnavailable(new IllegalStateException(new SQLException("Connection is closed"))))
                .isTrue();
        // a pooled connection when PostgreSQL stops under it (a CI run's token lookup got this as a 500)
        assertThat(Problems.isDatabaseUnavailable(new JpaSystemException(new GenericJDBCException(
                "JDBC exception executing SQL", new SQLException("FATAL: terminating connection due to administrator command",
                        "57P01"))))).isTrue();
        assertThat(Problems.isDatabaseUnavailable(new SQLException("the database system is starting up", "57P03")))
                .isTrue();
    }

    @Test
    void refusedDataAndBugsAreNotAnOutage() {
        assertThat(Problems.isDatabaseUnavailable(new DataIntegrityViolationException("x",
                new SQLException("invalid byte sequence", "22021")))).isFalse();
        assertThat(Problems.isDatabaseUnavailable(new SQLException("syntax error", "42601"))).isFalse();
        assertThat(Problems.isDatabaseUnavailable(new NullPointerException())).isFalse();
    }
}
