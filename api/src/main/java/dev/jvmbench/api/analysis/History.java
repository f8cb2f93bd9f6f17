package dev.jvmbench.api.analysis;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.job.Limits;
import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.ThreadModel;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * One metric of one app and scenario over time, a series per JDK x thread model x level. Only
 * jobs measured under the same conditions as the reference (the newest matching job) share the
 * series; the others are listed with the reason.
 */
@Service
public class History {

    /** Level-less metrics derived from the SLO, tracked like any other. */
    public static final String CAPACITY_LEVEL = "capacityLevel";
    public static final String CAPACITY_THROUGHPUT = "capacityThroughputRps";

    private final StoredResults stored;

    History(StoredResults stored) {
        this.stored = stored;
    }

    public record Request(String metric, String app, String scenario, ThreadModel threadModel, List<Integer> jdks,
                          Integer level, Double cpus, Integer memoryMb, Map<String, String> labels, int limit,
                          ChangePoints.Detection detection) {

        public Request(String metric, String app, String scenario, ThreadModel threadModel, List<Integer> jdks,
                       Integer level, Double cpus, Integer memoryMb, Map<String, String> labels, int limit) {
            this(metric, app, scenario, threadModel, jdks, level, cpus, memoryMb, labels, limit,
                    ChangePoints.Detection.defaults());
        }

        Request withMetric(String other) {
            return new Request(other, app, scenario, threadModel, jdks, level, cpus, memoryMb, labels, limit, detection);
        }
    }

    @Schema(name = "History")
    public record View(String metric, String app, String scenario, Reference reference, List<Series> series,
                       List<Excluded> excluded,
                       @Schema(description = "How the change points of every series were found (docs/statistics.md, "
                               + "\"Change points\")") ChangePoints.Detection changeDetection) {
    }

    /** The conditions every point of the series shares: those of the newest matching job. */
    public record Reference(long jobId, Limits limits, LoadModel loadModel, Integer stepSeconds,
                            Integer warmupSeconds, dev.jvmbench.common.job.ScenarioSpec scenario,
                            dev.jvmbench.common.job.Slo slo) {
    }

    public record Series(int jdk, ThreadModel threadModel, Integer level, List<Entry> points,
                         @Schema(description = "Where the series changed, oldest first: E-Divisive means as Apache Otava "
                                 + "does it (docs/statistics.md, \"Change points\")") List<ChangePoints.Change> changes) {
    }

    public record Entry(long jobId, Instant createdAt, Map<String, String> labels, double median, double low,
                        double high, int runs) {
    }

    public record Excluded(long jobId, Long runId, String reason) {
    }

    public static List<String> metricIds() {
        List<String> ids = new ArrayList<>(Metric.ids());
        ids.add(CAPACITY_LEVEL);
        ids.add(CAPACITY_THROUGHPUT);
        return ids;
    }

    @Transactional(readOnly = true)
    public View of(Request request) {
        boolean capacity = CAPACITY_LEVEL.equals(request.metric()) || CAPACITY_THROUGHPUT.equals(request.metric());
        Metric metric = capacity ? null : Metric.fromId(request.metric()).orElseThrow(() -> ApiException.invalid(
                "metric", "'" + request.metric() + "' is not one of " + metricIds()));
        List<Excluded> excluded = new ArrayList<>();
        List<StoredResults.JobFacts> candidates = new ArrayList<>();
        for (var job : stored.jobsOf(request.app(), request.scenario(), request.labels(), request.limit())) {
            Limits limits = job.spec().limits();
            if ((request.cpus() != null && !request.cpus().equals(limits.cpus()))
                    || (request.memoryMb() != null && !request.memoryMb().equals(limits.memoryMb()))) {
                excluded.add(new Excluded(job.id(), null, "limits differ from the requested ones (cpus "
                        + limits.cpus() + ", memoryMb " + limits.memoryMb() + ")"));
            } else {
                candidates.add(job);
            }
        }
        if (candidates.isEmpty()) {
            return new View(request.metric(), request.app(), request.scenario(), null, List.of(), excluded,
                    request.detection());
        }
        var reference = candidates.getLast();
        List<StoredResults.JobFacts> comparable = new ArrayList<>();
        for (var job : candidates) {
            List<String> differences = Comparability.differences(reference.spec(), job.spec(), "reference");
            if (capacity && !Objects.equals(reference.spec().slo(), job.spec().slo())) {
                differences.add(job.spec().slo() == null ? "no SLO given, so no capacity"
                        : "SLO differs (" + job.spec().slo() + " vs reference " + reference.spec().slo() + ")");
            }
            if (differences.isEmpty()) {
                comparable.add(job);
            } else {
                excluded.add(new Excluded(job.id(), null, String.join("; ", differences)));
            }
        }
        Map<String, SeriesBuilder> series = new TreeMap<>();
        for (var results : stored.resultsOf(comparable)) {
            var job = results.job();
            CellSamples.of(results).forEach((key, cell) -> {
                if ((request.threadModel() != null && key.threadModel() != request.threadModel())
                        || (request.jdks() != null && !request.jdks().isEmpty() && !request.jdks().contains(key.jdk()))) {
                    return;
                }
                cell.excludedRuns.forEach(run -> excluded.add(new Excluded(job.id(), run.runId(), run.reason())));
                if (capacity) {
                    var found = cell.capacity(job.spec().load().model(), job.spec().slo(), job.spec().load().search() != null);
                    if (found == null) {
                        excluded.add(new Excluded(job.id(), null, key.label() + ": "
                                + (job.spec().load().model() != LoadModel.CLOSED ? "capacity needs the closed model"
                                : "no level met the SLO")));
                        return;
                    }
                    Estimate value = CAPACITY_LEVEL.equals(request.metric())
                            ? new Estimate(found.level(), found.level(), found.level(), cell.succeededRuns)
                            : found.throughputRps();
                    add(series, key, null, job, value, new double[] {value.median()});
                    return;
                }
                for (int level : cell.values.keySet()) {
                    if (request.level() != null && level != request.level()) {
                        continue;
                    }
                    Estimate value = cell.estimate(level, metric);
                    if (value != null) {
                        add(series, key, level, job, value, cell.samples(level, metric));
                    }
                }
            });
        }
        var ref = reference.spec();
        return new View(request.metric(), request.app(), request.scenario(),
                new Reference(reference.id(), ref.limits(), ref.load().model(), ref.load().stepSeconds(),
                        ref.load().warmupSeconds(), ref.scenario(), ref.slo()),
                series.values().stream().map(b -> new Series(b.jdk(), b.threadModel(), b.level(), b.points(),
                                ChangePoints.of(b.points(), b.runs(), direction(metric), request.detection())))
                        .sorted(Comparator.comparingInt(Series::jdk)
                        .thenComparing(Series::threadModel)
                        .thenComparing(s -> s.level() == null ? 0 : s.level())).toList(),
                excluded, request.detection());
    }

