package dev.jvmbench.targetapp.scenario.testing;

import dev.jvmbench.targetapp.scenario.ErrorLogging;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An app started with no upstream configured at all (the image's state without BENCH_*
 * variables): a test class per app extends it and starts the app on a random port.
 */
public abstract class NoUpstreamsContract {

    private final String expectedThreadModel;
    private final int expectedDbPoolSize;

    @Value("${local.server.port}")
    protected int port;
    @Autowired
    protected ErrorLogging errorLogging;

    /**
     * @param expectedThreadModel the thread model the app runs without any setting of it
     * @param expectedDbPoolSize  the DB pool size the test class started the app with
     */
    protected NoUpstreamsContract(String expectedThreadModel, int expectedDbPoolSize) {
        this.expectedThreadModel = expectedThreadModel;
        this.expectedDbPoolSize = expectedDbPoolSize;
    }

    @Test
    void theLoggersExceptionSupportIsLoadedAtStartNotUnderTheFirstOutOfMemoryError() {
        assertThat(errorLogging.loaded()).containsExactlyElementsOf(ErrorLogging.CLASSES);
    }

    @Test
    void theAppIsHealthyAndIoScenariosSayWhichVariableIsMissing() {
        var client = new TestClient(port);
        assertThat(client.get("/actuator/health/readiness").json().get("status").asString()).isEqualTo("UP");

        var info = client.get("/info").json();
        assertThat(info.get("threadModel").asString()).isEqualTo(expectedThreadModel);
        assertThat(info.get("upstreamHttpConfigured").asBoolean()).isFalse();
        assertThat(info.get("dbPoolSize").asInt()).isEqualTo(expectedDbPoolSize);

        var http = client.get("/scenarios/io-http");
        assertThat(http.status()).isEqualTo(503);
        assertThat(http.contentType()).startsWith(ScenarioContract.PROBLEM_JSON);
        assertThat(http.json().get("missingVariable").asString()).isEqualTo("BENCH_UPSTREAM_HTTP_URL");

        var db = client.get("/scenarios/io-db");
        assertThat(db.status()).isEqualTo(503);
        assertThat(db.json().get("missingVariable").asString()).isEqualTo("BENCH_UPSTREAM_DB_URL");
    }
}
