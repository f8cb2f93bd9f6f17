package dev.jvmbench.api.security;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import dev.jvmbench.api.config.BenchProperties;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

@ApiIntegrationTest
class SecurityApiTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    BenchProperties properties;
    ApiClient admin;

    @BeforeEach
    void client() {
        admin = ApiClient.admin(port);
    }

    private String issue(String role) {
        return admin.postJson("/api/v1/tokens", map("name", "test-" + role, "role", role)).expect(201)
                .json().get("token").asString();
    }

    @Test
    void everyApiEndpointNeedsAToken() {
        ApiClient anonymous = admin.withToken(null);
        var missing = anonymous.get("/api/v1/jobs").expect(401);
        assertThat(missing.header("WWW-Authenticate")).startsWith("Bearer");
        assertThat(missing.json().get("detail").asString()).contains("Authorization: Bearer");
        anonymous.postJson("/api/v1/jobs", JobBodies.valid()).expect(401);
        anonymous.get("/api/v1/catalog/jdks").expect(401);
        anonymous.post("/api/v1/jobs/1/cancel").expect(401);
    }

    @Test
    void anUnknownOrMalformedTokenIsRefused() {
        assertThat(admin.withToken("bench_not-a-real-token-000000000000000").get("/api/v1/jobs").expect(401)
                .json().get("detail").asString()).contains("unknown or revoked");
        assertThat(admin.withAuthorization("Basic YWRtaW46YWRtaW4=").get("/api/v1/jobs").expect(401)
                .json().get("detail").asString()).contains("'Bearer <token>'");
        admin.withAuthorization("Bearer").get("/api/v1/jobs").expect(401);
    }

    @Test
    void aReadTokenMayReadButNotWrite() {
        ApiClient reader = admin.withToken(issue("read"));
        reader.get("/api/v1/jobs").expect(200);
        reader.get("/api/v1/catalog/scenarios").expect(200);
        var forbidden = reader.postJson("/api/v1/jobs", JobBodies.valid()).expect(403);
        assertThat(forbidden.json().get("detail").asString()).contains("POST /api/v1/jobs");
        reader.post("/api/v1/jobs/1/cancel").expect(403);
        reader.upload("/api/v1/artifacts", "file", "app.jar", "application/java-archive", new byte[] {1}).expect(403);
        reader.get("/api/v1/tokens").expect(403);
    }

    @Test
    void aSubmitTokenMaySubmitAndCancelButNotManageTokens() {
        ApiClient submitter = admin.withToken(issue("submit"));
        long id = submitter.postJson("/api/v1/jobs", JobBodies.valid()).expect(201).json().get("id").asLong();
        submitter.post("/api/v1/jobs/" + id + "/cancel").expect(200);
        submitter.postJson("/api/v1/tokens", map("name", "x", "role", "admin")).expect(403);
        Long createdBy = jdbc.sql("SELECT created_by FROM jobs WHERE id = :id").param("id", id).query(Long.class).single();
        assertThat(createdBy).isNotNull();
    }

    @Test
    void tokensAreStoredHashedListedWithoutSecretAndRevocable() {
        var created = admin.postJson("/api/v1/tokens", map("name", "ci", "role", "submit")).expect(201);
        String token = created.json().get("token").asString();
        long id = created.json().get("id").asLong();
        assertThat(token).startsWith("bench_");
        assertThat(created.header("Location")).isEqualTo("/api/v1/tokens/" + id);

        String stored = jdbc.sql("SELECT token_sha256 FROM api_tokens WHERE id = :id").param("id", id)
                .query(String.class).single();
        assertThat(stored).hasSize(64).isNotEqualTo(token).doesNotContain(token.substring(6, 20));
        assertThat(admin.get("/api/v1/tokens").expect(200).body()).doesNotContain(token).contains("\"ci\"");

        ApiClient ci = admin.withToken(token);
        ci.get("/api/v1/jobs").expect(200);
        assertThat(admin.delete("/api/v1/tokens/" + id).expect(200).json().get("revokedAt").isNull()).isFalse();
        ci.get("/api/v1/jobs").expect(401);
        admin.delete("/api/v1/tokens/987654").expect(404);
    }

    @Test
    void badTokenRequests() {
        assertThat(admin.postJson("/api/v1/tokens", map("name", "", "role", "root")).expect(400).fieldError("role"))
                .contains("[read, submit, admin]");
        assertThat(admin.postJson("/api/v1/tokens", map("name", "")).expect(400).fieldError("name")).isEqualTo("is required");
    }

    @Test
    void theFirstAdminTokenIsInAnOwnerOnlyFile() throws Exception {
        Path file = properties.dataDir().resolve("admin-token");
        assertThat(Files.readString(file).trim()).isEqualTo(ApiClient.ADMIN_TOKEN);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    @Test
    void healthMetricsAndTheContractAreOpen() {
        ApiClient anonymous = admin.withToken(null);
        anonymous.get("/actuator/health").expect(200);
        assertThat(anonymous.get("/actuator/prometheus").expect(200).body()).contains("jvm_threads_live_threads");
        anonymous.get("/v3/api-docs").expect(200);
    }
}
