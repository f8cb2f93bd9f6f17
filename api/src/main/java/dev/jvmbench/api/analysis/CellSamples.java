package dev.jvmbench.api.analysis;

import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.Slo;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The raw per-run values of one cell, by level and metric. Only points of SUCCEEDED runs count:
 * a run either measured every level under the same conditions or it is left out (and said so),
 * so a crash half-way cannot tilt a median.
 */
final class CellSamples {

    final CellKey key;
    int runs;
    int succeededRuns;
    final Set<String> flags = new LinkedHashSet<>();
    final List<ExcludedRun> excludedRuns = new ArrayList<>();
    /** level -> metric -> one value per succeeded run that measured it. */
    final TreeMap<Integer, Map<Metric, List<Double>>> values = new TreeMap<>();
    /** The same without the points whose window was not steady: what a gate metric's verdict is judged on. */
    final TreeMap<Integer, Map<Metric, List<Double>>> steadyValues = new TreeMap<>();
    /** level -> succeeded runs whose window at that level was not steady. */
    final Map<Integer, Integer> levelNotSteady = new TreeMap<>();
    final Map<Integer, Integer> levelIndex = new TreeMap<>();
    final Map<Integer, Set<String>> levelFlags = new TreeMap<>();
    final Map<Integer, Integer> levelRuns = new TreeMap<>();
    /** run -> level -> that point's metrics: a capacity search tries other levels in every run. */
    final Map<Long, TreeMap<Integer, Map<Metric, Double>>> runLevels = new LinkedHashMap<>();
    /** succeeded run -> its repetition. */
    final Map<Long, Integer> repetitionOfRun = new LinkedHashMap<>();
    /** succeeded run -> the pair it belongs to (runs of no pair are not listed). */
    final Map<Long, Integer> pairOfRun = new LinkedHashMap<>();
    /** succeeded run -> level -> how fast its app's cores ran there (only where measured). */
    final Map<Long, Map<Integer, Double>> coreSpeedOfRun = new LinkedHashMap<>();
    /** succeeded run -> the levels where its window was not steady. */
    final Map<Long, Set<Integer>> runNotSteady = new LinkedHashMap<>();
    /** level -> each succeeded run's latency histogram there, or why it has none. */
    final TreeMap<Integer, List<RunLatency>> latencies = new TreeMap<>();

    private CellSamples(CellKey key) {
        this.key = key;
    }

    static Map<CellKey, CellSamples> of(StoredResults.JobResults results) {
        Map<CellKey, CellSamples> cells = new TreeMap<>(CellKey.ORDER);
        Map<Long, StoredResults.RunFacts> succeeded = new LinkedHashMap<>();
        for (var run : results.runs()) {
            CellSamples cell = cells.computeIfAbsent(new CellKey(run.jdk(), run.threadModel()), CellSamples::new);
            cell.runs++;
            if (run.status() == RunStatus.SUCCEEDED) {
                cell.succeededRuns++;
                succeeded.put(run.id(), run);
                cell.repetitionOfRun.put(run.id(), run.repetition());
                if (run.pair() != null) {
                    cell.pairOfRun.put(run.id(), run.pair());
                }
            } else {
                cell.excludedRuns.add(new ExcludedRun(run.id(), run.repetition(), "run " + run.status()
                        + (run.failureReason() == null ? "" : ": " + run.failureReason())));
                if (run.status() == RunStatus.FAILED) {
                    cell.flags.add("run-failed");
                }
                if (run.failureReason() != null && run.failureReason().contains("OOMKilled")) {
                    cell.flags.add("oom");
                }
            }
        }
        for (var point : results.points()) {
            var run = succeeded.get(point.runId());
            if (run == null) {
                continue;
            }
            CellSamples cell = cells.get(new CellKey(run.jdk(), run.threadModel()));
            cell.flags.addAll(point.flags());
            cell.levelIndex.putIfAbsent(point.level(), point.levelIndex());
            cell.levelFlags.computeIfAbsent(point.level(), l -> new LinkedHashSet<>()).addAll(point.flags());
            cell.levelRuns.merge(point.level(), 1, Integer::sum);
            cell.runLevels.computeIfAbsent(point.runId(), r -> new TreeMap<>()).put(point.level(), point.values());
            if (point.coreSpeed() != null) {
                cell.coreSpeedOfRun.computeIfAbsent(point.runId(), r -> new TreeMap<>()).put(point.level(), point.coreSpeed());
            }
            Map<Metric, List<Double>> byMetric = cell.values.computeIfAbsent(point.level(), l -> new EnumMap<>(Metric.class));
            point.values().forEach((metric, value) -> byMetric.computeIfAbsent(metric, m -> new ArrayList<>()).add(value));
            cell.latencies.computeIfAbsent(point.level(), l -> new ArrayList<>()).add(new RunLatency(point.runId(),
                    run.repetition(), point.latency(), point.latencyUnreadable(), point.notSteady()));
            Map<Metric, List<Double>> steady = cell.steadyValues.computeIfAbsent(point.level(), l -> new EnumMap<>(Metric.class));
            if (point.notSteady()) {
                cell.levelNotSteady.merge(point.level(), 1, Integer::sum);
                cell.runNotSteady.computeIfAbsent(point.runId(), r -> new LinkedHashSet<>()).add(point.level());
            } else {
                point.values().forEach((metric, value) -> steady.computeIfAbsent(metric, m -> new ArrayList<>()).add(value));
            }
        }
        return cells;
    }

