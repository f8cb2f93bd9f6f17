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
    private static final String APP_DESCRIPTION = "The app: its name (app.name: every build of it), or one build's reference "
            + "(an image reference, artifact:<id>), or stock (default)";
    private static final String CHANGE_POINTS = "E-Divisive means with Apache Otava's Student t-test, as Otava 0.8.0 "
            + "finds them; docs/statistics.md, \"Change points\"";
    private static final String WINDOW_DESCRIPTION = "Change points: jobs per window of the split step (Otava's window_len)";
    private static final String MAX_P_DESCRIPTION = "Change points: the significance level, between 0 and 1 "
            + "(Otava's max_pvalue)";
    private static final String MIN_MAGNITUDE_DESCRIPTION = "Change points: the smallest relative change of the means "
            + "kept, e.g. 0.05 for 5% (Otava's min_magnitude)";
    private static final String SIGNIFICANCE_DESCRIPTION = "Change points: which Student t-test decides: jobs-and-runs "
            + "(default: significant both on the jobs' values and on all their runs), jobs (Otava's: each job's value), "
            + "runs (every run of the jobs on each side)";

    private final JobStatistics statistics;
    private final Comparisons comparisons;
    private final History history;
    private final SummaryMarkdown summaries;
    private final JobChangePoints jobChangePoints;

    AnalysisController(JobStatistics statistics, Comparisons comparisons, History history, SummaryMarkdown summaries,
                       JobChangePoints jobChangePoints) {
        this.statistics = statistics;
        this.comparisons = comparisons;
        this.history = history;
        this.summaries = summaries;
        this.jobChangePoints = jobChangePoints;
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
                    + "with the reason. Each series lists its change points (" + CHANGE_POINTS + ").")
    @GetMapping("/api/v1/history")
    History.View history(@RequestParam String metric,
                         @RequestParam String scenario,
                         @Parameter(description = APP_DESCRIPTION) @RequestParam(defaultValue = "stock") String app,
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
                         @Parameter(description = WINDOW_DESCRIPTION) @RequestParam(defaultValue = "50")
                         @Min(value = 2, message = "must be between 2 and 500")
                         @Max(value = 500, message = "must be between 2 and 500") int window,
                         @Parameter(description = MAX_P_DESCRIPTION,
                                 schema = @Schema(type = "number", format = "double", minimum = "0", maximum = "1", defaultValue = "0.001"))
                         @RequestParam(defaultValue = "0.001") double maxPValue,
                         @Parameter(description = MIN_MAGNITUDE_DESCRIPTION,
                                 schema = @Schema(type = "number", format = "double", minimum = "0", maximum = "100", defaultValue = "0"))
                         @RequestParam(defaultValue = "0") double minMagnitude,
                         @Parameter(description = SIGNIFICANCE_DESCRIPTION, schema = @Schema(type = "string", defaultValue = "jobs-and-runs"))
                         @RequestParam(required = false) String significance,
                         HttpServletRequest request) {
        if (!History.metricIds().contains(metric)) {
            throw ApiException.invalid("metric", "'" + metric + "' is not one of " + History.metricIds());
        }
        return history.of(historyRequest(metric, scenario, app, threadModel, jdk, level, cpus, memoryMb, limit,
                detection(window, maxPValue, minMagnitude, significance), request));
    }

    @Operation(operationId = "getHistoryChanges", summary = "Where the history series changed, and with which job, newest first",
            description = "The change points of every series GET /api/v1/history gives for each metric (same filters), "
                    + "newest first: the job where the change entered with its labels (e.g. the commit), the series, the "
                    + "medians before and after, their ratio with a 95% bootstrap interval, better or worse for the "
                    + "metric, and the t-test's p-value. " + CHANGE_POINTS + ".")
    @GetMapping("/api/v1/history/changes")
    History.ChangesView historyChanges(
            @Parameter(description = "Metric ids (those of GET /api/v1/history); repeatable or comma-separated")
            @RequestParam List<String> metric,
            @RequestParam String scenario,
            @Parameter(description = APP_DESCRIPTION) @RequestParam(defaultValue = "stock") String app,
            @RequestParam(required = false) String threadModel,
            @RequestParam(required = false) List<Integer> jdk,
            @RequestParam(required = false) @Min(value = 1, message = "must be 1 or more") Integer level,
            @RequestParam(required = false) Double cpus,
            @RequestParam(required = false) Integer memoryMb,
            @Parameter(description = "key=value, repeatable, e.g. branch=main")
            @RequestParam(required = false) List<String> label,
            @Parameter(description = "The newest jobs considered") @RequestParam(defaultValue = "50")
            @Min(value = 1, message = "must be between 1 and 500") @Max(value = 500, message = "must be between 1 and 500") int limit,
            @Parameter(description = WINDOW_DESCRIPTION) @RequestParam(defaultValue = "50")
            @Min(value = 2, message = "must be between 2 and 500")
            @Max(value = 500, message = "must be between 2 and 500") int window,
            @Parameter(description = MAX_P_DESCRIPTION,
                    schema = @Schema(type = "number", format = "double", minimum = "0", maximum = "1", defaultValue = "0.001"))
            @RequestParam(defaultValue = "0.001") double maxPValue,
            @Parameter(description = MIN_MAGNITUDE_DESCRIPTION,
                    schema = @Schema(type = "number", format = "double", minimum = "0", maximum = "100", defaultValue = "0"))
            @RequestParam(defaultValue = "0") double minMagnitude,
            @Parameter(description = SIGNIFICANCE_DESCRIPTION, schema = @Schema(type = "string", defaultValue = "jobs-and-runs"))
                         @RequestParam(required = false) String significance,
            HttpServletRequest request) {
        List<String> metrics = new ArrayList<>();
        for (String value : metric) {
            for (String part : value.split(",", -1)) {
                if (!History.metricIds().contains(part)) {
                    throw ApiException.invalid("metric", "'" + part + "' is not one of " + History.metricIds());
                }
                if (!metrics.contains(part)) {
                    metrics.add(part);
                }
            }
        }
        if (metrics.isEmpty()) {
            throw ApiException.invalid("metric", "name at least one of " + History.metricIds());
        }
        return history.changes(historyRequest(metrics.getFirst(), scenario, app, threadModel, jdk, level, cpus, memoryMb,
                limit, detection(window, maxPValue, minMagnitude, significance), request), metrics);
    }

    private static History.Request historyRequest(String metric, String scenario, String app, String threadModel,
                                                  List<Integer> jdk, Integer level, Double cpus, Integer memoryMb, int limit,
                                                  ChangePoints.Detection detection, HttpServletRequest request) {
        ThreadModel model = threadModel == null ? null : wireThreadModel("threadModel", threadModel);
        return new History.Request(metric, app, scenario, model, jdk, level, cpus, memoryMb, Labels.fromQuery(request),
                limit, detection);
    }

    private static ChangePoints.Detection detection(int window, double maxPValue, double minMagnitude, String significance) {
        if (!(maxPValue >= 0 && maxPValue <= 1)) {
            throw ApiException.invalid("maxPValue", "must be between 0 and 1");
        }
        if (!(minMagnitude >= 0 && minMagnitude <= 100)) {
            throw ApiException.invalid("minMagnitude", "must be between 0 and 100");
        }
        // absent: the default; empty (significance=) is not one of the names: Spring's defaultValue would have hidden it
        int index = ChangePoints.Significance.wireNames().indexOf(significance == null ? "jobs-and-runs" : significance);
        if (index < 0) {
            throw ApiException.invalid("significance", "'" + significance + "' is not one of "
                    + ChangePoints.Significance.wireNames());
        }
        return new ChangePoints.Detection(window, maxPValue, minMagnitude, ChangePoints.Significance.values()[index]);
    }

    @Operation(operationId = "getJobChangePoints", summary = "The change points that entered at this job, worse on its gate metrics",
            description = "The change points of GET /api/v1/history/changes (the job's app and scenario, its gate metrics) "
                    + "that entered at this job and went the worse way for their metric: what webhooks send "
                    + "(docs/alerts.md). The history is over the jobs with the labels given, else with the job's "
                    + "baseline selector (baseline.labels), else every job of the app and scenario. Computed on read; "
                    + "a job that has not ended is in no series yet. " + CHANGE_POINTS + ".")
    @GetMapping("/api/v1/jobs/{id}/change-points")
    JobChangePoints.View jobChangePoints(@PathVariable long id,
                                         @Parameter(description = "key=value, repeatable, e.g. branch=main: the history's "
                                                 + "jobs carry every one")
                                         // declared for the contract and Spring's binding; read raw by Labels.fromQuery
                                         @RequestParam(required = false) List<String> label,
                                         HttpServletRequest request) {
        return jobChangePoints.atJob(id, Labels.fromQuery(request));
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
