package dev.jvmbench.api.analysis;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.job.Limits;
import dev.jvmbench.common.job.LoadModel;
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
                          Integer level, Double cpus, Integer memoryMb, Map<String, String> labels, int limit) {
    }

    @Schema(name = "History")
    public record View(String metric, String app, String scenario, Reference reference, List<Series> series,
                       List<Excluded> excluded) {
    }

    /** The conditions every point of the series shares: those of the newest matching job. */
    public record Reference(long jobId, Limits limits, LoadModel loadModel, Integer stepSeconds,
                            Integer warmupSeconds, dev.jvmbench.common.job.ScenarioSpec scenario,
                            dev.jvmbench.common.job.Slo slo) {
    }

    public record Series(int jdk, ThreadModel threadModel, Integer level, List<Entry> points) {
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
            return new View(request.metric(), request.app(), request.scenario(), null, List.of(), excluded);
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
        Map<String, Series> series = new TreeMap<>();
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
                    add(series, key, null, job, value);
                    return;
                }
                for (int level : cell.values.keySet()) {
                    if (request.level() != null && level != request.level()) {
                        continue;
                    }
                    Estimate value = cell.estimate(level, metric);
                    if (value != null) {
                        add(series, key, level, job, value);
                    }
                }
            });
        }
        var ref = reference.spec();
        return new View(request.metric(), request.app(), request.scenario(),
                new Reference(reference.id(), ref.limits(), ref.load().model(), ref.load().stepSeconds(),
                        ref.load().warmupSeconds(), ref.scenario(), ref.slo()),
                series.values().stream().sorted(Comparator.comparingInt(Series::jdk)
                        .thenComparing(Series::threadModel)
                        .thenComparing(s -> s.level() == null ? 0 : s.level())).toList(),
                excluded);
    }

    private static void add(Map<String, Series> series, CellKey key, Integer level, StoredResults.JobFacts job,
                            Estimate value) {
        series.computeIfAbsent(key.jdk() + "/" + key.threadModel() + "/" + level,
                        k -> new Series(key.jdk(), key.threadModel(), level, new ArrayList<>()))
                .points().add(new Entry(job.id(), job.createdAt(), job.labels(), value.median(), value.low(),
                        value.high(), value.runs()));
    }
}
