package dev.jvmbench.api.report;

import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

/**
 * The report page of one job. The page is the same static document for every job and holds no
 * data: its script reads the job id from the path and fetches everything from the token-protected
 * /api/v1 endpoints, so serving it needs no token and leaks nothing. Not part of the REST contract
 * (hidden from the OpenAPI document).
 */
@Hidden
@Controller
class ReportController {

    static final String PAGE = "static/report/report.html";

    /**
     * Only our own origin may supply scripts, styles and data: the chart library is bundled
     * (/webjars/**), and an injected script could not send the token elsewhere.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private final Resource page = new ClassPathResource(PAGE);

    /**
     * A non-numeric id is a 400 problem like on the api; a missing job is reported by the page
     * (the api answers 404). No {@code produces}: it would stop the problem body of a 400 from
     * being written as JSON to a browser that accepts HTML only.
     */
    @GetMapping("/jobs/{id}/report")
    ResponseEntity<Resource> report(@PathVariable long id) {
        return ResponseEntity.ok()
                .contentType(new MediaType(MediaType.TEXT_HTML, java.nio.charset.StandardCharsets.UTF_8))
                .cacheControl(CacheControl.noCache())
                .header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .header("Referrer-Policy", "no-referrer")
                .body(page);
    }
}
