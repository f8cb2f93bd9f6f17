package dev.jvmbench.api.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import dev.jvmbench.common.store.NoiseProfileRow;
import dev.jvmbench.common.store.NoiseProfiles;
import dev.jvmbench.common.store.PointSeriesStore;
import dev.jvmbench.common.store.RunFindings;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The report page rendered by a real browser (headless Chromium) against the real api and
 * PostgreSQL: the page, its script and the bundled Chart.js must load, the data must come through
 * the token-protected endpoints, and every chart must actually be drawn.
 */
@ApiIntegrationTest
class ReportPageTest {

    static final List<String> CHARTS = List.of("throughputRps", "latencyP95Ms", "cpuMsPerRequest",
            "memoryPerRequestMb", "contextSwitchesPerRequest", "gcPauseMsPerSecond", "heapMeanMb");
    private static final Pattern FIGURE = Pattern.compile("<figure class=\"chart\" data-metric=\"(\\w+)\" data-rendered=\"(\\w+)\"");
    /** The time charts: one per metric group the runs measured, per level. */
    static final List<String> TIME_GROUPS = List.of("throughput", "latency", "errors", "cpu", "memory", "threads", "gc", "jit");
    private static final Pattern TIME_FIGURE = Pattern.compile("<figure class=\"chart time-chart\" data-group=\"(\\w+)\" "
            + "data-level=\"(\\d+)\" data-rendered=\"(\\w+)\" data-markers=\"([^\"]*)\"(?: data-annotation=\"(\\w+)\")?");
    /** The whole page with its time charts and findings (api/target/report-whole-screenshot.png). */
    private static final Path KEPT_WHOLE_SCREENSHOT = Path.of("target", "report-whole-screenshot.png");
    /** The critical findings' colour, on their markers and badges. */
    private static final int CRITICAL = 0xB3261E;
    /** Where a developer finds the last screenshot (api/target/report-screenshot.png). */
    private static final Path KEPT_SCREENSHOT = Path.of("target", "report-screenshot.png");

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    PointSeriesStore series;
    @Autowired
    RunFindings findings;
    @Autowired
    NoiseProfiles noiseProfiles;
    @TempDir
    Path temp;

    @Test
    void thePageAndItsAssetsNeedNoTokenButTheDataDoes() {
        ApiClient anonymous = ApiClient.admin(port).withToken(null);
        ApiClient.Response page = anonymous.get("/jobs/1/report").expect(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.header("Content-Security-Policy")).contains("script-src 'self'").contains("connect-src 'self'");
        assertThat(page.body()).contains("webjars/chart.js/dist/chart.umd.min.js").contains("report/report.js")
                .contains("pages/common.js").contains("pages/comparison.js");
        // the token is sent by the helpers every page shares
        assertThat(anonymous.get("/pages/common.js").expect(200).body()).contains("Authorization");
        assertThat(anonymous.get("/report/report.js").expect(200).body()).contains("window.jvmbench");
        assertThat(anonymous.get("/report/report.css").expect(200).header("Content-Type")).startsWith("text/css");
        // served from the webjar on the class path, versionless path resolved by the locator
        assertThat(anonymous.get("/webjars/chart.js/dist/chart.umd.min.js").expect(200).body()).contains("Chart");
        anonymous.get("/api/v1/jobs/1/statistics").expect(401);
        anonymous.get("/jobs/not-a-number/report").expect(400);
        anonymous.get("/report/missing.js").expect(404);
    }

