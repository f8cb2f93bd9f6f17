package dev.jvmbench.api.analysis;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.job.ThreadModel;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.util.ArrayList;
import dev.jvmbench.api.query.Labels;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "analysis")
class AnalysisController {

    static final MediaType MARKDOWN = MediaType.parseMediaType("text/markdown;charset=UTF-8");
    private static final String CHANGE_RULE = "A change counts when the 95% interval of the ratio of medians excludes 1 "
            + "and the ratio moves by at least the threshold (default: the job's gate, 5%) in the metric's better or worse "
            + "direction. The overall verdict covers the job's gate metrics.";
    private static final String METRIC_DESCRIPTION = "Metric ids; repeatable or comma-separated; default all";
    private static final String THRESHOLD_DESCRIPTION = "The smallest change that counts, in percent; default the job's gate";

    private final JobStatistics statistics;
    private final Comparisons comparisons;
    private final History history;
    private final SummaryMarkdown summaries;

    AnalysisController(JobStatistics statistics, Comparisons comparisons, History history, SummaryMarkdown summaries) {
        this.statistics = statistics;
        this.comparisons = comparisons;
        this.history = history;
        this.summaries = summaries;
    }

    @Operation(operationId = "getJobStatistics", summary = "Every metric per cell and level: median, 95% bootstrap interval, run count",
            description = "Only points of SUCCEEDED runs count; the others are listed per cell under excludedRuns. "
                    + "capacity is the highest level meeting the job's SLO (closed model only).")
    @GetMapping("/api/v1/jobs/{id}/statistics")
    JobStatistics.View statistics(@PathVariable long id) {
        return statistics.of(id);
    }

    @Operation(operationId = "getJobSummaryMarkdown", summary = "The job as Markdown for a pull-request comment or CI job summary")
    @ApiResponse(responseCode = "200", description = "Markdown", content = @Content(mediaType = "text/markdown",
            schema = @Schema(type = "string")))
    @GetMapping(value = "/api/v1/jobs/{id}/summary.md", produces = {"text/markdown", "text/plain"})
    ResponseEntity<String> summary(@PathVariable long id) {
        return ResponseEntity.ok().contentType(MARKDOWN).body(summaries.of(id));
    }

    /*
     * Three comparisons, one operation each, so that every combination of parameters an operation
     * takes is a valid one: what is compared is in the path, not in parameters that depend on each
     * other. What the job did not run (a JDK, a thread model) is not there: 404.
     */

