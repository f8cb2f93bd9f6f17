package dev.jvmbench.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class BenchPropertiesTest {

    private static final BenchProperties.EmbeddedDb EMBEDDED = new BenchProperties.EmbeddedDb(0, false, null);
    private static final BenchProperties.Pool POOL = new BenchProperties.Pool(20, java.time.Duration.ofSeconds(5));

    @Test
    void anExternalDatabaseIsNeverUsedWithoutAPassword() {
        String url = "jdbc:postgresql://127.0.0.1:5432/bench";

        assertThatIllegalArgumentException().isThrownBy(() -> new BenchProperties.Db(url, "bench", null, EMBEDDED, POOL))
                .withMessageContaining("BENCH_DB_PASSWORD");
        assertThatIllegalArgumentException().isThrownBy(() -> new BenchProperties.Db(url, "bench", " ", EMBEDDED, POOL));
        assertThat(new BenchProperties.Db(url, "bench", "s3cret", EMBEDDED, POOL).external()).isTrue();
        // the embedded server makes its own password
        assertThat(new BenchProperties.Db(null, null, null, EMBEDDED, POOL).external()).isFalse();
    }
}