    @Test
    void aFinishedJobShowsEveryChartItsVerdictsCapacityAndFlags() throws IOException {
        ApiClient api = ApiClient.admin(port);
        long baselineId = ReportJobs.finished(api, jdbc);
        long jobId = ReportJobs.regressedAgainst(api, jdbc, baselineId);
        ReportJobs.explain(jdbc, series, findings, jobId, 0.8);
        HeadlessChromium chromium = new HeadlessChromium(temp);
        String url = "http://127.0.0.1:" + port + "/jobs/" + jobId + "/report#token=" + ApiClient.ADMIN_TOKEN;

        String dom = chromium.dumpDom(url);
        String console = HeadlessChromium.consoleLines(chromium.log("dump-dom"));
        assertThat(dom).as("page state; browser console:%n%s", console).contains("data-state=\"ready\"");
        Map<String, String> figures = new LinkedHashMap<>();
        Matcher figure = FIGURE.matcher(dom);
        while (figure.find()) {
            figures.put(figure.group(1), figure.group(2));
        }
        assertThat(figures).as("chart figures and whether Chart.js drew them; console:%n%s", console)
                .containsOnlyKeys(CHARTS)
                .allSatisfy((metric, rendered) -> assertThat(rendered).as(metric).isEqualTo("true"));
        assertThat(count(dom, "<canvas ")).isEqualTo(CHARTS.size() + TIME_GROUPS.size() * ReportJobs.LEVELS.size());
        assertThat(dom).contains("Throughput (req/s)", "Latency p95 (ms)", "Concurrency (users)");

        // the job header (the OOM-killed run failed the job)
        assertThat(dom).contains("Job #" + jobId + ": io-http on the stock apps", "JDK 25", ">platform<", ">virtual<",
                "1 CPU, 512 MB memory", "levels 20, 80, 200 users", "branch=main", "p95 ≤ 300 ms, errors ≤ 1%",
                ">FAILED<", "8 of 8 runs done, 1 failed");

        // the verdict against the baseline job: virtual threads lost a fifth of their throughput there
        assertThat(dom).contains("<div class=\"verdict-banner verdict-regressed\" id=\"job-verdict\" data-verdict=\"regressed\">",
                "href=\"/jobs/" + baselineId + "/report\"", "decided by Throughput, Latency p95",
                "data-mode=\"stored\"> · stored: the baseline's own runs, measured at another time");
        String againstBaseline = section(dom, "data-mode=\"jobs\"");
        assertThat(againstBaseline)
                .contains("Cell by cell against baseline job #" + baselineId)
                .contains("<table class=\"data matrix\" data-verdict=\"no detectable change\" data-pair=\"platform-25-platform-25\">")
                .contains("<table class=\"data matrix\" data-verdict=\"regressed\" data-pair=\"virtual-25-virtual-25\">")
                .contains("−20.0%")
                // every cell shows the ratio with its interval and the verdict in words
                .contains("×0.800", "−20.0% · regressed", "±0.0% · no detectable change")
                // the memory peak's 2% growth is real but under the 5% threshold: its own colour, symbol and words
                .contains("<td class=\"num change verdict-tolerance\" data-verdict=\"change within tolerance\"")
                .contains("×1.020", "[1.020, 1.020]", "+2.0% · change within tolerance")
                // the platform cell's run whose window at 20 users was not steady is left out of the gate metrics there
                .contains("data-left-out=\"1\">1 not-steady run left out");
        // within the job, thread model against thread model: colour-coded cells of every kind
        String byModel = section(dom, "data-mode=\"threadModel\"");
        assertThat(byModel).contains("Thread model against thread model (baseline platform)")
                .contains("<td class=\"num change verdict-improved\" data-verdict=\"improved\"")
                .contains("<td class=\"num change verdict-regressed\" data-verdict=\"regressed\"")
                .contains("<td class=\"num change verdict-same\" data-verdict=\"no detectable change\"")
                .contains("<tr data-metric=\"heapMeanMb\">", "<tr data-metric=\"cpuMsPerRequest\">");

        // capacity under the SLO and flags per cell, with the levels they were raised at
        String platform = row(dom, "25-platform");
        String virtual = row(dom, "25-virtual");
        assertThat(platform).contains("Window not steady (at 20 users)");
        assertThat(platform).contains("3 of 4 succeeded", "data-capacity=\"80\"", "data-flag=\"scrapes-failed\"",
                        "Metric scrapes failed (at 20 users)", "data-flag=\"run-failed\"", "data-flag=\"oom\"",
                        "repetition 4 left out", ReportJobs.OOM)
                .doesNotContain("data-flag=\"pinning-seen\"");
        assertThat(virtual).contains("4 of 4 succeeded", "data-capacity=\"200\"", "Load generator saturated (at 200 users)",
                "Virtual-thread pinning seen (at 80, 200 users)").doesNotContain("data-flag=\"oom\"");

        // time charts: every metric group at every level, drawn, with each finding's marker where it fired
        Map<String, String[]> timeCharts = new LinkedHashMap<>();
        Matcher time = TIME_FIGURE.matcher(dom);
        while (time.find()) {
            timeCharts.put(time.group(2) + "/" + time.group(1), new String[] {time.group(3), time.group(4), time.group(5)});
        }
        List<String> expected = ReportJobs.LEVELS.stream().flatMap(l -> TIME_GROUPS.stream().map(g -> l + "/" + g)).toList();
        assertThat(timeCharts).as("time charts; console:%n%s", console).containsOnlyKeys(expected)
                .allSatisfy((chart, state) -> {
                    assertThat(state[0]).as("%s drawn", chart).isEqualTo("true");
                    assertThat(state[2]).as("%s: the annotation plugin drew its markers", chart).isEqualTo("plugin");
                });
        for (String group : TIME_GROUPS) {
            assertThat(timeCharts.get("200/" + group)[1]).as("markers at 200 users, %s", group)
                    .isEqualTo("stopped-answering@6.5");
            assertThat(timeCharts.get("80/" + group)[1]).as("markers at 80 users, %s", group).isEqualTo("pinning@2");
            assertThat(timeCharts.get("20/" + group)[1]).as("markers at 20 users, %s", group).isEmpty();
        }
        assertThat(dom).contains("id=\"timeline-level-200\"", "Second by second, from the warm-up (left of 0) through the measured window");

        // the findings list: per cell, worst first, with where and when each fired
        String findingsSection = dom.substring(dom.indexOf("<section id=\"findings\""), dom.indexOf("<section id=\"timeline\""));
        assertThat(findingsSection)
                .contains("<li class=\"finding severity-critical\" data-code=\"stopped-answering\" data-severity=\"critical\"")
                .contains("repetition 1 · at 200 users · 6.5 s into the measured window")
                .contains("No request completed for 3.5 s while 200 requests were in flight.")
                .contains("data-code=\"pinning\" data-severity=\"warning\"")
                // the stacks that carry it, and a link that opens their profile at the finding's cell and level
                .contains("<div class=\"finding-stack\" data-kind=\"pinned\" data-threads=\"all\">",
                        "the level's top stacks by pinned time",
                        "<a class=\"finding-profile-link\" data-kind=\"pinned\" href=\"#profile=25-virtual-80&amp;kind=pinned\">",
                        "<span class=\"stack-share\">90%</span> <code title=\"" + ReportJobs.PARK + "\n"
                                + ReportJobs.RESERVE + "\n" + ReportJobs.MAIN + "\">" + ReportJobs.RESERVE + "</code>",
                        "<span class=\"stack-share\">10%</span>")
                .contains("data-code=\"not-steady\" data-severity=\"warning\"")
                .contains("data-code=\"jvm-cpu-mismatch\" data-severity=\"warning\" data-run=\"")
                .contains("data-level=\"run\"")
                .contains("Advice: </strong>Add -XX:ActiveProcessorCount=1.")
                .contains("data-severity=\"critical\">critical</span> 1  <span class=\"badge severity severity-warning\" "
                        + "data-severity=\"warning\">warning</span> 3");
        assertThat(findingsSection.indexOf("data-cell=\"25-virtual\"")).as("the critical cell's group is listed")
                .isPositive();

        Path png = chromium.screenshot(url, temp.resolve("report.png"));
        Files.createDirectories(KEPT_SCREENSHOT.getParent());
        Files.copy(png, KEPT_SCREENSHOT, StandardCopyOption.REPLACE_EXISTING);
        assertLooksDrawn(png);

        // the whole page, its time charts and findings included, in a window tall enough for all of it
        Path whole = chromium.screenshot(url, temp.resolve("whole.png"), 9000);
        Files.copy(whole, KEPT_WHOLE_SCREENSHOT, StandardCopyOption.REPLACE_EXISTING);
        assertLooksDrawn(whole);
        assertThat(pixelsNear(whole, CRITICAL)).as("pixels of the critical finding's colour (markers, badge) in %s", whole)
                .isGreaterThan(2000);
    }

