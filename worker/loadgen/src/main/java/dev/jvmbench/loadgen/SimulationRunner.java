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
import java.util.concurrent.atomic.AtomicIntegerArray;
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
        Run run = run(load, Duration.ZERO, command.duration(), "generator-warmup", false);
        return new WarmupAnswer(true, run.started(), command.seconds(), run.series());
    }

    LevelAnswer runLevel(LevelCommand command) {
        Run run = run(command, command.warmup(), command.measured(), "level-" + command.level(), true);
        WindowSeries.Totals totals = run.totals();
        double seconds = command.measured().toMillis() / 1000.0;
        Instant start = Instant.ofEpochMilli(run.windowStartMs());
        double startedRps = run.started() / seconds;
        boolean open = command.model() == LoadModel.OPEN;
        return new LevelAnswer(true, command.level(), command.model(), start.toString(),
                start.plus(command.measured()).toString(), seconds,
                totals.requests(), totals.successes(), totals.errors(), totals.errorsByCause(),
                new Latency(totals.p50(), totals.p95(), totals.p99(), totals.max()),
                // successes over the window we asked for, not Gatling's mean (its last bucket is partial)
                totals.successes() / seconds,
                startedRps,
                open ? (double) command.level() : null,
                open ? startedRps >= OFFERED_RATE_TOLERANCE * command.level() : null,
                run.activeMin(),
                // CPU over the measured window's own wall time: the caller divides one by the other
                run.cpuNanos() / 1_000_000, run.wallNanos() / 1_000_000,
                Runtime.getRuntime().availableProcessors(),
                run.series(), run.warmupSeries(), run.histogram());
    }

    /** A 50 ms sample: requests in flight and this process's CPU time so far. */
    private record Sample(long atMs, int inFlight, long cpuNanos) {
    }

    /**
     * @param windowStartMs the measured window's start: Gatling's first user start plus the warm-up
     * @param started       requests started inside the window
     * @param wallNanos     the window's wall time between the samples at its edges (the run's when too short)
     * @param cpuNanos      this process's CPU time over the same span
     * @param totals        measured runs only
     * @param histogram     measured runs only: every request that finished in the window, encoded
     */
    private record Run(long windowStartMs, long wallNanos, long started, Integer activeMin, long cpuNanos,
            WindowSeries.Totals totals, List<SecondStats> series, List<SecondStats> warmupSeries, String histogram) {
    }

    /**
     * One Gatling run: the warm-up, then the window, with no pause between them (the same users on
     * the same connections), then a drain in which the requests still in flight finish. Each
     * request counts in the part it finished in; what finished in the drain counts in neither.
     */
    private Run run(LevelCommand command, Duration warmup, Duration window, String name, boolean measured) {
        Path dir = resultsRoot.resolve(String.format("%04d-%s", ++sequence, name));
        Duration duration = warmup.plus(window);
        try {
            Files.createDirectories(dir);
            Probe.reset(duration.plus(command.requestTimeout()));
            LoadSimulation.plan(command, duration);
            List<Sample> samples = new ArrayList<>();
            ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "jvmbench-concurrency-sampler");
                t.setDaemon(true);
                return t;
            });
            sampler.scheduleAtFixedRate(() -> {
                if (Probe.firstStartMs() != 0) {
                    synchronized (samples) {
                        samples.add(new Sample(Probe.nowMs(), Probe.inFlight(), os.getProcessCpuTime()));
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
            if (code != 0) {
                throw new IllegalStateException("Gatling exited with status " + code + " for " + name);
            }
            List<Sample> taken;
            synchronized (samples) {
                taken = List.copyOf(samples);
            }

            SimulationLog log = SimulationLog.in(dir, GatlingConfiguration.load());
            long injectStart = log.injectStartMs();
            WindowSeries before = warmup.isZero() ? null : new WindowSeries(injectStart, warmup, false);
            var series = new WindowSeries(injectStart + warmup.toMillis(), window, measured);
            long[] drained = {0};
            long records = log.requests((startMs, endMs, ok, error) -> {
                if (before != null && endMs < series.startMs()) {
                    before.finished(startMs, endMs, ok, error);
                } else if (endMs < series.endMs()) {
                    series.finished(startMs, endMs, ok, error);
                } else {
                    drained[0]++;
                }
            });
            AtomicIntegerArray starts = Probe.startsPerMs();
            for (int i = 0; i < starts.length(); i++) {
                int count = starts.get(i);
                long at = Probe.referenceMs() + i;
                if (count != 0) {
                    (before != null && at < series.startMs() ? before : series).started(at, count);
                }
            }
            taken.forEach(s -> {
                if (before != null) {
                    before.sampled(s.atMs(), s.inFlight());
                }
                series.sampled(s.atMs(), s.inFlight());
            });
            if (measured) {
                long gatling = log.requestCount();
                if (records != gatling) {
                    // two readers of one file disagreeing means Gatling's format moved: say so loudly
                    System.err.println("jvmbench-loadgen: " + name + ": " + records + " request records but LogFileReader counted "
                            + gatling);
                }
            }
            if (drained[0] > 0) {
                System.err.println("jvmbench-loadgen: " + name + ": " + drained[0]
                        + " requests finished after the window's end (in flight at its end), not counted");
            }
            List<Sample> inWindow = taken.stream().filter(s -> series.contains(s.atMs())).toList();
            boolean edges = inWindow.size() >= 2;
            return new Run(series.startMs(),
                    edges ? (inWindow.getLast().atMs() - inWindow.getFirst().atMs()) * 1_000_000 : wall,
                    series.startedTotal(), activeMin(taken, series), edges
                            ? inWindow.getLast().cpuNanos() - inWindow.getFirst().cpuNanos() : cpu,
                    measured ? series.totals() : null, series.rows(), before == null ? List.of() : before.rows(),
                    measured ? series.encodedHistogram() : null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (!measured || !keepResults) {
                delete(dir);
            }
        }
    }

    /** Lowest concurrency held in the window, ignoring its first and last half second (ramp-up, cut-off). */
    private static Integer activeMin(List<Sample> samples, WindowSeries window) {
        long margin = Math.min(500, (window.endMs() - window.startMs()) / 4);
        long from = window.startMs() + margin;
        long to = window.endMs() - margin;
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
