package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.testing.NoUpstreamsContract;
import org.springframework.boot.test.context.SpringBootTest;

/** Started with no upstream configured at all, and a DB pool size set by property. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "bench.upstream.db-pool-size=7")
class NoUpstreamsTest extends NoUpstreamsContract {

    NoUpstreamsTest() {
        super("webflux", 7);
    }
}