    double[] samples(int level, Metric metric) {
        return array(values.get(level), metric);
    }

    /** The values of the runs whose window at this level was steady (or could not be judged). */
    double[] steadySamples(int level, Metric metric) {
        return array(steadyValues.get(level), metric);
    }

    /**
     * pair -> this cell's value of the metric at the level in that pair's run (only runs that belong to
     * a pair; with {@code steadyOnly}, only those whose window there was steady or undetermined).
     */
    Map<Integer, Double> byPair(int level, Metric metric, boolean steadyOnly) {
        Map<Integer, Double> values = new TreeMap<>();
        pairOfRun.forEach((run, pair) -> {
            Map<Metric, Double> point = runLevels.getOrDefault(run, new TreeMap<>()).get(level);
            Double value = point == null ? null : point.get(metric);
            if (value != null && !(steadyOnly && runNotSteady.getOrDefault(run, Set.of()).contains(level))) {
                values.put(pair, value);
            }
        });
        return values;
    }

    /**
     * Whether this cell's runs at the level fall into two groups ({@link RunGroups}), judged on the
     * metric a verdict reads first: throughput under a closed model, p95 under an open one (its
     * throughput is the arrival rate asked for). Only runs whose window there was steady count.
     */
    java.util.Optional<RunGroups.Split> runGroups(int level, LoadModel model) {
        Metric metric = model == LoadModel.OPEN ? Metric.LATENCY_P95_MS : Metric.THROUGHPUT_RPS;
        List<RunGroups.RunValue> runs = new ArrayList<>();
        runLevels.forEach((run, levels) -> {
            Map<Metric, Double> point = levels.get(level);
            Double value = point == null ? null : point.get(metric);
            if (value != null && !runNotSteady.getOrDefault(run, Set.of()).contains(level)) {
                runs.add(new RunGroups.RunValue(repetitionOfRun.get(run), value, point.get(Metric.CPU_MS_PER_REQUEST),
                        coreSpeedOfRun.getOrDefault(run, Map.of()).get(level)));
            }
        });
        return RunGroups.find(metric, runs);
    }

    int notSteady(int level) {
        return levelNotSteady.getOrDefault(level, 0);
    }

    private static double[] array(Map<Metric, List<Double>> byMetric, Metric metric) {
        List<Double> list = byMetric == null ? null : byMetric.get(metric);
        return list == null ? new double[0] : list.stream().mapToDouble(Double::doubleValue).toArray();
    }

