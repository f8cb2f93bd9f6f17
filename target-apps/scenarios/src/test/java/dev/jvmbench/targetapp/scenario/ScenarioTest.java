package dev.jvmbench.targetapp.scenario;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScenarioTest {

    @Test
    void defaultsApplyWhenAParameterIsAbsent() {
        assertThat(Scenario.millis("ms", null, 200)).isEqualTo(200);
        assertThat(Scenario.seconds("seconds", null)).isEqualTo(0.2);
        assertThat(Scenario.primeLimit("limit", null)).isEqualTo(Primes.DEFAULT_LIMIT);
    }

    @Test
    void outOfRangeValuesNameTheParameter() {
        assertThatThrownBy(() -> Scenario.millis("ms", -1L, 200))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'ms'");
        assertThatThrownBy(() -> Scenario.millis("ms", Scenario.MAX_SLEEP_MS + 1, 200))
                .isInstanceOf(InvalidParameterException.class);
        assertThatThrownBy(() -> Scenario.seconds("seconds", Double.NaN))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'seconds'");
        assertThatThrownBy(() -> Scenario.seconds("seconds", Double.POSITIVE_INFINITY))
                .isInstanceOf(InvalidParameterException.class);
        assertThatThrownBy(() -> Scenario.primeLimit("limit", 1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'limit'");
        assertThatThrownBy(() -> Scenario.primeLimit("limit", Scenario.MAX_PRIME_LIMIT + 1))
                .isInstanceOf(InvalidParameterException.class);
    }

    @Test
    void blankUpstreamsAreNotConfiguredAndTheMissingVariableIsNamed() {
        var settings = new UpstreamSettings(" ", "", null, null, 0, null, null, null);
        assertThat(settings.httpConfigured()).isFalse();
        assertThat(settings.dbConfigured()).isFalse();
        assertThat(settings.dbPoolSize()).isEqualTo(UpstreamSettings.DEFAULT_DB_POOL_SIZE);
        assertThatThrownBy(settings::requireHttpUrl)
                .isInstanceOf(UpstreamNotConfiguredException.class)
                .hasMessageContaining("BENCH_UPSTREAM_HTTP_URL");
        try (var db = new DbUpstream(settings, null)) {
            assertThatThrownBy(() -> db.pgSleep(0.1))
                    .isInstanceOf(UpstreamNotConfiguredException.class)
                    .hasMessageContaining("BENCH_UPSTREAM_DB_URL");
        }
    }

    @Test
    void theDbPoolDoesNotConnectUntilTheFirstQuery() {
        // nothing listens on port 1: an eager pool would fail here
        var settings = new UpstreamSettings(null, "jdbc:postgresql://127.0.0.1:1/bench", "bench", "secret", 3,
                null, null, Duration.ofMillis(500));
        try (var db = new DbUpstream(settings, null)) {
            assertThat(db.poolSize()).isEqualTo(3);
            assertThatThrownBy(() -> db.pgSleep(0.01)).isInstanceOf(UpstreamFailedException.class)
                    .hasMessageNotContaining("secret");
        }
        assertThat(settings.toString()).doesNotContain("secret");
    }

    @Test
    void pinningSleepsAtLeastTheRequestedTimeOnRotatingMonitors() {
        var pinning = new Pinning();
        Stopwatch watch = Stopwatch.start();
        int first = pinning.sleepHoldingMonitor(20);
        int second = pinning.sleepHoldingMonitor(20);
        assertThat(watch.elapsedMs()).isGreaterThanOrEqualTo(40);
        assertThat(second).isEqualTo((first + 1) % Pinning.STRIPES);
    }
}
