package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.testing.NoUpstreamsContract;
import org.springframework.boot.test.context.SpringBootTest;

/** Started with no upstream configured at all: platform threads and a DB pool of 10 by default. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class NoUpstreamsTest extends NoUpstreamsContract {

    NoUpstreamsTest() {
        super("platform", 10);
    }
}
