package dev.jvmbench.api.report;

import static dev.jvmbench.api.support.JvmFactsSeeds.facts;
import static dev.jvmbench.api.support.JvmFactsSeeds.flag;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.common.jvm.Recording;
import dev.jvmbench.common.store.RunJvm;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The report page's "JVM per cell" table, fed by GET /api/v1/runs/{id}/jvm, in a real browser. */
@ApiIntegrationTest
class ReportJvmTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    RunJvm jvms;
    @TempDir
    Path temp;

    @Test
    void everyCellShowsWhatItsJvmSawAndWhereItsRepetitionsDisagree() {
        ApiClient api = ApiClient.admin(port);
        long jobId = ReportJobs.finished(api, jdbc);
        var runs = jdbc.sql("SELECT id, thread_model, repetition FROM runs WHERE job_id = :job ORDER BY seq")
                .param("job", jobId).query().listOfRows();
        for (var run : runs) {
            boolean platform = run.get("thread_model").equals("PLATFORM");
            int repetition = ((Number) run.get("repetition")).intValue();
            long runId = ((Number) run.get("id")).longValue();
            if (platform) {
                jvms.store(runId, Recording.COMPLETE, facts(25, "Serial", 1, 512, 128,
                        flag("UseCompressedOops", "true", "Ergonomic")));
            } else if (repetition < ReportJobs.REPETITIONS) {
                jvms.store(runId, Recording.COMPLETE, facts(25, "G1", 2, 512, 128));
            } else {
                jvms.store(runId, Recording.LOST, null);   // no facts: the cell's other runs speak
            }
        }
        // the virtual cell's second run counted 1 CPU: the JVM took Serial there
        long second = jdbc.sql("SELECT id FROM runs WHERE job_id = :job AND thread_model = 'VIRTUAL' AND repetition = 2")
                .param("job", jobId).query(Long.class).single();
        jvms.store(second, Recording.COMPLETE, facts(25, "Serial", 1, 512, 128));

        String dom = new HeadlessChromium(temp)
                .dumpDom("http://127.0.0.1:" + port + "/jobs/" + jobId + "/report#token=" + ApiClient.ADMIN_TOKEN);

        assertThat(dom).contains("data-state=\"ready\"");
        String section = dom.substring(dom.indexOf("<section id=\"jvms\""), dom.indexOf("<section id=\"charts\""));
        assertThat(section).doesNotContain("<section id=\"jvms\" hidden");
        String platform = section.substring(section.indexOf("<tr data-cell=\"25-platform\""));
        platform = platform.substring(0, platform.indexOf("</tr>"));
        assertThat(platform).contains("JDK 25 · platform", "25.0.1+8 (Eclipse Adoptium)", "Serial (ergonomics)",
                "128 MB (default)", ">1<", "cgroupv2, memory 512 MB", "none from the job; 3 by ergonomics, 1 at launch")
                .doesNotContain("data-disagree");
        String virtual = section.substring(section.indexOf("<tr data-cell=\"25-virtual\""));
        virtual = virtual.substring(0, virtual.indexOf("</tr>"));
        assertThat(virtual).contains("<td data-column=\"gc\" data-disagree=\"true\">G1 (ergonomics) / Serial (ergonomics)</td>",
                "<td data-column=\"cpus\" data-disagree=\"true\">2 / 1</td>");
        assertThat(section).contains("<li data-cell=\"25-virtual\">JDK 25 · virtual: its repetitions saw different JVMs: "
                + "GC G1 (ergonomics) (repetitions 1, 3) vs Serial (ergonomics) (repetition 2); CPUs counted 2 "
                + "(repetitions 1, 3) vs 1 (repetition 2)</li>");
    }
}
