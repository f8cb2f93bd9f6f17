package dev.jvmbench.api.job;

import io.swagger.v3.oas.annotations.tags.Tag;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.api.security.TokenService;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.store.Jobs;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import dev.jvmbench.api.query.Labels;
import dev.jvmbench.api.query.Rfc3339;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "jobs")
@RequestMapping("/api/v1/jobs")
class JobController {

    private static final String KEY_HEADER = "Idempotency-Key";
    private final JobService jobs;
    private final PlatformMetrics metrics;

    JobController(JobService jobs, PlatformMetrics metrics) {
        this.jobs = jobs;
        this.metrics = metrics;
    }

    @Operation(operationId = "submitJob", summary = "Submit a benchmark job", description = "Validates the spec against the catalogues and stores the job with one run per JDK x thread model x repetition. The same Idempotency-Key with the same body returns the same job (header Idempotent-Replayed: true).")
    @ApiResponse(responseCode = "201", description = "Created (or replayed for the same Idempotency-Key)", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = "The job names an artifact (app.artifactId) or a baseline job (baseline.jobId) that does not exist; errors[] names the field", content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
    @ApiResponse(responseCode = "409", description = "The Idempotency-Key was used with a different body, or the artifact (app.artifactId) is not an executable JAR", content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
    @PostMapping
    ResponseEntity<JobView> submit(@Valid @RequestBody JobSpec spec,
                                   @Parameter(description = "Any 1 to 255 visible ASCII characters (e.g. a UUID or a CI build id): "
                                           + "the same key with the same body returns the same job, with another body 409",
                                           schema = @Schema(minLength = 1, maxLength = 255, pattern = IdempotencyKeys.PATTERN))
                                   @RequestHeader(name = KEY_HEADER, required = false) String idempotencyKey,
                                   @AuthenticationPrincipal TokenService.Principal principal) {
        checkKey(idempotencyKey);
        var submission = jobs.submit(spec, idempotencyKey, principal == null ? null : principal.tokenId());
        if (!submission.replayed()) {
            // Counted here and not in the @Transactional submit: its transaction has committed by now,
            // and a rolled-back submission is no job.
            metrics.jobSubmitted();
        }
        var response = ResponseEntity.status(HttpStatus.CREATED)
                .location(URI.create("/api/v1/jobs/" + submission.job().id()));
        if (submission.replayed()) {
            response.header("Idempotent-Replayed", "true");
        }
        return response.body(submission.job());
    }

    @Operation(operationId = "listJobs", summary = "List jobs, newest first", description = "Every given filter must match. label=key=value may repeat; status may repeat or be comma-separated.")
    @GetMapping
    JobPage list(@RequestParam(required = false) List<String> status,
                 // declared for the contract and Spring's binding; read raw by Labels.fromQuery (a value may hold a comma)
                 @RequestParam(required = false) List<String> label,
                 @io.swagger.v3.oas.annotations.Parameter(description = "The app's name (app.name: every build of it) or one "
                         + "build's reference (an image reference, artifact:<id>, stock)")
                 @RequestParam(required = false) String app,
                 @RequestParam(required = false) String scenario,
                 @RequestParam(required = false) Integer jdk,
                 @RequestParam(required = false) String threadModel,
                 @RequestParam(required = false) String createdAfter,
                 @RequestParam(required = false) String createdBefore,
                 @RequestParam(defaultValue = "0") @Min(value = 0, message = "must be 0 or more") int page,
                 @RequestParam(defaultValue = "20") @Min(value = 1, message = "must be between 1 and 200")
                 @Max(value = 200, message = "must be between 1 and 200") int size,
                 HttpServletRequest request) {
        Jobs.Filter filter = new Jobs.Filter(statuses(status), Labels.fromQuery(request), app, scenario, jdk,
                threadModel == null ? null : wireThreadModel(threadModel),
                instant("createdAfter", createdAfter), instant("createdBefore", createdBefore));
        return jobs.list(filter, page, size);
    }

    @Operation(operationId = "getJob", summary = "A job with its status and progress")
    @GetMapping("/{id}")
    JobView get(@PathVariable long id) {
        return jobs.get(id);
    }

    /** 202 while the worker stops the running job, 200 once it is cancelled. */
    @Operation(operationId = "cancelJob", summary = "Cancel a job", description = "Idempotent. A queued job is cancelled at once (200); a running one is asked to stop at the next step boundary (202). The job stays readable with its runs and results (cancelling is not deleting, hence POST and not DELETE).")
    @ApiResponse(responseCode = "200", description = "Cancelled", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "202", description = "Cancel requested; the worker stops at the next step boundary", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "409", description = "The job already ended", content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
    @PostMapping("/{id}/cancel")
    ResponseEntity<JobView> cancel(@PathVariable long id) {
        var outcome = jobs.cancel(id);
        return ResponseEntity.status(outcome.pending() ? HttpStatus.ACCEPTED : HttpStatus.OK).body(outcome.job());
    }

    @Operation(operationId = "listRuns", summary = "The runs (matrix cells) of a job, in execution order")
    @GetMapping("/{id}/runs")
    RunList runs(@PathVariable long id) {
        return new RunList(jobs.runsOf(id));
    }

    record RunList(List<RunView> items) {
    }

    private static void checkKey(String key) {
        if (key != null && !IdempotencyKeys.valid(key)) {
            throw JobService.badKey("must be 1-255 visible ASCII characters, e.g. a UUID or a CI build id");
        }
    }

    /** Status names exactly as the contract spells them; a value may also list several, comma-separated. */
    private static List<JobStatus> statuses(List<String> values) {
        if (values == null) {
            return List.of();
        }
        List<String> names = java.util.Arrays.stream(JobStatus.values()).map(Enum::name).toList();
        List<JobStatus> parsed = new ArrayList<>();
        for (String value : values) {
            for (String part : value.split(",")) {
                if (!names.contains(part)) {
                    throw ApiException.invalid("status", "'" + part + "' is not one of " + names);
                }
                parsed.add(JobStatus.valueOf(part));
            }
        }
        return parsed;
    }

    private static Instant instant(String field, String value) {
        if (value == null) {
            return null;
        }
        Instant parsed = Rfc3339.parse(value);
        if (parsed == null) {
            throw ApiException.invalid(field, "'" + value + "' must be an RFC 3339 (ISO-8601) date-time such as 2026-01-31T12:00:00Z");
        }
        return parsed;
    }

    /** A thread model as the contract spells it (lower case), no other spelling. */
    private static ThreadModel wireThreadModel(String value) {
        int index = ThreadModel.wireNames().indexOf(value);
        if (index < 0) {
            throw ApiException.invalid("threadModel", "'" + value + "' is not one of " + ThreadModel.allowedValues());
        }
        return ThreadModel.values()[index];
    }
}
