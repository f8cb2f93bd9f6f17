package dev.jvmbench.api.analysis;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.profile.ProfileKind;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Min;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A cell's CPU, allocation, lock and pinned profiles per level (docs/metrics.md, "Profiles"): as
 * JSON, as a flame graph, and against another cell (of this job, of its paired baseline side, or of
 * another job) as the frames that changed most and a differential flame graph.
 */
@RestController
@Tag(name = "analysis")
class ProfileController {

    /**
     * The flame graph is the converter's self-contained page (inline script and style): sandboxed,
     * so that its script runs in an origin of its own (no token, no cookie of the api), and allowed
     * to load nothing.
     */
    static final String FLAME_GRAPH_POLICY = "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline'; "
            + "style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";
    private static final String CELL = "The cell: JDK, thread model and load level (users, or the rate) of the job, "
            + "and the kind: cpu (execution samples), alloc (allocation samples by bytes), lock (monitor enter and park by "
            + "blocked time), pinned (pinned virtual threads by pinned time). side: job (default) or baseline, the "
            + "baseline's cells measured again inside a job with a paired baseline. ";
    private static final String ERRORS = "400 for a missing or invalid parameter; 404 for an unknown job, a cell the job "
            + "did not run, a level its runs did not measure, and a level without a stored profile.";
    private static final String PROBLEM = "application/problem+json";

    static final List<String> PATHS = List.of("/api/v1/jobs/{id}/profiles", "/api/v1/jobs/{id}/profiles/flamegraph.html",
            "/api/v1/jobs/{id}/profiles/diff", "/api/v1/jobs/{id}/profiles/diff.html");
    static final List<String> DIFF_PATHS = PATHS.subList(2, 4);

    private final CellProfiles profiles;

    ProfileController(CellProfiles profiles) {
        this.profiles = profiles;
    }