    @Schema(name = "HistoryChanges")
    public record ChangesView(@Schema(description = "The metrics searched") List<String> metrics,
                              @Schema(description = "The app asked for") String app, String scenario,
                              ChangePoints.Detection changeDetection,
                              @Schema(description = "Every change point of every series, newest first") List<SeriesChange> items) {
    }

    /** A change point with the series it is in. */
    @Schema(name = "HistoryChange")
    public record SeriesChange(@Schema(description = "The series: metric, app, scenario, JDK, thread model and level")
                               String metric, String app, String scenario, int jdk, ThreadModel threadModel,
                               @Schema(description = "Absent for the capacity metrics") Integer level,
                               @Schema(description = "Which way is better for the metric") Metric.Direction metricDirection,
                               ChangePoints.Change change) {
    }

    /** The change points of every series of each metric, newest first (by the job where each entered). */
    @Transactional(readOnly = true)
    public ChangesView changes(Request request, List<String> metrics) {
        List<SeriesChange> items = new ArrayList<>();
        for (String metric : metrics) {
            View view = of(request.withMetric(metric));
            Metric.Direction better = direction(Metric.fromId(metric).orElse(null));
            for (Series s : view.series()) {
                for (ChangePoints.Change change : s.changes()) {
                    items.add(new SeriesChange(metric, request.app(), request.scenario(), s.jdk(), s.threadModel(),
                            s.level(), better, change));
                }
            }
        }
        items.sort(Comparator.comparing((SeriesChange c) -> c.change().job().createdAt()).reversed()
                .thenComparing(Comparator.comparingLong((SeriesChange c) -> c.change().job().id()).reversed())
                .thenComparingInt(c -> metrics.indexOf(c.metric()))
                .thenComparingInt(SeriesChange::jdk)
                .thenComparing(SeriesChange::threadModel)
                .thenComparingInt(c -> c.level() == null ? 0 : c.level()));
        return new ChangesView(List.copyOf(metrics), request.app(), request.scenario(), request.detection(), items);
    }

    /** Which way is better: the metric's; more capacity is better. */
    private static Metric.Direction direction(Metric metric) {
        return metric == null ? Metric.Direction.HIGHER : metric.direction();
    }

    /** A series as it is read: its points and, for each, the job's runs, which the change points' test sees too. */
    private record SeriesBuilder(int jdk, ThreadModel threadModel, Integer level, List<Entry> points,
                                 List<double[]> runs) {
    }

    /**
     * {@code runs}: the job's runs at that level (one value each), or for capacity, where a run has
     * no value of its own, the job's value.
     */
    private static void add(Map<String, SeriesBuilder> series, CellKey key, Integer level, StoredResults.JobFacts job,
                            Estimate value, double[] runs) {
        SeriesBuilder builder = series.computeIfAbsent(key.jdk() + "/" + key.threadModel() + "/" + level,
                k -> new SeriesBuilder(key.jdk(), key.threadModel(), level, new ArrayList<>(), new ArrayList<>()));
        builder.points().add(new Entry(job.id(), job.createdAt(), job.labels(), value.median(), value.low(),
                value.high(), value.runs()));
        builder.runs().add(runs.length == 0 ? new double[] {value.median()} : runs);
    }
}
