package dev.jvmbench.api.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

@ApiIntegrationTest
class CatalogApiTest {

    @LocalServerPort
    int port;

    @Test
    void listsEveryJdkWithTheReasonForAnUnavailableOne() {
        JsonNode items = ApiClient.admin(port).get("/api/v1/catalog/jdks").expect(200).json().get("items");
        assertThat(StreamSupport.stream(items.spliterator(), false).map(j -> j.get("version").asInt()))
                .containsExactly(21, 24, 25, 26);
        JsonNode jdk24 = items.get(1);
        assertThat(jdk24.get("available").asBoolean()).isFalse();
        assertThat(jdk24.get("reason").asString()).contains("registry");
        assertThat(items.get(0).get("image").asString()).isEqualTo("jvmbench/jdk:21");
    }

    @Test
    void listsTheBuiltInScenariosWithTheirParameters() {
        JsonNode body = ApiClient.admin(port).get("/api/v1/catalog/scenarios").expect(200).json();
        assertThat(StreamSupport.stream(body.get("items").spliterator(), false).map(s -> s.get("name").asString()))
                .containsExactly("io-http", "io-db", "cpu", "pinning", "sleep");
        JsonNode ioDb = body.get("items").get(1);
        assertThat(ioDb.at("/params/1/name").asString()).isEqualTo("poolSize");
        assertThat(ioDb.at("/params/1/max").asDouble()).isEqualTo(1000);
        assertThat(ioDb.at("/params/1/integer").asBoolean()).isTrue();
        assertThat(ioDb.at("/params/0/integer").asBoolean()).isFalse(); // sleepMs: 150.5 ms is a valid pg_sleep
        assertThat(body.get("threadModels").toString()).isEqualTo("[\"platform\",\"virtual\",\"webflux\"]");
    }
}
