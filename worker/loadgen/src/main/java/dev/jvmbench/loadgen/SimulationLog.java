package dev.jvmbench.loadgen;

import io.gatling.charts.stats.GeneralStats;
import io.gatling.charts.stats.LogFileData;
import io.gatling.charts.stats.LogFileReader;
import io.gatling.commons.stats.KO$;
import io.gatling.commons.stats.OK$;
import io.gatling.commons.stats.Status;
import io.gatling.core.config.GatlingConfiguration;
import io.gatling.core.stats.ErrorStats;
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
 * Reads one run's binary simulation.log through Gatling's internal {@code LogFileReader}
 * (pinned to 3.15.1; {@code LoadgenMainTest} checks counts, percentiles and error causes read
 * through it, so an upgrade that changes it fails there first).
 */
final class SimulationLog {

    /** Latencies over all finished requests, failed ones included, so timeouts show in the tail. */
    record Stats(long injectStartEpochMs, long requests, long successes, long errors,
            Map<String, Long> errorsByCause, Integer p50, Integer p95, Integer p99, Integer max) {
    }

    private SimulationLog() {
    }

    /** @param resultsDir the -rf directory of exactly one run */
    static Stats read(Path resultsDir, GatlingConfiguration configuration) throws IOException {
        String runId;
        try (Stream<Path> runs = Files.list(resultsDir)) {
            List<Path> dirs = runs.filter(Files::isDirectory).toList();
            if (dirs.size() != 1) {
                throw new IllegalStateException("expected one Gatling run in " + resultsDir + ", found " + dirs.size());
            }
            runId = dirs.getFirst().getFileName().toString();
        }
        LogFileData data = LogFileReader.apply(runId, resultsDir, configuration).read();

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