    @Operation(operationId = "compareWithJob", summary = "The job against another job, cell by cell",
            description = "Each cell (JDK x thread model) against the same cell of the baseline job, at every level both "
                    + "measured; cells without a counterpart are listed under unmatched, differences in how the jobs were "
                    + "run under warnings. A job's own baseline (spec.baseline, resolved at submission) is baseline.jobId "
                    + "in GET /api/v1/jobs/{id}, and baseline.comparison links here. " + CHANGE_RULE)
    @ApiResponse(responseCode = "200", description = "OK", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = "No job with the id id or baselineJobId",
            content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
    @GetMapping("/api/v1/jobs/{id}/comparisons/jobs/{baselineJobId}")
    Comparisons.View compareWithJob(@PathVariable long id, @PathVariable long baselineJobId,
                                    @Parameter(description = METRIC_DESCRIPTION) @RequestParam(required = false) List<String> metric,
                                    @Parameter(description = THRESHOLD_DESCRIPTION) @RequestParam(required = false)
                                    @Min(value = 0, message = "must be between 0 and 1000")
                                    @Max(value = 1000, message = "must be between 0 and 1000") Double threshold) {
        return comparisons.compare(Comparisons.Request.againstJob(id, baselineJobId, metrics(metric), threshold));
    }

    @Operation(operationId = "compareJdks", summary = "Every other JDK of the job against one of its JDKs",
            description = "Per thread model, each other JDK's cell against the cell of JDK {jdk}. " + CHANGE_RULE)
    @ApiResponse(responseCode = "200", description = "OK", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = "No job with this id, or the job did not run JDK {jdk}",
            content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
    @GetMapping("/api/v1/jobs/{id}/comparisons/jdks/{jdk}")
    Comparisons.View compareJdks(@PathVariable long id,
                                 @Parameter(description = "The baseline JDK: one of the job's jdks") @PathVariable int jdk,
                                 @Parameter(description = METRIC_DESCRIPTION) @RequestParam(required = false) List<String> metric,
                                 @Parameter(description = THRESHOLD_DESCRIPTION) @RequestParam(required = false)
                                 @Min(value = 0, message = "must be between 0 and 1000")
                                 @Max(value = 1000, message = "must be between 0 and 1000") Double threshold) {
        return comparisons.compare(Comparisons.Request.jdks(id, jdk, metrics(metric), threshold));
    }

    @Operation(operationId = "compareThreadModels", summary = "Every other thread model of the job against one of its thread models",
            description = "Per JDK, each other thread model's cell against the cell of {threadModel}. " + CHANGE_RULE)
    @ApiResponse(responseCode = "200", description = "OK", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = "No job with this id, or the job did not run {threadModel}",
            content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
    @GetMapping("/api/v1/jobs/{id}/comparisons/thread-models/{threadModel}")
    Comparisons.View compareThreadModels(@PathVariable long id,
                                         @Parameter(description = "The baseline thread model: one of the job's threadModels")
                                         @PathVariable String threadModel,
                                         @Parameter(description = METRIC_DESCRIPTION) @RequestParam(required = false) List<String> metric,
                                         @Parameter(description = THRESHOLD_DESCRIPTION) @RequestParam(required = false)
                                         @Min(value = 0, message = "must be between 0 and 1000")
                                         @Max(value = 1000, message = "must be between 0 and 1000") Double threshold) {
        return comparisons.compare(Comparisons.Request.threadModels(id, wireThreadModel("threadModel", threadModel),
                metrics(metric), threshold));
    }

    @Operation(operationId = "getHistory", summary = "One metric of an app and scenario over time, per JDK x thread model x level",
            description = "Jobs oldest first with their labels (e.g. a git sha). Only jobs measured under the same "
                    + "conditions as the newest matching job (scenario, load shape, limits, platform threads, JVM options, "
                    + "env; and SLO for capacity metrics) share the series; excluded lists the others and failed runs, "
                    + "with the reason.")
    @GetMapping("/api/v1/history")
    History.View history(@RequestParam String metric,
                         @RequestParam String scenario,
                         @Parameter(description = "The app: its name (app.name: every build of it), or one build's reference (an image "
                                 + "reference, artifact:<id>), or stock (default)")
                         @RequestParam(defaultValue = "stock") String app,
                         @RequestParam(required = false) String threadModel,
                         @RequestParam(required = false) List<Integer> jdk,
                         @RequestParam(required = false) @Min(value = 1, message = "must be 1 or more") Integer level,
                         @RequestParam(required = false) Double cpus,
                         @RequestParam(required = false) Integer memoryMb,
                         @Parameter(description = "key=value, repeatable, e.g. branch=main")
                         // declared for the contract and Spring's binding; read raw by Labels.fromQuery (a value may hold a comma)
                         @RequestParam(required = false) List<String> label,
                         @RequestParam(defaultValue = "50") @Min(value = 1, message = "must be between 1 and 500")
                         @Max(value = 500, message = "must be between 1 and 500") int limit,
                         HttpServletRequest request) {
        if (!History.metricIds().contains(metric)) {
            throw ApiException.invalid("metric", "'" + metric + "' is not one of " + History.metricIds());
        }
        ThreadModel model = threadModel == null ? null : wireThreadModel("threadModel", threadModel);
        return history.of(new History.Request(metric, app, scenario, model, jdk, level, cpus, memoryMb, Labels.fromQuery(request),
                limit));
    }

    @Operation(operationId = "listMetrics", summary = "The metrics that statistics, comparisons and history know, with their direction")
    @GetMapping("/api/v1/catalog/metrics")
    MetricCatalog metrics() {
        return new MetricCatalog(JobStatistics.MetricInfo.all(), List.of(History.CAPACITY_LEVEL, History.CAPACITY_THROUGHPUT));
    }

    record MetricCatalog(List<JobStatistics.MetricInfo> items, List<String> historyOnly) {
    }

    /** A thread model as the contract spells it (lower case), no other spelling. */
    private static ThreadModel wireThreadModel(String field, String value) {
        int index = ThreadModel.wireNames().indexOf(value);
        if (index < 0) {
            throw ApiException.invalid(field, "'" + value + "' is not one of " + ThreadModel.allowedValues());
        }
        return ThreadModel.values()[index];
    }

    private static List<Metric> metrics(List<String> values) {
        if (values == null) {
            return null;
        }
        List<Metric> metrics = new ArrayList<>();
        for (String value : values) {
            for (String part : value.split(",")) {
                metrics.add(Metric.fromId(part).orElseThrow(() -> ApiException.invalid("metric",
                        "'" + part + "' is not one of " + Metric.ids())));
            }
        }
        return metrics;
    }
}
