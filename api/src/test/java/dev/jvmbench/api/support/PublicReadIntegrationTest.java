package dev.jvmbench.api.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * Like {@link ApiIntegrationTest} but with bench.security.public-read: every GET under /api is
 * open. Every test class with this annotation shares one application context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "bench.data-dir=target/it-data/public-read-${random.uuid}",
        "bench.db.embedded.ephemeral=true",
        "bench.db.embedded.binaries-dir=${user.home}/.cache/jvmbench/pg-binaries",
        "bench.security.bootstrap-token=" + ApiClient.ADMIN_TOKEN,
        "bench.security.public-read=true"})
public @interface PublicReadIntegrationTest {
}
