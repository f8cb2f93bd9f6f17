package dev.jvmbench.api.analysis;

import dev.jvmbench.common.job.BaselineMode;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.net.URI;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The host's noise profile: computed from calibration jobs (admin), read by anyone who may read. */
@RestController
@Tag(name = "analysis")
class CalibrationController {

    private static final String PROBLEM = "application/problem+json";

    private final Calibrations calibrations;

    CalibrationController(Calibrations calibrations) {
        this.calibrations = calibrations;
    }

    @Operation(operationId = "createNoiseProfile", summary = "Compute and store this host's noise profile from calibration jobs (admin)",
            description = "Compares each A/A pair (two jobs with the same spec) and the injected pair, and stores per "
                    + "metric and level the share of false alarms and the minimum detectable effect for the jobs' "
                    + "repetitions. ./bench calibrate submits the jobs and calls this. Comparisons of jobs with the same "
                    + "repetitions then carry the detectable effect next to the threshold (docs/statistics.md, Calibration).")
    @ApiResponse(responseCode = "201", description = "Created", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = "A job of the request does not exist",
            content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "#/components/schemas/Problem")))
    @ApiResponse(responseCode = "409", description = "A job of the request has not SUCCEEDED, or the jobs cannot make the pairs "
            + "(a job paired with itself, jobs of different repetitions); the problem names the pair",
            content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "#/components/schemas/Problem")))
    @PostMapping("/api/v1/calibrations")
    ResponseEntity<Calibrations.View> create(@Valid @RequestBody Calibrations.Request request) {
        var profile = calibrations.calibrate(request);
        return ResponseEntity.created(URI.create("/api/v1/noise-profile?repetitions=" + profile.repetitions())).body(profile);
    }

    @Operation(operationId = "getNoiseProfile", summary = "This host's newest noise profile",
            description = "The false-alarm shares and minimum detectable effects per metric and level that the newest "
                    + "calibration measured, optionally for a given number of repetitions.")
    @ApiResponse(responseCode = "200", description = "OK", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = "No calibration yet (for these repetitions)",
            content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "#/components/schemas/Problem")))
    @GetMapping("/api/v1/noise-profile")
    Calibrations.View latest(@Parameter(description = "Repetitions per cell the profile was measured with; default any")
                             @RequestParam(required = false) @Min(1) @Max(100) Integer repetitions,
                             @Parameter(description = "The way of comparing measured: stored or paired; default any "
                                     + "(with a mode and no repetitions: 3)")
                             @RequestParam(required = false) String mode) {
        BaselineMode parsed = null;
        if (mode != null) {
            try {
                parsed = BaselineMode.fromWire(mode);
            } catch (IllegalArgumentException e) {
                throw dev.jvmbench.api.problem.ApiException.invalid("mode", e.getMessage());
            }
        }
        return calibrations.latest(repetitions, parsed);
    }
}
