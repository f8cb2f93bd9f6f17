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
import io.gatling.core.stats.writer.LogFileDataWriter$;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import scala.Option;

/**
 * One run's binary simulation.log, read through Gatling's internal readers (pinned to 3.15.1;
 * {@code LoadgenMainTest} checks the per-request records read through them against Gatling's own
 * count, so an upgrade that changes them fails there first): {@link RequestLog} for every request,
 * {@code FirstPassParser} for the run's start, {@code LogFileReader} for Gatling's count of them.
 */
final class SimulationLog {

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

    /** Gatling's own count of the run's requests: a check on {@link RequestLog}'s reading of the same file. */
    long requestCount() {
        LogFileData data = new LogFileReader(file, configuration).read();
        return count(general(data, Option.<Status>apply(OK$.MODULE$))) + count(general(data, Option.<Status>apply(KO$.MODULE$)));
    }

    private static GeneralStats general(LogFileData data, Option<Status> status) {
        Option<GeneralStats> stats = data.requestGeneralStats(Option.empty(), Option.empty(), status);
        return stats.isDefined() ? stats.get() : null;
    }

    private static long count(GeneralStats stats) {
        return stats == null ? 0 : stats.count();
    }
}
