package dev.jvmbench.api.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The api over real HTTP on a random port, on a real (embedded) PostgreSQL in a fresh data
 * directory, with the default submission policy: the installation openapi.yaml describes. Every
 * test class with the same annotation shares one application context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "bench.data-dir=target/it-data/${random.uuid}",
        "bench.db.embedded.ephemeral=true",
        "bench.db.embedded.binaries-dir=${user.home}/.cache/jvmbench/pg-binaries",
        "bench.security.bootstrap-token=" + ApiClient.ADMIN_TOKEN,
        "bench.artifacts.max-size=1MB"})
public @interface ApiIntegrationTest {
}
