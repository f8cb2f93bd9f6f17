package dev.jvmbench.api.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.PublicReadIntegrationTest;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/** With bench.security.public-read the report needs no token: a plain link to the page is enough. */
@PublicReadIntegrationTest
class ReportPagePublicReadTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;

    @Test
    void theReportRendersWithoutAToken(@TempDir Path temp) {
        long jobId = ReportJobs.finished(ApiClient.admin(port), jdbc);
        String dom = new HeadlessChromium(temp).dumpDom("http://127.0.0.1:" + port + "/jobs/" + jobId + "/report");
        assertThat(dom).contains("data-state=\"ready\"", "Job #" + jobId + ": io-http");
        assertThat(dom.split("data-rendered=\"true\"", -1)).as("charts drawn").hasSize(ReportPageTest.CHARTS.size() + 1);
        // no token was given, none is offered to forget
        assertThat(dom).contains("id=\"forget-token\" hidden=\"\"");
    }
}
