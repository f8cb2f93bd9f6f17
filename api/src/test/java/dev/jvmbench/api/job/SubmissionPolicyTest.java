package dev.jvmbench.api.job;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** A submission can only ask for what the site allows: images, JVM options, environment. */
@ApiIntegrationTest
class SubmissionPolicyTest {

    @LocalServerPort
    int port;

    private ApiClient.Response submit(Map<String, Object> body) {
        return ApiClient.admin(port).postJson("/api/v1/jobs", body);
    }

    @Test
    void onlyThePlatformsOwnImagesAndConfiguredRegistriesRun() {
        submit(JobBodies.userImage("jvmbench/target-mvc:jdk25")).expect(201);
        submit(JobBodies.userImage("registry.example/shop:1.0")).expect(201);   // bench.policy.registries in tests
        for (String image : List.of("docker.io/evil/miner:1", "registry.example.evil/shop:1", "alpine:3",
                "jvmbenchx/app:1")) {
            assertThat(submit(JobBodies.userImage(image)).expect(400).fieldError("app.image"))
                    .contains("is not allowed here").contains("jvmbench/*");
        }
        Map<String, Object> templated = JobBodies.userImage("registry.example/shop:jdk{jdk}");
        templated.put("jdks", List.of(21, 25));
        submit(templated).expect(201);
    }

    @Test
    void jvmOptionsOutsideTheAllowlistAreRefused() {
        Map<String, Object> body = JobBodies.valid();
        body.put("jvmOptions", List.of("-Xmx256m", "-XX:+UseZGC", "-XX:+AlwaysPreTouch", "-XX:MaxRAMPercentage=75"));
        submit(body).expect(201);
        for (String option : List.of("-javaagent:/tmp/agent.jar", "-agentpath:/tmp/libx.so", "-XX:OnOutOfMemoryError=sh -c id",
                "-XX:OnError=touch /tmp/x", "-XX:+UnlockDiagnosticVMOptions", "-Xbootclasspath/a:/tmp",
                "-Dserver.port=1", "-Dspring.threads.virtual.enabled=true")) {
            body.put("jvmOptions", List.of("-Xmx256m", option));
            assertThat(submit(body).expect(400).fieldError("jvmOptions[1]")).as(option)
                    .contains("is not an allowed JVM option");
        }
    }

    @Test
    void thePlatformsOwnEnvironmentCannotBeOverridden() {
        Map<String, Object> body = JobBodies.valid();
        body.put("env", map("FEATURE_FLAG", "on"));
        submit(body).expect(201);
        for (String name : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "SERVER_PORT", "SPRING_THREADS_VIRTUAL_ENABLED",
                "BENCH_UPSTREAM_HTTP_URL", "LD_PRELOAD", "MANAGEMENT_SERVER_PORT", "SPRING_APPLICATION_JSON")) {
            body.put("env", map(name, "x"));
            assertThat(submit(body).expect(400).fieldError("env." + name)).as(name).contains("is reserved");
        }
    }
}
