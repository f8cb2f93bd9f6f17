package dev.jvmbench.common.database;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded server is a real PostgreSQL whose data outlives the process that started it. */
class EmbeddedPostgresTest {

    private static final Path BINARIES = Path.of(System.getProperty("user.home"), ".cache/jvmbench/pg-binaries");

    @Test
    void dataSurvivesARestartAndThePasswordIsRequired(@TempDir Path home) throws Exception {
        try (EmbeddedPostgres first = EmbeddedPostgres.start(home, BINARIES, 0, false);
             Connection c = DriverManager.getConnection(first.jdbcUrl(), first.user(), first.password());
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE kept (v text)");
            s.execute("INSERT INTO kept VALUES ('across restarts')");
            assertThat(first.password()).hasSizeGreaterThan(20);
            org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                    DriverManager.getConnection(first.jdbcUrl(), first.user(), "wrong"))
                    .hasMessageContaining("password authentication failed");
            // no trust: without a password the server refuses, whoever asks
            java.util.Properties none = new java.util.Properties();
            none.setProperty("user", first.user());
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> DriverManager.getConnection(first.jdbcUrl(), none))
                    .hasMessageContaining("password");
            assertThat(java.nio.file.Files.getPosixFilePermissions(home.resolve("db-password")))
                    .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        }
        // a password file someone widened is narrowed again
        java.nio.file.Files.setPosixFilePermissions(home.resolve("db-password"),
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        try (EmbeddedPostgres second = EmbeddedPostgres.start(home, BINARIES, 0, false);
             Connection c = DriverManager.getConnection(second.jdbcUrl(), second.user(), second.password());
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT v, version() FROM kept")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("across restarts");
            assertThat(rs.getString(2)).startsWith("PostgreSQL 17");
            assertThat(java.nio.file.Files.getPosixFilePermissions(home.resolve("db-password")))
                    .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        }
    }

    @Test
    void anEphemeralServerLeavesNoData(@TempDir Path home) {
        EmbeddedPostgres.start(home.resolve("db"), BINARIES, 0, true).close();
        assertThat(home.resolve("db")).doesNotExist();
    }
}
