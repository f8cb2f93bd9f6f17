package dev.jvmbench.api.analysis;

import dev.jvmbench.common.job.ThreadModel;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A job's latency distribution per cell and level: the merge of the cell's runs' histograms
 * (docs/statistics.md, "Latency distributions"), its percentiles with 95% intervals over the runs,
 * and each run's own p99.9. Only points of SUCCEEDED runs count, as in the statistics. A point
 * without a histogram (measured before histograms were kept) is named, never filled in.
 */
@Service
public class LatencyDistributions {

    /** The percentiles shown, on the usual log "1/(1-p)" axis of latency charts. */
    static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    static final double TAIL = 99.9;

    private final StoredResults stored;

    LatencyDistributions(StoredResults stored) {
        this.stored = stored;
    }

    @Schema(name = "LatencyDistributions")
    public record View(long jobId, double confidenceLevel,
                       @Schema(description = "The percentiles of every level, in order") List<Double> percentiles,
                       List<Cell> cells) {
    }

    @Schema(name = "LatencyDistributionCell")
    public record Cell(int jdk, ThreadModel threadModel, int succeededRuns, List<Level> levels) {
    }

    @Schema(name = "LatencyDistributionLevel")
    public record Level(int levelIndex, int level,
                        @Schema(description = "Succeeded runs that measured this level") int runs,
                        @Schema(description = "Of those, runs whose latency histogram is merged here") int runsMerged,
                        @Schema(description = "Why some or all runs are not merged (no histogram stored, or an unreadable "
                                + "one); null when every run is") String missing,
                        @Schema(description = "Requests in the merged distribution; null when no run is merged") Long count,
                        @Schema(description = "The merged distribution's percentiles with their 95% intervals from "
                                + "resampling the runs; empty when no run is merged or no request finished")
                        List<PercentileValue> percentiles,
                        @Schema(description = "The slowest request of all merged runs (ms); null when none") Long maxMs,
                        @Schema(description = "Each run's own distribution at this level") List<RunTail> repetitions) {
    }

    @Schema(name = "LatencyPercentile")
    public record PercentileValue(double percentile, double latencyMs, double low, double high) {
    }

    @Schema(name = "LatencyRunTail")
    public record RunTail(long runId, int repetition,
                          @Schema(description = "Requests in this run's distribution; null when it has none") Long count,
                          @Schema(description = "This run's p99.9 (ms); null when it has no histogram or no request finished")
                          Double p999Ms,
                          @Schema(description = "Whether the run's window at this level was found not steady") boolean notSteady,
                          @Schema(description = "Why the run has no distribution here; null when it has one") String missing) {
    }

    @Transactional(readOnly = true)
    public View of(long jobId) {
        return view(stored.results(jobId));
    }

    static View view(StoredResults.JobResults results) {
        List<Cell> cells = new ArrayList<>();
        CellSamples.of(results).forEach((key, samples) -> {
            List<Level> levels = new ArrayList<>();
            for (int level : samples.values.keySet()) {
                levels.add(level(samples, level));
            }
            cells.add(new Cell(key.jdk(), key.threadModel(), samples.succeededRuns, levels));
        });
        return new View(results.job().id(), Bootstrap.CONFIDENCE,
                Arrays.stream(PERCENTILES).boxed().toList(), cells);
    }

    private static Level level(CellSamples samples, int level) {
        var runs = samples.latencies.getOrDefault(level, List.of());
        List<RunTail> repetitions = runs.stream().map(r -> new RunTail(r.runId(), r.repetition(),
                r.histogram() == null ? null : r.histogram().count(),
                r.histogram() == null || r.histogram().count() == 0 ? null : (double) r.histogram().percentile(TAIL),
                r.notSteady(), missing(r))).toList();
        RunDistributions merged = samples.distributions(level, false);
        int runsMerged = merged == null ? 0 : merged.runs();
        Long count = merged == null ? null : merged.count(merged.everyRunOnce());
        List<PercentileValue> percentiles = new ArrayList<>();
        if (count != null && count > 0) {
            Estimate[] estimates = TailBootstrap.percentiles(merged, PERCENTILES);
            for (int i = 0; i < PERCENTILES.length; i++) {
                percentiles.add(new PercentileValue(PERCENTILES[i], estimates[i].median(), estimates[i].low(),
                        estimates[i].high()));
            }
        }
        return new Level(samples.levelIndex.get(level), level, runs.size(), runsMerged,
                missingNote(runs.size(), runsMerged, runs.stream().filter(CellSamples.RunLatency::unreadable).count()),
                count, percentiles, count == null || count == 0 ? null : merged.max(merged.everyRunOnce()), repetitions);
    }

    private static String missing(CellSamples.RunLatency run) {
        if (run.unreadable()) {
            return "latency histogram unreadable";
        }
        return run.histogram() == null ? "no latency histogram stored (measured before histograms were kept)" : null;
    }

    private static String missingNote(int runs, int merged, long unreadable) {
        if (merged == runs) {
            return null;
        }
        String why = unreadable == 0 ? "no latency histogram stored (measured before histograms were kept)"
                : unreadable == runs - merged ? "an unreadable latency histogram"
                : "no latency histogram stored or an unreadable one";
        if (merged == 0) {
            return "no distribution: " + (runs == 1 ? "the run has " : "every run has ") + why;
        }
        return (runs - merged) + " of " + runs + " runs have " + why + ": merged over the other " + merged;
    }

    /**
     * The summary's "Latency tails" section: per cell and level, the merged p99 / p99.9 / p99.99 and
     * the max, p99.9 with its interval. Nothing when no level of the job has a distribution.
     */
    static void markdown(StringBuilder md, View view) {
        boolean any = view.cells().stream().flatMap(c -> c.levels().stream()).anyMatch(l -> !l.percentiles().isEmpty());
        if (!any) {
            return;
        }
        md.append("### Latency tails\n\n| Cell | Level | p99 (ms) | p99.9 (ms) | p99.99 (ms) | Max (ms) | Requests | p99.9 per run |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---|\n");
        for (var cell : view.cells()) {
            for (var level : cell.levels()) {
                md.append("| JDK ").append(cell.jdk()).append(' ').append(cell.threadModel().wireName()).append(" | ")
                        .append(level.level()).append(" | ");
                if (level.percentiles().isEmpty()) {
                    md.append("– | – | – | – | – | ").append(level.missing() == null ? "no request finished" : level.missing())
                            .append(" |\n");
                    continue;
                }
                md.append(value(level, 99, false)).append(" | ").append(value(level, 99.9, true)).append(" | ")
                        .append(value(level, 99.99, false)).append(" | ").append(level.maxMs()).append(" | ")
                        .append(level.count()).append(" | ")
                        .append(String.join(", ", level.repetitions().stream()
                                .map(r -> r.p999Ms() == null ? "–" : SummaryMarkdown.num(r.p999Ms())).toList()))
                        .append(level.missing() == null ? "" : " (" + level.missing() + ")").append(" |\n");
            }
        }
        md.append("\nPercentiles of the merged distribution of each cell's runs (every request of every run), ")
                .append("p99.9 with its 95% interval from resampling the runs (docs/statistics.md, \"Latency distributions\").\n\n");
    }

    private static String value(Level level, double percentile, boolean withInterval) {
        for (var p : level.percentiles()) {
            if (p.percentile() == percentile) {
                String median = SummaryMarkdown.num(p.latencyMs());
                return !withInterval || p.low() == p.high() ? median
                        : median + " [" + SummaryMarkdown.num(p.low()) + ", " + SummaryMarkdown.num(p.high()) + "]";
            }
        }
        return "–";
    }
}
