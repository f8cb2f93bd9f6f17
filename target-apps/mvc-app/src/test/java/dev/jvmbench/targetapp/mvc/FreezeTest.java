package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.testing.FreezeContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.annotation.DirtiesContext;

/**
 * freezeAfterRequests: the virtual-thread Tomcat answers N sleep requests, then no scenario request at all,
 * while it stays alive and its probes and metrics keep answering. Its own context, closed after
 * the class: closing releases the hung requests.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {"spring.threads.virtual.enabled=true", "bench.http-client.executor=auto"})
@DirtiesContext
@ExtendWith(OutputCaptureExtension.class)
class FreezeTest {

    @Value("${local.server.port}")
    int port;

    @Test
    void afterNRequestsEveryScenarioRequestHangsWhileTheAppStaysAlive(CapturedOutput output) {
        FreezeContract.afterNRequestsEveryScenarioRequestHangsWhileTheAppStaysAlive(port, output::getOut);
    }
}
