package dev.jvmbench.worker.run;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.LoadModel;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.series.SeriesMetric;
import dev.jvmbench.common.stats.Steadiness;
import dev.jvmbench.loadgen.protocol.SecondStats;
import dev.jvmbench.worker.finding.LevelFacts;
import dev.jvmbench.worker.finding.RunFacts;
import dev.jvmbench.worker.load.LevelResult;
import dev.jvmbench.worker.probe.ContainerWindow;
import dev.jvmbench.worker.probe.ScrapeWindow;
import dev.jvmbench.common.store.Point;
import java.time.Instant;
import java.util.List;

/**
 * Turns what a run measured into what the finding rules read: the run's facts, a level's
 * per-second series (the generator's rows, joined by the probes' columns) and its facts.
 */
final class Evidence {

    private Evidence() {
    }

    static RunFacts run(RunContext ctx, long nofileLimit) {
        JobSpec spec = ctx.run.spec();
        ScenarioPlan plan = ctx.plan();
        return new RunFacts(plan.name(), plan.stock(), plan.params(), ctx.run.threadModel(), ctx.run.jdk(),
                spec.limits().cpus(), spec.limits().memoryMb(),
                ctx.run.threadModel() == ThreadModel.PLATFORM ? spec.platform().maxThreads() : null,
                spec.load().model(), spec.load().requestTimeoutMs(), nofileLimit, spec.load().warmupSeconds());
    }

    /** The generator's rows of a window as columns; null when it sent none. */
    static PointSeries loadSeries(List<SecondStats> rows) {
        if (rows.isEmpty()) {
            return null;
        }
        PointSeries.Builder series = PointSeries.over(Instant.ofEpochMilli(rows.getFirst().startMs()), rows.size());
        for (String metric : List.of(SeriesMetric.THROUGHPUT, SeriesMetric.STARTED, SeriesMetric.ERRORS,
                SeriesMetric.LATENCY_P50, SeriesMetric.LATENCY_P95, SeriesMetric.LATENCY_P99, SeriesMetric.LATENCY_MAX,
                SeriesMetric.IN_FLIGHT)) {
            series.column(metric);
        }
        for (int i = 0; i < rows.size(); i++) {
            SecondStats row = rows.get(i);
            series.put(SeriesMetric.THROUGHPUT, i, (double) row.successes());
            series.put(SeriesMetric.STARTED, i, (double) row.started());
            series.put(SeriesMetric.ERRORS, i, (double) row.errors());
            series.put(SeriesMetric.LATENCY_P50, i, value(row.p50()));
            series.put(SeriesMetric.LATENCY_P95, i, value(row.p95()));
            series.put(SeriesMetric.LATENCY_P99, i, value(row.p99()));
            series.put(SeriesMetric.LATENCY_MAX, i, value(row.max()));
            series.put(SeriesMetric.IN_FLIGHT, i, row.inFlightMean());
            for (var cause : row.errorsByCause().entrySet()) {
                series.column(SeriesMetric.errorsOf(cause.getKey()));
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            for (var cause : rows.get(i).errorsByCause().entrySet()) {
                series.put(SeriesMetric.errorsOf(cause.getKey()), i, (double) cause.getValue());
            }
        }
        return fillZeroCounts(series.build());
    }

    /** Seconds without an error of a cause had zero of it, not "not measured". */
    private static PointSeries fillZeroCounts(PointSeries series) {
        var values = new java.util.TreeMap<String, List<Double>>(series.values());
        values.replaceAll((metric, column) -> metric.startsWith(SeriesMetric.ERRORS_BY_CAUSE)
                ? column.stream().map(v -> v == null ? 0.0 : v).toList() : column);
        return new PointSeries(series.startMs(), series.seconds(), values);
    }

    /**
     * The steadiness test of a measured window: throughput per second for the closed model, the
     * median latency per second for the open one (where throughput is the arrival rate asked).
     * The last row is left out when it is shorter than a second (a partial row is not a rate).
     */
    static Steadiness.Result steadiness(PointSeries series, LoadModel model, double measuredSeconds) {
        if (series == null) {
            return Steadiness.test(List.of());
        }
        String metric = model == LoadModel.OPEN ? SeriesMetric.LATENCY_P50 : SeriesMetric.THROUGHPUT;
        List<Double> column = series.column(metric);
        int whole = (int) Math.min(column.size(), Math.floor(measuredSeconds + 1e-9));
        return Steadiness.test(column.subList(0, whole));
    }

    static LevelFacts level(Point point, LevelResult load, ContainerWindow container, ScrapeWindow scrape,
                            PointSeries series, Steadiness.Result steadiness, Integer osThreadsAtReady) {
        return new LevelFacts(point.levelIndex(), point.level(), load.measuredStart(), load.measuredEnd(),
                point.measuredSeconds(), point.requests(), point.successes(), point.errors(), point.errorsByCause(),
                point.throughputRps(), point.latencyP50Ms(), point.latencyP95Ms(), point.latencyP99Ms(),
                point.cpuPercentOfLimit(), point.cpuThrottledPeriods(), point.cpuThrottledMs(),
                point.scrapeSuccessShare(), load.loadgenCpuPercent(), load.loadgenCpuCores(), point.loadgenSaturated(),
                point.offeredRateReached(), point.theoreticalCeilingRps(), point.ceilingShare(), series, steadiness,
                osThreadsAtReady, container.threadsPeak(), null, null, null, null, null, null,
                scrape == null ? null : scrape.virtualQueuedMean(),
                scrape == null ? null : scrape.virtualParallelismMean());
    }

    private static Double value(Integer value) {
        return value == null ? null : value.doubleValue();
    }
}
