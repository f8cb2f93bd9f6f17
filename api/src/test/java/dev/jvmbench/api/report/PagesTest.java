package dev.jvmbench.api.report;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.ResultSeeder;
import dev.jvmbench.common.store.PointSeriesStore;
import dev.jvmbench.common.store.RunFindings;
import dev.jvmbench.common.store.RunProfiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * The jobs, history and compare pages and the report's flame graphs, rendered by a real browser
 * (headless Chromium) against the real api and PostgreSQL: the data comes through the
 * token-protected endpoints, the history's charts are drawn, and the flame graphs are drawn by the
 * converter's own script in the sandboxed frame, which answers with the frames it drew.
 */
@ApiIntegrationTest
class PagesTest {

    /** Where a developer finds the last screenshots (api/target/...). */
    private static final Path KEPT = Path.of("target");
    private static final Pattern ROW = Pattern.compile("<tr data-job=\"(\\d+)\"");

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    RunProfiles profiles;
    @Autowired
    RunFindings findings;
    @Autowired
    PointSeriesStore series;
    @TempDir
    Path temp;

    private String url(String page) {
        return "http://127.0.0.1:" + port + page + (page.contains("#") ? "&" : "#") + "token=" + ApiClient.ADMIN_TOKEN;
    }

    private String dom(String page) {
        HeadlessChromium chromium = new HeadlessChromium(temp);
        String dom = chromium.dumpDom(url(page));
        assertThat(dom).as("%s: page state; browser console:%n%s", page, HeadlessChromium.consoleLines(chromium.log("dump-dom")))
                .contains("data-state=\"ready\"");
        return dom;
    }

    @Test
    void thePagesAndTheirAssetsNeedNoTokenAndTheFlameGraphFrameIsSandboxed() {
        ApiClient anonymous = ApiClient.admin(port).withToken(null);
        for (String page : List.of("/jobs", "/history", "/compare")) {
            ApiClient.Response response = anonymous.get(page).expect(200);
            assertThat(response.header("Content-Type")).as(page).startsWith("text/html");
            assertThat(response.header("Content-Security-Policy")).as(page).contains("script-src 'self';")
                    .contains("frame-src 'self'").contains("frame-ancestors 'none'");
            assertThat(response.body()).as(page).contains("pages/common.js");
        }
        assertThat(anonymous.get("/jobs/1/report").expect(200).header("Content-Security-Policy")).contains("frame-src 'self'");
        ApiClient.Response frame = anonymous.get("/pages/flame-graph-frame").expect(200);
        assertThat(frame.header("Content-Security-Policy")).startsWith("sandbox allow-scripts;")
                .contains("script-src 'self' 'unsafe-inline'").contains("frame-ancestors 'self'").doesNotContain("connect-src");
        assertThat(frame.body()).contains("flame-frame.js");
        // the frame's document exists only with its policy: never as a static file
        anonymous.get("/pages/flame-graph-frame.html").expect(404);
        assertThat(anonymous.get("/pages/common.js").expect(200).body()).contains("Authorization");
        assertThat(anonymous.get("/pages/flame-frame.js").expect(200).body()).contains("self.origin !== 'null'");
        assertThat(anonymous.get("/pages/pages.css").expect(200).header("Content-Type")).startsWith("text/css");
    }

    @Test
    void theJobsPageListsTheJobsWithTheirVerdictsAndFiltersAndPagesThem() throws IOException {
        ApiClient api = ApiClient.admin(port);
        String suite = UUID.randomUUID().toString();
        long baseline = ReportJobs.finished(api, jdbc, body -> JobBodies.child(body, "labels").put("suite", suite));
        long regressed = ReportJobs.regressedAgainst(api, jdbc, baseline, body -> JobBodies.child(body, "labels").put("suite", suite));
        ReportJobs.explain(jdbc, series, findings, regressed, 0.8);
        List<Long> queued = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Map<String, Object> body = JobBodies.valid();
            JobBodies.child(body, "labels").put("suite", suite);
            if (i == 1) {
                body.put("scenario", map("name", "cpu"));
            }
            queued.add(api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong());
        }
        String suiteFilter = "/jobs?label=suite=" + suite;

