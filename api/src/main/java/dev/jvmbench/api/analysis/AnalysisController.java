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

    @Operation(operationId = "compare", summary = "Ratios with 95% intervals and verdicts, within a job or against another job",
            description = "Across jobs (baselineJob, or the job's own baseline): each cell against the same JDK x thread "
                    + "model of the baseline. Within a job: by=jdk compares every JDK with the baseline JDK (default the "
                    + "lowest) per thread model; by=threadModel compares every thread model with the baseline one "
                    + "(default platform, else the first) per JDK. A change counts when the interval excludes 1 and "
                    + "the ratio moves by at least the threshold (default: the job's gate, 5%) in the metric's better "
                    + "or worse direction. The overall verdict covers the job's gate metrics.")
    @ApiResponse(responseCode = "200", description = "OK", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = "No job with the id given as job or baselineJob",
            content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
    @GetMapping("/api/v1/comparisons")
    Comparisons.View compare(@RequestParam long job,
                             @RequestParam(required = false) Long baselineJob,
                             @Parameter(schema = @Schema(allowableValues = {"jobs", "jdk", "threadModel"}))
                             @RequestParam(required = false) String by,
                             @Parameter(description = "The baseline JDK or thread model for by=jdk or by=threadModel")
                             @RequestParam(required = false) String baseline,
                             @Parameter(description = "Metric ids; repeatable or comma-separated; default all")
                             @RequestParam(required = false) List<String> metric,
                             @RequestParam(required = false) @Min(value = 0, message = "must be between 0 and 1000")
                             @Max(value = 1000, message = "must be between 0 and 1000") Double threshold) {
        Comparisons.Mode mode = by == null ? (baselineJob != null ? Comparisons.Mode.JOBS : null) : switch (by) {
            case "jobs" -> Comparisons.Mode.JOBS;
            case "jdk" -> Comparisons.Mode.JDK;
            case "threadModel" -> Comparisons.Mode.THREAD_MODEL;
            default -> throw ApiException.invalid("by", "'" + by + "' is not one of [jobs, jdk, threadModel]");
        };
        if (baselineJob != null && mode != Comparisons.Mode.JOBS) {
            throw ApiException.invalid("baselineJob", "compares two jobs: leave out by or use by=jobs");
        }
        if (baseline != null && mode == Comparisons.Mode.JOBS) {
            throw ApiException.invalid("baseline", "names a JDK or thread model for by=jdk or by=threadModel");
        }
        return comparisons.compare(new Comparisons.Request(job, baselineJob, mode, baseline, metrics(metric), threshold));
    }

    @Operation(operationId = "getHistory", summary = "One metric of an app and scenario over time, per JDK x thread model x level",
            description = "Jobs oldest first with their labels (e.g. a git sha). Only jobs measured under the same "
                    + "conditions as the newest matching job (scenario, load shape, limits, platform threads, JVM options, "
                    + "env; and SLO for capacity metrics) share the series; excluded lists the others and failed runs, "
                    + "with the reason.")
    @GetMapping("/api/v1/history")
    History.View history(@RequestParam String metric,
                         @RequestParam String scenario,
                         @Parameter(description = "The job list's app filter: an image reference, artifact:<id>, or stock (default)")
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
        ThreadModel model = null;
        if (threadModel != null) {
            try {
                model = ThreadModel.fromWire(threadModel);
            } catch (IllegalArgumentException e) {
                throw ApiException.invalid("threadModel", e.getMessage());
            }
        }
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

    private static List<Metric> metrics(List<String> values) {
        if (values == null) {
            return null;
        }
        List<Metric> metrics = new ArrayList<>();
        for (String value : values) {
            for (String part : value.split(",")) {
                String id = part.trim();
                metrics.add(Metric.fromId(id).orElseThrow(() -> ApiException.invalid("metric",
                        "'" + id + "' is not one of " + Metric.ids())));
            }
        }
        return metrics;
    }
}