    @Test
    void everyComparisonShowsTheHostsDetectableEffectNextToItsThreshold() throws IOException {
        ApiClient api = ApiClient.admin(port);
        long baselineId = ReportJobs.finished(api, jdbc);
        long jobId = ReportJobs.regressedAgainst(api, jdbc, baselineId);
        // a calibration of this host with the jobs' repetitions: throughput detectable to 3 % (under
        // the 5 % threshold), the p95 only to 12 % at 80 users (over it: a 5-12 % change can pass unseen)
        long profileId = noiseProfiles.insert(new NoiseProfileRow(0, java.time.Instant.now(), ReportJobs.REPETITIONS,
                List.of("report-test"), List.of(baselineId, jobId), 2, List.of(
                        new NoiseProfileRow.Entry("throughputRps", 20, 4, 0.0, 0.0, 2.0),
                        new NoiseProfileRow.Entry("throughputRps", 80, 4, 0.0, 0.0, 3.0),
                        new NoiseProfileRow.Entry("throughputRps", 200, 4, 0.0, 0.0, 2.5),
                        new NoiseProfileRow.Entry("latencyP95Ms", 80, 4, 0.25, 0.0, 12.0)), null));
        try {
            String dom = new HeadlessChromium(temp).dumpDom(
                    "http://127.0.0.1:" + port + "/jobs/" + jobId + "/report#token=" + ApiClient.ADMIN_TOKEN);
            assertThat(dom).contains("data-state=\"ready\"");
            String againstBaseline = section(dom, "data-mode=\"jobs\"");
            assertThat(againstBaseline)
                    .contains("<div class=\"note detectable\" data-noise-profile=\"" + profileId + "\">")
                    .contains("<li data-detectable=\"throughputRps\">")
                    .contains("threshold 5%, detectable 3.0%")
                    .contains("<li data-detectable=\"latencyP95Ms\" class=\"below-detectable\">")
                    .contains("threshold 5%, detectable 12.0% (a smaller change can pass unseen)")
                    // the api's own warning, one per gate metric and level whose threshold is below it
                    .contains("threshold 5 % is below this host's minimum detectable effect 12.0 % for latencyP95Ms at level 80")
                    // on the p95 cells themselves (a level the calibration did not measure takes its largest figure)
                    .contains("data-detectable=\"12\">threshold under this host's detectable 12.0%")
                    // and as a column of the numbers
                    .contains("<th scope=\"col\">Detectable</th>", "12.0%");
            assertThat(count(againstBaseline, "threshold under this host's detectable"))
                    .as("the p95 at every level of both pairs, no throughput cell").isEqualTo(2 * ReportJobs.LEVELS.size());
        } finally {
            jdbc.sql("DELETE FROM noise_profiles WHERE id = :id").param("id", profileId).update();
        }
    }