        // newest first, two a page
        String first = dom(suiteFilter + "&size=2");
        assertThat(rows(first)).containsExactly(queued.get(2), queued.get(1));
        assertThat(first).contains("page 1 of 3 · 5 jobs", "href=\"/jobs/" + queued.get(2) + "/report\"",
                "data-label=\"suite=" + suite + "\"", ">QUEUED<");
        assertThat(first).containsPattern("<a href=\"[^\"]*page=1[^\"]*\" rel=\"next\" data-page=\"1\">Older ›</a>");
        String last = dom(suiteFilter + "&size=2&page=2");
        assertThat(rows(last)).containsExactly(baseline);
        assertThat(last).contains("page 3 of 3 · 5 jobs", "rel=\"prev\"");

        // by status: the failed job, read for its verdict against its baseline, with its findings
        String failed = dom(suiteFilter + "&status=FAILED");
        assertThat(rows(failed)).containsExactly(regressed);
        String row = failed.substring(failed.indexOf("<tr data-job=\"" + regressed + "\""));
        assertThat(row).contains("data-status=\"FAILED\"", "<td class=\"baseline\" data-verdict=\"regressed\">",
                "▼ regressed", "href=\"/jobs/" + baseline + "/report\">#" + baseline + "</a>",
                "href=\"/compare?job=" + regressed + "&amp;base=" + baseline + "\"",
                "data-severity=\"critical\"", "branch=main", "JDK 25 × platform, virtual", "4 repetitions, levels 20, 80, 200");
        assertThat(row.substring(0, row.indexOf("</tr>"))).containsPattern("data-findings=\"[1-9]\\d*\"");
        assertThat(rows(dom(suiteFilter + "&status=SUCCEEDED"))).containsExactly(baseline);
        Path png = new HeadlessChromium(temp).screenshot(url(suiteFilter), temp.resolve("jobs.png"), 900);
        Files.copy(png, KEPT.resolve("jobs-screenshot.png"), StandardCopyOption.REPLACE_EXISTING);

