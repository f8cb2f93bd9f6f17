package dev.jvmbench.api.report;

import io.swagger.v3.oas.annotations.Hidden;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

/**
 * The pages: the report of one job, the jobs list, the history of a metric and the comparison of
 * two jobs or cells. Each is the same static document for every reader and holds no data: its
 * script reads what to show from the path or the query and fetches everything from the
 * token-protected /api/v1 endpoints, so serving it needs no token and leaks nothing. Their scripts
 * and styles are static resources (static/report/, static/pages/); the new pages' documents are
 * not (pages/), so that they are only ever served with their policy. Not part of the REST contract
 * (hidden from the OpenAPI document).
 */
@Hidden
@Controller
class ReportController {

    static final String PAGE = "static/report/report.html";

    /**
     * Only our own origin may supply scripts, styles, data and frames: the chart library is bundled
     * (/webjars/**), an injected script could not send the token elsewhere, and the only frame is
     * the flame-graph frame below.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'";

    /**
     * The flame-graph frame becomes the page of async-profiler's converter that its embedding page
     * fetched with the token: inline script and style, frame names in string literals escaped for
     * quotes and backslashes only. Sandboxed, so that it runs in an origin of its own (no token, no
     * storage, no api); its only script from here is the one that receives the page; it may load
     * and send nothing, and only our own pages may embed it.
     */
    static final String FLAME_FRAME_POLICY = "sandbox allow-scripts; default-src 'none'; "
            + "script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
            + "form-action 'none'; frame-ancestors 'self'";

    private final Resource report = new ClassPathResource(PAGE);
    private final Resource jobs = new ClassPathResource("pages/jobs.html");
    private final Resource history = new ClassPathResource("pages/history.html");
    private final Resource compare = new ClassPathResource("pages/compare.html");
    private final Resource flameFrame = new ClassPathResource("pages/flame-graph-frame.html");

    /**
     * A non-numeric id is a 400 problem like on the api; a missing job is reported by the page
     * (the api answers 404). No {@code produces}: it would stop the problem body of a 400 from
     * being written as JSON to a browser that accepts HTML only.
     */
    @GetMapping("/jobs/{id}/report")
    ResponseEntity<Resource> report(@PathVariable long id) {
        return page(report, CONTENT_SECURITY_POLICY);
    }

    /** The jobs, filtered and paged as GET /api/v1/jobs is by the page's query. */
    @GetMapping("/jobs")
    ResponseEntity<Resource> jobs() {
        return page(jobs, CONTENT_SECURITY_POLICY);
    }

    /** One metric of an app and scenario over time, with its change points (GET /api/v1/history). */
    @GetMapping("/history")
    ResponseEntity<Resource> history() {
        return page(history, CONTENT_SECURITY_POLICY);
    }

    /** Two jobs, or two cells, compared: the comparison and the differential profile. */
    @GetMapping("/compare")
    ResponseEntity<Resource> compare() {
        return page(compare, CONTENT_SECURITY_POLICY);
    }

    /** The frame the pages draw a flame graph in (static/pages/common.js, flameGraph). */
    @GetMapping("/pages/flame-graph-frame")
    ResponseEntity<Resource> flameGraphFrame() {
        return page(flameFrame, FLAME_FRAME_POLICY);
    }

    private static ResponseEntity<Resource> page(Resource page, String policy) {
        return ResponseEntity.ok()
                .contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .cacheControl(CacheControl.noCache())
                .header("Content-Security-Policy", policy)
                .header("Referrer-Policy", "no-referrer")
                .body(page);
    }
}
