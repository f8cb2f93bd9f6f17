package dev.jvmbench.loadgen;

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
import java.util.LinkedHashMap;
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

    private final Path resultsRoot;
    private final boolean keepResults;
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private int sequence;

    SimulationRunner(Path resultsRoot, boolean keepResults) {
        this.resultsRoot = resultsRoot;
        this.keepResults = keepResults;
    }

    Map<String, Object> warmUpGenerator(WarmupCommand command) {
        Run run = run(command.asLevel(), "generator-warmup", false);
        var answer = new LinkedHashMap<String, Object>();
        answer.put("ok", true);
        answer.put("cmd", "warmup-generator");
        answer.put("requests", run.started());
        answer.put("seconds", command.duration().toMillis() / 1000.0);
        return answer;
    }

    Map<String, Object> runLevel(LevelCommand command) {
        if (!command.warmup().isZero()) {
            run(withDuration(command, command.warmup()), "level-" + command.level() + "-warmup", false);
        }
        Run run = run(command, "level-" + command.level(), true);
        SimulationLog.Stats stats = run.stats();
        double seconds = command.measured().toMillis() / 1000.0;

        var answer = new LinkedHashMap<String, Object>();
        answer.put("ok", true);
        answer.put("level", command.level());
        answer.put("model", command.model().name().toLowerCase(java.util.Locale.ROOT));
        Instant start = stats.requests() > 0 ? Instant.ofEpochMilli(stats.injectStartEpochMs()) : run.wallStart();
        answer.put("measuredStart", start.toString());
        answer.put("measuredEnd", start.plus(command.measured()).toString());
        answer.put("measuredSeconds", seconds);
        answer.put("requests", stats.requests());
        answer.put("successes", stats.successes());
        answer.put("errors", stats.errors());
        answer.put("errorsByCause", stats.errorsByCause());
        var latency = new LinkedHashMap<String, Object>();
        latency.put("p50", stats.p50());
        latency.put("p95", stats.p95());
        latency.put("p99", stats.p99());
        latency.put("max", stats.max());
        answer.put("latencyMs", latency);
        // successes over the window we asked for, not Gatling's mean (its last bucket is partial)
        answer.put("throughputRps", stats.successes() / seconds);
        double startedRps = run.started() / seconds;
        answer.put("startedRps", startedRps);
        if (command.model() == LevelCommand.Model.OPEN) {
            answer.put("offeredRps", (double) command.level());
            answer.put("offeredRateReached", startedRps >= OFFERED_RATE_TOLERANCE * command.level());
        } else {
            answer.put("offeredRps", null);
            answer.put("offeredRateReached", null);
        }
        answer.put("activeUsersMin", run.activeMin());
        // CPU over the measured simulation's own wall time: the caller divides one by the other
        answer.put("cpuMs", run.cpuNanos() / 1_000_000);
        answer.put("cpuWindowMs", run.wallNanos() / 1_000_000);
        answer.put("cpuCores", Runtime.getRuntime().availableProcessors());
        return answer;
    }

    private static LevelCommand withDuration(LevelCommand c, Duration d) {
        return new LevelCommand(c.model(), c.level(), Duration.ZERO, d, c.requestTimeout(), c.method(), c.url(),
                c.headers(), c.body(), c.expectedStatus());
    }

    private record Sample(long nanos, int inFlight) {
    }

    private record Run(Instant wallStart, long wallNanos, long started, Integer activeMin, long cpuNanos,
            SimulationLog.Stats stats) {
    }

    private Run run(LevelCommand command, String name, boolean read) {
        Path dir = resultsRoot.resolve(String.format("%04d-%s", ++sequence, name));
        try {
            Files.createDirectories(dir);
            Probe.reset();
            LoadSimulation.plan(command);
            List<Sample> samples = new ArrayList<>();
            ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "jvmbench-concurrency-sampler");
                t.setDaemon(true);
                return t;
            });
            sampler.scheduleAtFixedRate(() -> {
                if (Probe.firstStartNanos() != 0) {
                    synchronized (samples) {
                        samples.add(new Sample(System.nanoTime(), Probe.inFlight()));
                    }
                }
            }, SAMPLE_MILLIS, SAMPLE_MILLIS, TimeUnit.MILLISECONDS);

            Instant wallStart = Instant.now();
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
            Integer activeMin;
            synchronized (samples) {
                activeMin = activeMin(samples, Probe.firstStartNanos(), command.measured());
            }
            SimulationLog.Stats stats = read ? SimulationLog.read(dir, GatlingConfiguration.load()) : null;
            return new Run(wallStart, wall, started, activeMin, cpu, stats);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (!read || !keepResults) {
                delete(dir);
            }
        }
    }

    /** Lowest concurrency held, ignoring the first and last half second (ramp-up, cut-off). */
    private static Integer activeMin(List<Sample> samples, long firstStart, Duration window) {
        long margin = Math.min(500_000_000L, window.toNanos() / 4);
        long from = firstStart + margin;
        long to = firstStart + window.toNanos() - margin;
        return samples.stream()
                .filter(s -> s.nanos() >= from && s.nanos() <= to)
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