    private static long pixelsNear(Path png, int colour) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        long n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (near(image.getRGB(x, y) & 0xFFFFFF, colour)) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void withoutATokenThePageAsksForOne() {
        long jobId = ReportJobs.finished(ApiClient.admin(port), jdbc);
        String dom = new HeadlessChromium(temp).dumpDom("http://127.0.0.1:" + port + "/jobs/" + jobId + "/report");
        assertThat(dom).contains("data-state=\"auth\"", "id=\"token-input\"", "answered 401");
        assertThat(dom).doesNotContain("data-rendered=\"true\"");
    }

    @Test
    void aJobThatDoesNotExistIsSaidSo() {
        String dom = new HeadlessChromium(temp).dumpDom("http://127.0.0.1:" + port + "/jobs/987654321/report#token="
                + ApiClient.ADMIN_TOKEN);
        assertThat(dom).contains("data-state=\"error\"", "Job 987654321 does not exist.");
    }

    /**
     * Not blank and charts drawn: plenty of ink, many colours (antialiased text and lines), and
     * the two cells' line colours (Okabe-Ito blue and vermillion) on enough pixels to be lines in
     * charts, not just the swatches of the cells table.
     */
    static void assertLooksDrawn(Path png) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).as("a PNG at %s", png).isNotNull();
        assertThat(image.getWidth()).isGreaterThanOrEqualTo(1000);
        Set<Integer> colours = new HashSet<>();
        long ink = 0;
        long blue = 0;
        long vermillion = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                colours.add(rgb);
                if (rgb != 0xFFFFFF) {
                    ink++;
                }
                if (near(rgb, 0x0072B2)) {
                    blue++;
                }
                if (near(rgb, 0xD55E00)) {
                    vermillion++;
                }
            }
        }
        long pixels = (long) image.getWidth() * image.getHeight();
        assertThat(ink).as("non-white pixels of %s", pixels).isGreaterThan(pixels / 20);
        assertThat(colours.size()).as("distinct colours").isGreaterThan(200);
        assertThat(blue).as("pixels of the first cell's line colour").isGreaterThan(1500);
        assertThat(vermillion).as("pixels of the second cell's line colour").isGreaterThan(1500);
    }

    private static boolean near(int rgb, int target) {
        int dr = ((rgb >> 16) & 255) - ((target >> 16) & 255);
        int dg = ((rgb >> 8) & 255) - ((target >> 8) & 255);
        int db = (rgb & 255) - (target & 255);
        // tight: the page's link colour (#0b5cad) must not count as the first cell's blue
        return dr * dr + dg * dg + db * db < 16 * 16;
    }

    /** One comparison block (its heading and tables), found by its marker attribute. */
    private static String section(String dom, String marker) {
        int start = dom.indexOf("<div class=\"comparison\" " + marker);
        assertThat(start).as("comparison block %s", marker).isNotNegative();
        int next = dom.indexOf("<div class=\"comparison\"", start + 1);
        return dom.substring(start, next < 0 ? dom.indexOf("</section>", start) : next);
    }

    private static String row(String dom, String cell) {
        int start = dom.indexOf("<tr data-cell=\"" + cell + "\"");
        assertThat(start).as("row of cell %s", cell).isNotNegative();
        return dom.substring(start, dom.indexOf("</tr>", start));
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
