package dev.jvmbench.worker.run;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.series.SeriesMetric;
import dev.jvmbench.common.stats.Steadiness;
import dev.jvmbench.loadgen.protocol.SecondStats;
import dev.jvmbench.worker.finding.LevelFacts;
import dev.jvmbench.worker.finding.RunFacts;
import dev.jvmbench.worker.load.LevelResult;
import dev.jvmbench.worker.probe.ContainerSecond;
import dev.jvmbench.worker.probe.ContainerWindow;
import dev.jvmbench.worker.probe.CoreSpeed;
import dev.jvmbench.worker.probe.JvmSecond;
import dev.jvmbench.worker.probe.ScrapeWindow;
import dev.jvmbench.common.store.Point;
import java.time.Instant;
import java.util.List;
import java.util.Map;

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
        LoadSettings load = ctx.loadSettings();
        return new RunFacts(plan.name(), plan.stock(), plan.params(), ctx.run.threadModel(), ctx.run.jdk(),
                spec.limits().cpus(), spec.limits().memoryMb(),
                ctx.run.threadModel() == ThreadModel.PLATFORM ? spec.platform().maxThreads() : null,
                load.model(), load.requestTimeoutMs(), nofileLimit, load.warmupSeconds(),
                load.warmupPolicy(), ctx.placement().tooFewCores() ? ctx.placement().note() : null);
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

    /**
     * The probes' columns over the rows of a measured window: the container's figures per second
     * and whether each metrics scrape was answered in time (the mean of the scrapes started in
     * the row), and how fast the app's cores ran (null: not measured, no column). Seconds the probes did
     * not cover stay null.
     */
    static PointSeries probeSeries(PointSeries window, List<ContainerSecond> container,
                                   List<Map.Entry<Instant, Boolean>> scrapes, List<CoreSpeed.Second> coreSpeed) {
        PointSeries.Builder series = PointSeries.over(Instant.ofEpochMilli(window.startMs()), window.seconds());
        for (String metric : List.of(SeriesMetric.CPU_PERCENT, SeriesMetric.THROTTLED_MS, SeriesMetric.MEMORY_MB,
                SeriesMetric.OS_THREADS, SeriesMetric.OPEN_FDS, SeriesMetric.CLOSE_WAIT, SeriesMetric.JIT_CPU_MS)) {
            series.column(metric);
        }
        for (ContainerSecond second : container) {
            // a container second is an epoch second; the rows start where the generator's window started
            Instant middle = second.second().plusMillis(500);
            series.put(SeriesMetric.CPU_PERCENT, middle, second.cpuPercentOfLimit());
            series.put(SeriesMetric.THROTTLED_MS, middle, second.throttledMs());
            series.put(SeriesMetric.MEMORY_MB, middle, second.memoryMeanMb());
            series.put(SeriesMetric.OS_THREADS, middle, value(second.threadsMax()));
            series.put(SeriesMetric.OPEN_FDS, middle, value(second.openFdsMax()));
            series.put(SeriesMetric.CLOSE_WAIT, middle, value(second.tcpCloseWait()));
            series.put(SeriesMetric.JIT_CPU_MS, middle, second.jitCpuMs());
        }
        if (scrapes != null) {
            series.column(SeriesMetric.SCRAPE_ANSWERED);
            Map<Integer, double[]> byRow = new java.util.TreeMap<>();
            for (Map.Entry<Instant, Boolean> scrape : scrapes) {
                int row = window.rowOf(scrape.getKey());
                if (row >= 0) {
                    double[] sum = byRow.computeIfAbsent(row, r -> new double[2]);
                    sum[0] += scrape.getValue() ? 1 : 0;
                    sum[1]++;
                }
            }
            byRow.forEach((row, sum) -> series.put(SeriesMetric.SCRAPE_ANSWERED, row, sum[0] / sum[1]));
        }
        if (coreSpeed != null) {
            series.column(SeriesMetric.CORE_SPEED);
            for (CoreSpeed.Second second : coreSpeed) {
                series.put(SeriesMetric.CORE_SPEED, second.second().plusMillis(500), second.speed());
            }
        }
        return series.build();
    }

    /** The JVM's columns (heap, GC pauses) over the rows of a measured window, from its recording's seconds. */
    static PointSeries jvmSeries(PointSeries window, List<JvmSecond> seconds) {
        PointSeries.Builder series = PointSeries.over(Instant.ofEpochMilli(window.startMs()), window.seconds())
                .column(SeriesMetric.HEAP_USED_MB).column(SeriesMetric.GC_PAUSE_MS);
        for (JvmSecond second : seconds) {
            if (second.covered()) {
                Instant middle = second.second().plusMillis(500);
                series.put(SeriesMetric.HEAP_USED_MB, middle, second.heapUsedMaxMb());
                series.put(SeriesMetric.GC_PAUSE_MS, middle, second.gcPauseMs() == null ? 0.0 : second.gcPauseMs());
            }
        }
        return series.build();
    }

    static LevelFacts level(Point point, LevelResult load, ContainerWindow container, ScrapeWindow scrape,
                            PointSeries series, Steadiness.Result steadiness, Integer osThreadsAtReady,
                            Map<String, Integer> threadsGrownByName, CoreSpeed.Window coreSpeed,
                            Integer carriersAtEnd) {
        return new LevelFacts(point.levelIndex(), point.level(), load.measuredStart(), load.measuredEnd(),
                point.measuredSeconds(), point.requests(), point.successes(), point.errors(), point.errorsByCause(),
                point.throughputRps(), point.latencyP50Ms(), point.latencyP95Ms(), point.latencyP99Ms(),
                point.cpuPercentOfLimit(), point.cpuThrottledPeriods(), point.cpuThrottledMs(),
                point.scrapeSuccessShare(), load.loadgenCpuPercent(), load.loadgenCpuCores(), point.loadgenSaturated(),
                point.offeredRateReached(), point.theoreticalCeilingRps(), point.ceilingShare(), series, steadiness,
                osThreadsAtReady, container.threadsPeak(), container.openFdsPeak(), container.tcpCloseWaitAtEnd(),
                container.tcpCloseWaitGrowth(), scrape == null ? null : scrape.poolPendingMax(),
                scrape == null ? null : scrape.poolAcquireMeanMs(), scrape == null ? null : scrape.poolMaxMean(),
                scrape == null ? null : scrape.virtualQueuedMean(),
                scrape == null ? null : scrape.virtualParallelismMean(), threadsGrownByName, coreSpeed,
                carriersAtEnd);
    }

    private static Double value(Integer value) {
        return value == null ? null : value.doubleValue();
    }
}