        // by scenario and by app
        assertThat(rows(dom(suiteFilter + "&scenario=cpu"))).containsExactly(queued.get(1));
        assertThat(rows(dom(suiteFilter + "&app=stock&scenario=io-http"))).containsExactly(queued.get(2), queued.get(0), regressed,
                baseline);
        assertThat(dom(suiteFilter + "&app=no-such-app")).contains("<p id=\"no-jobs\" class=\"note\">No job matches these filters.</p>",
                "no jobs");
    }

    @Test
    void theHistoryPageMarksTheChangePointWithItsCommitAndRatio() throws IOException {
        ApiClient api = ApiClient.admin(port);
        String suite = UUID.randomUUID().toString();
        List<Long> ids = seedBuilds(api, suite);
        long stepJob = ids.get(STEP_FROM - 1);
        JsonNode history = api.get("/api/v1/history?scenario=io-http&metric=throughputRps&label=suite=" + suite).expect(200).json();
        int changes = 0;
        for (JsonNode s : history.get("series")) {
            changes += s.get("changes").size();
        }
        assertThat(changes).as("the api finds the one step: %s", history).isEqualTo(1);

        String page = "/history?scenario=io-http&metric=throughputRps&label=suite=" + suite;
        String dom = dom(page);
        assertThat(count(dom, "<figure class=\"history-chart\"")).as("JDK 21 and 25 x platform and virtual x 20 and 80 users")
                .isEqualTo(8);
        assertThat(dom).contains("<figure class=\"history-chart\" data-jdk=\"25\" data-thread-model=\"virtual\" data-level=\"80\" "
                + "data-points=\"8\" data-changes=\"1\">");
        assertThat(count(dom, "data-changes=\"0\"")).isEqualTo(7);
        // the marker: the job the change entered with, named by its commit, and the ratio
        Matcher marker = Pattern.compile("<g class=\"change change-worse\" data-job=\"" + stepJob + "\" data-ratio=\"(0\\.\\d+)\">")
                .matcher(dom);
        assertThat(marker.find()).as("the change marker of job %s", stepJob).isTrue();
        assertThat(Double.parseDouble(marker.group(1))).isBetween(0.88, 0.92);
        assertThat(dom).contains(">sha=" + STEP_FROM + " ×" + marker.group(1) + "</text>");
        // the x axis names the jobs by their commit; each point is a job with its interval
        assertThat(dom).contains("jobs, oldest first (sha)", "<circle class=\"point\"", "class=\"whisker\"");
        // JDKs told apart: a colour each, the other JDK's medians behind each chart
        assertThat(dom).contains("<span data-jdk=\"21\">", "<span data-jdk=\"25\">", "class=\"ghost\"");
        // the change in the table, with its commit and a link to compare the two jobs
        assertThat(dom).contains("<tr data-job=\"" + stepJob + "\" data-direction=\"worse\">", "sha=" + STEP_FROM,
                "href=\"/compare?job=" + stepJob + "&amp;base=" + ids.get(STEP_FROM - 2) + "&amp;cell=25-virtual&amp;level=80\"",
                "Nothing left out.");

        Path png = new HeadlessChromium(temp).screenshot(url(page), temp.resolve("history.png"), 2700);
        Files.copy(png, KEPT.resolve("history-screenshot.png"), StandardCopyOption.REPLACE_EXISTING);
    }

    @Test
    void theReportOfTheJobWhereAChangeEnteredShowsItWithItsRatioAndLinks() {
        ApiClient api = ApiClient.admin(port);
        String suite = UUID.randomUUID().toString();
        List<Long> ids = dev.jvmbench.api.support.SteppedBuilds.seed(api, jdbc, suite, true);
        long entered = ids.get(dev.jvmbench.api.support.SteppedBuilds.REGRESSED_FROM - 1);
        long before = ids.get(dev.jvmbench.api.support.SteppedBuilds.REGRESSED_FROM - 2);

        String report = dom("/jobs/" + entered + "/report");
        String facts = between(report, "<dl id=\"job-facts\"", "</dl>");
        assertThat(facts).contains("<div id=\"change-points\" data-count=\"2\">",
                "entered at this job, in the history of stock, io-http over the jobs labelled suite=" + suite,
                "<li data-metric=\"throughputRps\" data-series=\"25-virtual-80\">",
                "<li data-metric=\"latencyP95Ms\" data-series=\"25-virtual-80\">",
                "href=\"/history?app=stock&amp;scenario=io-http&amp;metric=throughputRps&amp;label=suite%3D" + suite + "\"",
                "href=\"/compare?job=" + entered + "&amp;base=" + before + "&amp;cell=25-virtual&amp;level=80\"");
        assertThat(facts).containsPattern("throughputRps</code>, JDK 25 virtual at 80 users: [\\d.,]+ → [\\d.,]+, ×0\\.(8[89]|9[01])\\d");

        String quiet = between(dom("/jobs/" + before + "/report"), "<dl id=\"job-facts\"", "</dl>");
        assertThat(quiet).contains("<span id=\"change-points\" data-count=\"0\">none worse entered at this job");
    }

    @Test
    void theComparePageShowsTheTableAndTheDifferentialProfileOfTwoJobsAndOfTwoCells() throws IOException {
        ApiClient api = ApiClient.admin(port);
        long baseline = ReportJobs.finished(api, jdbc);
        long job = ReportJobs.regressedAgainst(api, jdbc, baseline);
        ReportJobs.profile(jdbc, profiles, baseline, false);
        ReportJobs.profile(jdbc, profiles, job, true);

        // two jobs, cell by cell; the worst pair's differential profile first
        String page = "/compare?job=" + job + "&base=" + baseline;
        String jobs = dom(page);
        assertThat(jobs).contains("<div class=\"comparison\" data-mode=\"jobs\"", "Cell by cell against baseline job #" + baseline,
                "<table class=\"data matrix\" data-verdict=\"regressed\" data-pair=\"virtual-25-virtual-25\">",
                "<table class=\"data matrix\" data-verdict=\"no detectable change\" data-pair=\"platform-25-platform-25\">",
                "×0.800", "[0.", "−20.0% · regressed", "Differential profile of these cells");
        String diff = jobs.substring(jobs.indexOf("id=\"profile-diff\""));
        assertThat(diff).startsWith("id=\"profile-diff\" data-pair=\"25-virtual/25-virtual\"")
                .contains("<tr data-frame=\"" + ReportJobs.RESERVE + "\">");
        assertDrawn(diff, ReportJobs.RESERVE, ReportJobs.PARK, ReportJobs.JSON);
        Path png = new HeadlessChromium(temp).screenshot(url(page), temp.resolve("compare.png"), 2200);
        Files.copy(png, KEPT.resolve("compare-screenshot.png"), StandardCopyOption.REPLACE_EXISTING);

        // two cells of one job: virtual against platform threads
        String cells = dom("/compare?job=" + job + "&cell=25-virtual&baseCell=25-platform&level=200");
        assertThat(cells).contains("<div class=\"comparison\" data-mode=\"threadModel\"",
                "data-pair=\"platform-25-virtual-25\"").doesNotContain("data-pair=\"virtual-25-platform-25\"");
        String cellDiff = cells.substring(cells.indexOf("id=\"profile-diff\""));
        assertThat(cellDiff).startsWith("id=\"profile-diff\" data-pair=\"25-platform/25-virtual\"")
                .contains("<tr data-frame=\"" + ReportJobs.POOL + "\">", "<tr data-frame=\"" + ReportJobs.PARK + "\">",
                        "<tr data-frame=\"" + ReportJobs.RESERVE + "\">");
        assertDrawn(cellDiff, ReportJobs.PARK, ReportJobs.RESERVE);
    }

    @Test
    void theReportShowsAFlameGraphAndADifferentialOneOfAnyCellAndLinksToThePages() {
        ApiClient api = ApiClient.admin(port);
        long baseline = ReportJobs.finished(api, jdbc);
        long job = ReportJobs.regressedAgainst(api, jdbc, baseline);
        ReportJobs.profile(jdbc, profiles, baseline, false);
        ReportJobs.profile(jdbc, profiles, job, true);

        // by default the first cell at the highest level, against the baseline job's same cell
        String report = dom("/jobs/" + job + "/report");
        assertThat(report).contains("id=\"link-jobs\"", "href=\"/jobs\"",
                "href=\"/history?app=stock&amp;scenario=io-http&amp;metric=throughputRps\" id=\"link-history\"",
                "href=\"/compare?job=" + job + "&amp;base=" + baseline + "\" id=\"link-compare\"");
        String single = between(report, "id=\"profile-single\"", "id=\"profile-diff\"");
        assertThat(single).startsWith("id=\"profile-single\" data-cell=\"25-platform\" data-level=\"200\" data-kind=\"cpu\"");
        assertDrawn(single, ReportJobs.POOL, ReportJobs.JSON, ReportJobs.MAIN);
        assertThat(single).contains(ReportJobs.POOL + "</code></th>");
        String againstBaseline = report.substring(report.indexOf("id=\"profile-diff\""));
        assertThat(againstBaseline).startsWith("id=\"profile-diff\" data-against=\"baseline\"")
                .contains("no frame's self value changed beyond the sampling's noise");
        assertDrawn(againstBaseline, ReportJobs.POOL, ReportJobs.JSON);

        // any cell and level, against another cell, named in the fragment
        String virtual = dom("/jobs/" + job + "/report#profile=25-virtual-200&against=platform");
        String chosen = between(virtual, "id=\"profile-single\"", "id=\"profile-diff\"");
        assertThat(chosen).startsWith("id=\"profile-single\" data-cell=\"25-virtual\" data-level=\"200\"");
        assertDrawn(chosen, ReportJobs.PARK, ReportJobs.RESERVE);
        String againstPlatform = virtual.substring(virtual.indexOf("id=\"profile-diff\""));
        assertThat(againstPlatform).startsWith("id=\"profile-diff\" data-against=\"platform\"")
                .contains("<tr data-frame=\"" + ReportJobs.RESERVE + "\">", "<tr data-frame=\"" + ReportJobs.POOL + "\">");
        assertDrawn(againstPlatform, ReportJobs.RESERVE, ReportJobs.PARK);

        // a level without a profile is said so, the page is still ready
        assertThat(dom("/jobs/" + job + "/report#profile=25-virtual-20")).contains("No profile: ", "no cpu profile of JDK 25 virtual at level 20");
    }

    /**
     * The first flame graph in {@code html}: drawn by the converter's script in its frame, which
     * answered with the frames it drew, listed under the graph.
     */
    private static void assertDrawn(String html, String... frames) {
        int start = html.indexOf("<figure class=\"flame\"");
        assertThat(start).as("a flame graph in %s", html.substring(0, Math.min(300, html.length()))).isNotNegative();
        String figure = html.substring(start, html.indexOf("</figure>", start));
        assertThat(figure).as("the flame graph's state").contains("data-state=\"drawn\"")
                .containsPattern("data-frames=\"[1-9]\\d*\"").contains("<iframe class=\"flame-frame\" sandbox=\"allow-scripts\"");
        for (String frame : frames) {
            assertThat(figure).as("frame %s drawn", frame).contains("<li><code>" + frame + "</code></li>");
        }
    }

    private static final int BUILDS = 8;
    private static final int STEP_FROM = 5;

    /**
     * Eight builds (sha=1..8) of the stock io-http on JDK 21 and 25, platform and virtual threads, 3
     * repetitions at 20 and 80 users; from the fifth on, virtual threads on JDK 25 lose 10 % of
     * their throughput at 80 users. Under 1 % noise per job and per run (fixed seed).
     */
    private List<Long> seedBuilds(ApiClient api, String suite) {
        SplittableRandom random = new SplittableRandom(29);
        List<Long> ids = new ArrayList<>();
        for (int sha = 1; sha <= BUILDS; sha++) {
            Map<String, Object> body = JobBodies.valid();
            body.put("repetitions", 3);
            body.put("labels", map("suite", suite, "sha", String.valueOf(sha)));
            long id = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
            double jobNoise = 1 + 0.004 * random.nextGaussian();
            double[] runNoise = {1 + 0.004 * random.nextGaussian(), 1 + 0.004 * random.nextGaussian(),
                    1 + 0.004 * random.nextGaussian()};
            boolean stepped = sha >= STEP_FROM;
            new ResultSeeder(jdbc).complete(id, List.of(20, 80), (jdk, model, repetition, level) -> {
                double noise = jobNoise * runNoise[repetition - 1];
                double step = stepped && jdk == 25 && model.equals("virtual") && level == 80 ? 0.9 : 1.0;
                double base = (jdk == 21 ? 370 : 390) * (model.equals("virtual") ? 1.0 : 0.8);
                return map("throughput_rps", base * step * noise * (level == 20 ? 0.25 : 1),
                        "latency_p95_ms", 205 / step * noise, "cpu_ms_per_request", 1.5 * noise,
                        "vt_pinned_events", 0L, "flags", new String[0]);
            });
            ids.add(id);
        }
        return ids;
    }

    private static List<Long> rows(String dom) {
        List<Long> ids = new ArrayList<>();
        Matcher m = ROW.matcher(dom);
        while (m.find()) {
            ids.add(Long.parseLong(m.group(1)));
        }
        return ids;
    }

    private static String between(String text, String from, String to) {
        int start = text.indexOf(from);
        assertThat(start).as("%s in the page", from).isNotNegative();
        int end = text.indexOf(to, start);
        return text.substring(start, end < 0 ? text.length() : end);
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
