package dev.jvmbench.loadgen;

import io.gatling.charts.stats.FirstPassParser;
import io.gatling.charts.stats.GeneralStats;
import io.gatling.charts.stats.LogFileData;
import io.gatling.charts.stats.LogFileReader;
import io.gatling.charts.stats.RunInfo;
import io.gatling.commons.stats.KO$;
import io.gatling.commons.stats.OK$;
import io.gatling.commons.stats.Status;
import io.gatling.core.config.GatlingConfiguration;
import io.gatling.core.stats.ErrorStats;
import io.gatling.core.stats.writer.LogFileDataWriter$;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * One run's binary simulation.log, read through Gatling's internal readers (pinned to 3.15.1;
 * {@code LoadgenMainTest} checks counts, percentiles, error causes and the per-request records
 * read through them, so an upgrade that changes them fails there first): {@code LogFileReader}
 * for the window's totals and percentiles, {@code FirstPassParser} for the window's start, and
 * {@link RequestLog} for every request.
 */
final class SimulationLog {

    /** Latencies over all finished requests, failed ones included, so timeouts show in the tail. */
    record Stats(long injectStartEpochMs, long requests, long successes, long errors,
            Map<String, Long> errorsByCause, Integer p50, Integer p95, Integer p99, Integer max) {
    }

    private final File file;
    private final GatlingConfiguration configuration;

    private SimulationLog(File file, GatlingConfiguration configuration) {
        this.file = file;
        this.configuration = configuration;
    }

    /** @param resultsDir the -rf directory of exactly one run */
    static SimulationLog in(Path resultsDir, GatlingConfiguration configuration) throws IOException {
        String runId;
        try (Stream<Path> runs = Files.list(resultsDir)) {
            List<Path> dirs = runs.filter(Files::isDirectory).toList();
            if (dirs.size() != 1) {
                throw new IllegalStateException("expected one Gatling run in " + resultsDir + ", found " + dirs.size());
            }
            runId = dirs.getFirst().getFileName().toString();
        }
        return new SimulationLog(LogFileDataWriter$.MODULE$.logFile(resultsDir, runId, false).toFile(), configuration);
    }

    /** Gatling's start of the run: its first user start (or request start, whichever is first). */
    long injectStartMs() {
        try (var parser = new FirstPassParser(file, configuration.data().zoneId())) {
            RunInfo info = parser.parse();
            return info.injectStart();
        }
    }

    /** @return the number of request records read */
    long requests(RequestLog.Sink sink) {
        return RequestLog.read(file, sink);
    }

    Stats stats() {
        LogFileData data = new LogFileReader(file, configuration).read();

        GeneralStats all = general(data, Option.empty());
        long ok = count(general(data, Option.<Status>apply(OK$.MODULE$)));
        long ko = count(general(data, Option.<Status>apply(KO$.MODULE$)));

        var byCause = new TreeMap<String, Long>();
        for (ErrorStats e : CollectionConverters.asJava(data.errors(Option.empty(), Option.empty()))) {
            String cause = ErrorCause.of(e.message());
            if (cause.equals("other")) {
                // keeps the raw text findable when a new Gatling message needs a cause of its own
                System.err.println("jvmbench-loadgen: unclassified error (" + e.count() + "x): " + e.message());
            }
            byCause.merge(cause, (long) e.count(), Long::sum);
        }
        return new Stats(data.runInfo().injectStart(), ok + ko, ok, ko, byCause,
                percentile(all, 50), percentile(all, 95), percentile(all, 99), all == null ? null : all.max());
    }

    private static GeneralStats general(LogFileData data, Option<Status> status) {
        Option<GeneralStats> stats = data.requestGeneralStats(Option.empty(), Option.empty(), status);
        return stats.isDefined() ? stats.get() : null;
    }

    private static long count(GeneralStats stats) {
        return stats == null ? 0 : stats.count();
    }

    private static Integer percentile(GeneralStats stats, double rank) {
        if (stats == null || stats.count() == 0) {
            return null;
        }
        return ((Number) stats.percentile().apply(rank)).intValue();
    }
}