    Estimate estimate(int level, Metric metric) {
        double[] samples = samples(level, metric);
        if (samples.length > 0 && metric.merged()) {
            return TailBootstrap.percentiles(distributions(level, false), metric.mergedPercentile())[0];
        }
        return samples.length == 0 ? null : Bootstrap.median(samples);
    }

    /**
     * The latency histograms of the runs at this level (only those whose window was steady, or could
     * not be judged, when {@code steadyOnly}), ready to merge; null when no such run has one.
     */
    RunDistributions distributions(int level, boolean steadyOnly) {
        var histograms = latencies.getOrDefault(level, List.of()).stream()
                .filter(r -> r.histogram() != null && !(steadyOnly && r.notSteady()))
                .map(RunLatency::histogram).toList();
        return histograms.isEmpty() ? null : RunDistributions.of(histograms);
    }

    /** One run's latency distribution at a level: null with {@code unreadable} false when none was stored. */
    record RunLatency(long runId, int repetition, dev.jvmbench.common.stats.LatencyHistogram histogram,
                      boolean unreadable, boolean notSteady) {
    }

    /**
     * The highest level whose median p95 and median error rate meet the SLO, with the throughput
     * there. Closed model only: under an open model the level is an arrival rate, not a concurrency.
     */
    Capacity capacity(LoadModel model, Slo slo, boolean searched) {
        if (slo == null) {
            return null;
        }
        if (searched) {
            return searchedCapacity(slo);
        }
        if (model != LoadModel.CLOSED) {
            return null;
        }
        Capacity best = null;
        for (int level : values.keySet()) {
            Estimate errors = estimate(level, Metric.ERROR_RATE);
            Estimate p95 = estimate(level, Metric.LATENCY_P95_MS);
            Estimate throughput = estimate(level, Metric.THROUGHPUT_RPS);
            if (errors != null && throughput != null
                    && slo.isMetBy(p95 == null ? null : p95.median(), errors.median())) {
                best = new Capacity(level, throughput);
            }
        }
        return best;
    }

    /**
     * A capacity search (docs/statistics.md, "Capacity search") tries other levels in every run, so
     * levels are not compared across runs: each run's capacity is its highest level that met the
     * SLO, and the cell's is the median of its runs' with the 95% interval over them, like any
     * metric; the throughput is the one each run measured at its own capacity. Under either model:
     * a searched open-model level is the highest arrival rate that met the SLO.
     */
    private Capacity searchedCapacity(Slo slo) {
        List<Double> levels = new ArrayList<>();
        List<Double> throughputs = new ArrayList<>();
        for (var run : runLevels.values()) {
            Integer best = null;
            for (var entry : run.entrySet()) {
                Double errors = entry.getValue().get(Metric.ERROR_RATE);
                Double throughput = entry.getValue().get(Metric.THROUGHPUT_RPS);
                if (errors != null && throughput != null
                        && slo.isMetBy(entry.getValue().get(Metric.LATENCY_P95_MS), errors)) {
                    best = entry.getKey();
                }
            }
            if (best != null) {
                levels.add((double) best);
                throughputs.add(run.get(best).get(Metric.THROUGHPUT_RPS));
            }
        }
        if (levels.isEmpty()) {
            return null;
        }
        Estimate level = Bootstrap.median(levels.stream().mapToDouble(Double::doubleValue).toArray());
        return new Capacity((int) Math.round(level.median()),
                Bootstrap.median(throughputs.stream().mapToDouble(Double::doubleValue).toArray()), level);
    }

    /** A run whose points do not count, and why. */
    record ExcludedRun(long runId, int repetition, String reason) {
    }

    /** The highest sustainable level under the SLO and the throughput measured there. */
    record Capacity(int level, Estimate throughputRps, Estimate searchedLevel) {

        Capacity(int level, Estimate throughputRps) {
            this(level, throughputRps, null);
        }
    }

    Map<Metric, Estimate> estimates(int level) {
        Map<Metric, Estimate> estimates = new EnumMap<>(Metric.class);
        for (Metric metric : Metric.values()) {
            Estimate e = estimate(level, metric);
            if (e != null) {
                estimates.put(metric, e);
            }
        }
        return estimates;
    }
}
