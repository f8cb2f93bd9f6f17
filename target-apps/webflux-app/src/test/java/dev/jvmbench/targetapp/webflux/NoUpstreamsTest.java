package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.ErrorLogging;
import dev.jvmbench.targetapp.scenario.testing.TestClient;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/** Started with no upstream configured at all (the image's state without BENCH_* variables). */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "bench.upstream.db-pool-size=7")
class NoUpstreamsTest {

    @Value("${local.server.port}")
    int port;
    @Autowired
    ErrorLogging errorLogging;

    @Test
    void theLoggersExceptionSupportIsLoadedAtStartNotUnderTheFirstOutOfMemoryError() {
        assertThat(errorLogging.loaded()).containsExactlyElementsOf(ErrorLogging.CLASSES);
    }

    @Test
    void theAppIsHealthyAndIoScenariosSayWhichVariableIsMissing() {
        var client = new TestClient(port);
        assertThat(client.get("/actuator/health/readiness").json().get("status").asString()).isEqualTo("UP");

        var info = client.get("/info").json();
        assertThat(info.get("threadModel").asString()).isEqualTo("webflux");
        assertThat(info.get("upstreamHttpConfigured").asBoolean()).isFalse();
        assertThat(info.get("dbPoolSize").asInt()).isEqualTo(7);

        var http = client.get("/scenarios/io-http");
        assertThat(http.status()).isEqualTo(503);
        assertThat(http.contentType()).startsWith("application/problem+json");
        assertThat(http.json().get("missingVariable").asString()).isEqualTo("BENCH_UPSTREAM_HTTP_URL");

        var db = client.get("/scenarios/io-db");
        assertThat(db.status()).isEqualTo(503);
        assertThat(db.json().get("missingVariable").asString()).isEqualTo("BENCH_UPSTREAM_DB_URL");
    }
}
