package dev.jvmbench.loadgen;

import dev.jvmbench.loadgen.protocol.LevelAnswer;
import dev.jvmbench.loadgen.protocol.LevelCommand;
import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.loadgen.protocol.Latency;
import dev.jvmbench.loadgen.protocol.SecondStats;
import dev.jvmbench.loadgen.protocol.WarmupAnswer;
import dev.jvmbench.loadgen.protocol.WarmupCommand;
import io.gatling.app.Gatling$;
import io.gatling.core.config.GatlingConfiguration;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Runs simulations one after another in this JVM (Gatling's configuration is global). */
final class SimulationRunner {

    /** An open level below this share of its target arrival rate did not offer the load asked. */
    static final double OFFERED_RATE_TOLERANCE = 0.95;
    private static final long SAMPLE_MILLIS = 50;
    private static final long GENERATOR_WARMUP_TIMEOUT_MS = 10_000;

    private final Path resultsRoot;
    private final boolean keepResults;
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private int sequence;

    SimulationRunner(Path resultsRoot, boolean keepResults) {
        this.resultsRoot = resultsRoot;
        this.keepResults = keepResults;
    }

    WarmupAnswer warmUpGenerator(WarmupCommand command) {
        var load = new LevelCommand(LoadModel.CLOSED, command.users(), 0.0, command.seconds(), GENERATOR_WARMUP_TIMEOUT_MS,
                "GET", command.url(), Map.of(), null, 200);
        Run run = run(load, command.duration(), "generator-warmup", false);
        return new WarmupAnswer(true, run.started(), command.seconds(), run.series());
    }

    LevelAnswer runLevel(LevelCommand command) {
        List<SecondStats> warmupSeries = List.of();
        if (!command.warmup().isZero()) {
            warmupSeries = run(command, command.warmup(), "level-" + command.level() + "-warmup", false).series();
        }
        Run run = run(command, command.measured(), "level-" + command.level(), true);
        SimulationLog.Stats stats = run.stats();
        double seconds = command.measured().toMillis() / 1000.0;
        Instant start = Instant.ofEpochMilli(run.windowStartMs());
        double startedRps = run.started() / seconds;
        boolean open = command.model() == LoadModel.OPEN;
        return new LevelAnswer(true, command.level(), command.model(), start.toString(),
                start.plus(command.measured()).toString(), seconds,
                stats.requests(), stats.successes(), stats.errors(), stats.errorsByCause(),
                new Latency(stats.p50(), stats.p95(), stats.p99(), stats.max()),
                // successes over the window we asked for, not Gatling's mean (its last bucket is partial)
                stats.successes() / seconds,
                startedRps,
                open ? (double) command.level() : null,
                open ? startedRps >= OFFERED_RATE_TOLERANCE * command.level() : null,
                run.activeMin(),
                // CPU over the measured simulation's own wall time: the caller divides one by the other
                run.cpuNanos() / 1_000_000, run.wallNanos() / 1_000_000,
                Runtime.getRuntime().availableProcessors(),
                run.series(), warmupSeries, run.histogram());
    }

    private record Sample(long atMs, int inFlight) {
    }

    /**
     * @param windowStartMs Gatling's first user start: the window's and its series' origin
     * @param stats         measured runs only
     * @param histogram     measured runs only: every finished request's latency, encoded
     */
    private record Run(long windowStartMs, long wallNanos, long started, Integer activeMin, long cpuNanos,
            SimulationLog.Stats stats, List<SecondStats> series, String histogram) {
    }

    private Run run(LevelCommand command, Duration window, String name, boolean measured) {
        Path dir = resultsRoot.resolve(String.format("%04d-%s", ++sequence, name));
        try {
            Files.createDirectories(dir);
            Probe.reset(window);
            LoadSimulation.plan(command, window);
            List<Sample> samples = new ArrayList<>();
            ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "jvmbench-concurrency-sampler");
                t.setDaemon(true);
                return t;
            });
            sampler.scheduleAtFixedRate(() -> {
                if (Probe.firstStartMs() != 0) {
                    synchronized (samples) {
                        samples.add(new Sample(Probe.nowMs(), Probe.inFlight()));
                    }
                }
            }, SAMPLE_MILLIS, SAMPLE_MILLIS, TimeUnit.MILLISECONDS);

            long wallBefore = System.nanoTime();
            long cpuBefore = os.getProcessCpuTime();
            int code;
            try {
                code = Gatling$.MODULE$.fromArgs(new String[] {
                        "-s", LoadSimulation.class.getName(), "-rf", dir.toString(), "-nr"});
            } finally {
                sampler.shutdownNow();
                Logging.ensureStarted();
            }
            long cpu = os.getProcessCpuTime() - cpuBefore;
            long wall = System.nanoTime() - wallBefore;
            long started = Probe.started();
            if (code != 0) {
                throw new IllegalStateException("Gatling exited with status " + code + " for " + name);
            }
            List<Sample> taken;
            synchronized (samples) {
                taken = List.copyOf(samples);
            }

            SimulationLog log = SimulationLog.in(dir, GatlingConfiguration.load());
            SimulationLog.Stats stats = measured ? log.stats() : null;
            long windowStart = stats != null ? stats.injectStartEpochMs() : log.injectStartMs();
            var series = new WindowSeries(windowStart, window, measured);
            long records = log.requests(series::finished);
            series.started(Probe.referenceMs(), Probe.startsPerMs());
            taken.forEach(s -> series.sampled(s.atMs(), s.inFlight()));
            if (stats != null && records != stats.requests()) {
                // two readers of one file disagreeing means Gatling's format moved: say so loudly
                System.err.println("jvmbench-loadgen: " + name + ": " + records + " request records but LogFileReader counted "
                        + stats.requests());
            }
            if (series.finishedLate() > 0) {
                System.err.println("jvmbench-loadgen: " + name + ": " + series.finishedLate()
                        + " requests finished after the window's end, counted in its last second");
            }
            return new Run(windowStart, wall, started, activeMin(taken, Probe.firstStartMs(), window), cpu, stats,
                    series.rows(), measured ? series.encodedHistogram() : null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (!measured || !keepResults) {
                delete(dir);
            }
        }
    }

    /** Lowest concurrency held, ignoring the first and last half second (ramp-up, cut-off). */
    private static Integer activeMin(List<Sample> samples, long firstStartMs, Duration window) {
        long margin = Math.min(500, window.toMillis() / 4);
        long from = firstStartMs + margin;
        long to = firstStartMs + window.toMillis() - margin;
        return samples.stream()
                .filter(s -> s.atMs() >= from && s.atMs() <= to)
                .map(Sample::inFlight)
                .min(Integer::compare)
                .orElse(null);
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("jvmbench-loadgen: could not delete " + dir + ": " + e);
        }
    }
}
