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
    void aDefaultInstallationRunsOnlyThePlatformsOwnImages() {
        submit(JobBodies.userImage("jvmbench/target-mvc:jdk25")).expect(201);
        for (String image : List.of("registry.example/shop:1.0", "docker.io/evil/miner:1", "alpine:3", "jvmbenchx/app:1")) {
            assertThat(submit(JobBodies.userImage(image)).expect(400).fieldError("app.image"))
                    .contains("is not allowed here").contains("jvmbench/*");
        }
        Map<String, Object> templated = JobBodies.userImage("jvmbench/target-mvc:jdk{jdk}");
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

    /**
     * The worker joins the options with spaces into JAVA_TOOL_OPTIONS: an allowed prefix followed by
     * a space and anything else would be two options, the second never checked.
     */
    @Test
    void anAllowedOptionCannotCarryASecondOne() {
        Map<String, Object> body = JobBodies.valid();
        for (String smuggled : List.of("-Xmx1g -javaagent:/tmp/agent.jar", "-Xmx1g\t-XX:OnError=id", " -Xmx1g",
                "-Dfile.encoding=UTF-8\n-agentpath:/x.so", "-Xmx1g ")) {
            body.put("jvmOptions", List.of(smuggled));
            assertThat(submit(body).expect(400).fieldError("jvmOptions[0]")).as(smuggled)
                    .contains("one token of visible ASCII");
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