    @Operation(operationId = "getCellProfile", summary = "A cell's profile at one level, merged over its repetitions, per request",
            description = CELL + "The succeeded runs' stacks inside each level's measured window (warm-up excluded) "
                    + "merged, normalised per request (cpu: samples per 1000 requests, and ms per request through the "
                    + "recording's sampling period; alloc: bytes per request; lock, pinned: ns per request), with the "
                    + "frames of most self and most total value. " + ERRORS)
    @ApiResponse(responseCode = "200", description = "OK", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "400", description = "A missing or invalid parameter",
            content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "#/components/schemas/Problem")))
    @ApiResponse(responseCode = "404", description = "No such job, cell, level or profile",
            content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "#/components/schemas/Problem")))
    @GetMapping("/api/v1/jobs/{id}/profiles")
    CellProfiles.View profile(@PathVariable long id, @RequestParam int jdk, @RequestParam String threadModel,
                              @RequestParam @Min(value = 1, message = "must be 1 or more") int level,
                              @Parameter(description = "cpu, alloc, lock or pinned") @RequestParam(defaultValue = "cpu")
                              String kind,
                              @Parameter(description = "job or baseline") @RequestParam(defaultValue = "job") String side) {
        return profiles.view(query(id, jdk, threadModel, level, kind, side));
    }

    @Operation(operationId = "getCellFlameGraph", summary = "A cell's profile at one level as an HTML flame graph",
            description = CELL + "The merged stacks of GET /api/v1/jobs/{id}/profiles drawn by async-profiler's converter "
                    + "(jfr-converter): a self-contained page, widths in the kind's raw unit (samples, bytes, ns) over the "
                    + "merged runs. " + ERRORS)
    @ApiResponse(responseCode = "200", description = "HTML", content = @Content(mediaType = "text/html",
            schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "400", description = "A missing or invalid parameter",
            content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "#/components/schemas/Problem")))
    @ApiResponse(responseCode = "404", description = "No such job, cell, level or profile",
            content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "#/components/schemas/Problem")))
    @GetMapping("/api/v1/jobs/{id}/profiles/flamegraph.html")
    ResponseEntity<String> flameGraph(@PathVariable long id, @RequestParam int jdk, @RequestParam String threadModel,
                                      @RequestParam @Min(value = 1, message = "must be 1 or more") int level,
                                      @Parameter(description = "cpu, alloc, lock or pinned")
                                      @RequestParam(defaultValue = "cpu") String kind,
                                      @Parameter(description = "job or baseline")
                                      @RequestParam(defaultValue = "job") String side) {
        CellProfiles.Merged merged = profiles.merged(query(id, jdk, threadModel, level, kind, side));
        String title = title(merged) + ", " + merged.query().kind().unit() + " over " + merged.runs().size() + " run(s), "
                + merged.requests() + " requests";
        return html(FlameGraphs.render(merged.stacks(), title));
    }

    @Operation(operationId = "getProfileDiff", summary = "The frames whose self value per request changed most between two cells",
            description = CELL + "The candidate is the cell named by jdk, threadModel, level and side; the baseline is the "
                    + "cell named by the base* parameters, each defaulting to the candidate's (baseJobId: this job). So: "
                    + "JDK vs JDK (baseJdk), thread model vs thread model (baseThreadModel), job vs another job "
                    + "(baseJobId), job vs its paired baseline (baseSide=baseline). CPU changes are in ms per request "
                    + "(samples x the sampling period / requests). " + ERRORS)
    @ApiResponse(responseCode = "200", description = "OK", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "400", description = "A missing or invalid parameter",
            content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "#/components/schemas/Problem")))
    @ApiResponse(responseCode = "404", description = "No such job, cell, level or profile on either side",
            content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "#/components/schemas/Problem")))
    @GetMapping("/api/v1/jobs/{id}/profiles/diff")
    @Transactional(readOnly = true)
    CellProfiles.FrameDiff diff(@PathVariable long id, @RequestParam int jdk, @RequestParam String threadModel,
                                @RequestParam @Min(value = 1, message = "must be 1 or more") int level,
                                @Parameter(description = "cpu, alloc, lock or pinned") @RequestParam(defaultValue = "cpu")
                                String kind,
                                @Parameter(description = "job or baseline") @RequestParam(defaultValue = "job") String side,
                                @RequestParam(required = false) Long baseJobId, @RequestParam(required = false) Integer baseJdk,
                                @RequestParam(required = false) String baseThreadModel,
                                @Parameter(description = "job or baseline; default: the candidate's")
                                @RequestParam(required = false) String baseSide) {
        CellProfiles.Merged candidate = profiles.merged(query(id, jdk, threadModel, level, kind, side));
        CellProfiles.Merged baseline = profiles.merged(baseQuery(candidate.query(), baseJobId, baseJdk, baseThreadModel,
                baseSide));
        return CellProfiles.diff(baseline, candidate, 20);
    }

    @Operation(operationId = "getProfileDiffFlameGraph", summary = "A differential flame graph of two cells, per request",
            description = CELL + "The cells as in GET /api/v1/jobs/{id}/profiles/diff. The candidate's flame graph with "
                    + "each frame coloured by the change of its self value from the baseline's (jfr-converter's "
                    + "differential mode: red grew, blue shrank, yellow is new), both sides scaled to value per million "
                    + "requests first so that a cell's throughput does not colour it. " + ERRORS)
    @ApiResponse(responseCode = "200", description = "HTML", content = @Content(mediaType = "text/html",
            schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "400", description = "A missing or invalid parameter",
            content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "#/components/schemas/Problem")))
    @ApiResponse(responseCode = "404", description = "No such job, cell, level or profile on either side",
            content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "#/components/schemas/Problem")))
    @GetMapping("/api/v1/jobs/{id}/profiles/diff.html")
    @Transactional(readOnly = true)
    ResponseEntity<String> diffFlameGraph(@PathVariable long id, @RequestParam int jdk, @RequestParam String threadModel,
                                          @RequestParam @Min(value = 1, message = "must be 1 or more") int level,
                                          @Parameter(description = "cpu, alloc, lock or pinned")
                                          @RequestParam(defaultValue = "cpu") String kind,
                                          @Parameter(description = "job or baseline")
                                          @RequestParam(defaultValue = "job") String side,
                                          @RequestParam(required = false) Long baseJobId,
                                          @RequestParam(required = false) Integer baseJdk,
                                          @RequestParam(required = false) String baseThreadModel,
                                          @Parameter(description = "job or baseline; default: the candidate's")
                                          @RequestParam(required = false) String baseSide) {
        CellProfiles.Merged candidate = profiles.merged(query(id, jdk, threadModel, level, kind, side));
        CellProfiles.Merged baseline = profiles.merged(baseQuery(candidate.query(), baseJobId, baseJdk, baseThreadModel,
                baseSide));
        String title = title(candidate) + " against " + title(baseline) + ", " + candidate.query().kind().unit()
                + " per million requests";
        return html(FlameGraphs.diff(baseline.stacks().scaled(1e6 / Math.max(1, baseline.requests())),
                candidate.stacks().scaled(1e6 / Math.max(1, candidate.requests())), title));
    }

    private static String title(CellProfiles.Merged merged) {
        CellProfiles.Query q = merged.query();
        return q.kind().wireName() + " of job " + q.jobId() + " JDK " + q.jdk() + " " + q.threadModel().wireName()
                + (q.side() == RunSide.BASELINE ? " (baseline side)" : "") + " at level " + q.level();
    }

    private static ResponseEntity<String> html(String page) {
        return ResponseEntity.ok().contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .cacheControl(CacheControl.noCache())
                .header("Content-Security-Policy", FLAME_GRAPH_POLICY)
                .header("Referrer-Policy", "no-referrer")
                .body(page);
    }

    private static CellProfiles.Query baseQuery(CellProfiles.Query candidate, Long baseJobId, Integer baseJdk,
                                                String baseThreadModel, String baseSide) {
        return new CellProfiles.Query(baseJobId == null ? candidate.jobId() : baseJobId,
                baseJdk == null ? candidate.jdk() : baseJdk,
                baseThreadModel == null ? candidate.threadModel() : threadModel("baseThreadModel", baseThreadModel),
                candidate.level(), candidate.kind(),
                baseSide == null ? candidate.side() : side("baseSide", baseSide));
    }

    static CellProfiles.Query query(long id, int jdk, String threadModel, int level, String kind, String side) {
        if (level < 1) {
            throw ApiException.invalid("level", "must be 1 or more");
        }
        ProfileKind profileKind = ProfileKind.ofWireName(kind).orElseThrow(() -> ApiException.invalid("kind",
                "'" + kind + "' is not one of " + Arrays.stream(ProfileKind.values()).map(ProfileKind::wireName).toList()));
        return new CellProfiles.Query(id, jdk, threadModel("threadModel", threadModel), level, profileKind,
                side("side", side));
    }

    private static ThreadModel threadModel(String field, String value) {
        int index = ThreadModel.wireNames().indexOf(value);
        if (index < 0) {
            throw ApiException.invalid(field, "'" + value + "' is not one of " + ThreadModel.allowedValues());
        }
        return ThreadModel.values()[index];
    }

    private static RunSide side(String field, String value) {
        return Arrays.stream(RunSide.values()).filter(s -> s.wireName().equals(value)).findFirst()
                .orElseThrow(() -> ApiException.invalid(field, "'" + value + "' is not one of [job, baseline]"));
    }
}
