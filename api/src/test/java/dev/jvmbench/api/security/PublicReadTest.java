package dev.jvmbench.api.security;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.PublicReadIntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** With bench.security.public-read every GET under /api is open; writing still needs a token. */
@PublicReadIntegrationTest
class PublicReadTest {

    @LocalServerPort
    int port;

    @Test
    void readsNeedNoTokenButWritesAndTokenManagementDo() {
        ApiClient anonymous = ApiClient.admin(port).withToken(null);
        anonymous.get("/api/v1/jobs").expect(200);
        anonymous.get("/api/v1/catalog/jdks").expect(200);
        anonymous.get("/api/v1/jobs/987654").expect(404);
        anonymous.postJson("/api/v1/jobs", JobBodies.valid()).expect(401);
        anonymous.post("/api/v1/jobs/1/cancel").expect(401);
        anonymous.get("/api/v1/tokens").expect(401);
        ApiClient.admin(port).postJson("/api/v1/jobs", JobBodies.valid()).expect(201);
    }
}
