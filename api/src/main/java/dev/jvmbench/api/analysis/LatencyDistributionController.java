package dev.jvmbench.api.analysis;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** A job's merged latency distributions; a controller of its own, beside the statistics it complements. */
@RestController
@Tag(name = "analysis")
class LatencyDistributionController {

    private final LatencyDistributions distributions;

    LatencyDistributionController(LatencyDistributions distributions) {
        this.distributions = distributions;
    }

    @Operation(operationId = "getJobLatencyDistributions",
            summary = "Each cell's latency distribution per level: its runs' histograms merged, percentiles with 95% intervals",
            description = "Per cell (JDK x thread model) and level, the HdrHistograms of the cell's succeeded runs merged "
                    + "into one distribution: p50, p90, p99, p99.9, p99.99 with 95% intervals from resampling the runs "
                    + "(bootstrap: draw runs with replacement, merge, take the percentile), the max and the request count, "
                    + "and each run's own p99.9. A run without a histogram (measured before histograms were kept) is named "
                    + "under missing and left out of the merge; a level none of whose runs has one has no percentiles.")
    @ApiResponse(responseCode = "200", description = "OK", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = "No job with this id",
            content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
    @GetMapping("/api/v1/jobs/{id}/distributions")
    LatencyDistributions.View distributions(@PathVariable long id) {
        return distributions.of(id);
    }
}
