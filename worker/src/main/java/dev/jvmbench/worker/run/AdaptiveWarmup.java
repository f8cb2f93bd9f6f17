package dev.jvmbench.worker.run;

import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.WarmupPolicy;
import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.series.SeriesMetric;
import dev.jvmbench.common.stats.Steadiness;
import dev.jvmbench.loadgen.protocol.SecondStats;
import dev.jvmbench.worker.load.LevelRequest;
import dev.jvmbench.worker.load.LevelResult;
import dev.jvmbench.worker.load.LoadGenerator;
import dev.jvmbench.worker.probe.ContainerProbe;
import dev.jvmbench.worker.probe.ContainerSecond;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * Warm-up until steady (docs/statistics.md, "Adaptive warm-up"): the level's load runs in slices
 * of {@value #SLICE_SECONDS} s; after each, the steadiness test runs on the last {@code
 * windowSeconds} of its per-second throughput (median latency for the open model), and the JIT's
 * compiler threads' CPU over the same seconds is taken as a share of the container's CPU limit.
 * Two checks in a row that find the window steady, with a fitted drift within the tolerance, and
 * the JIT under {@code jitCpuPercent} (when its CPU is known, and while the container uses at
 * least {@value WarmupPolicy#CONTENDED_CPU_PERCENT} % of its CPU limit) end it; so do the policy's maximum
 * and a stop the run was asked for (cancel, shutdown). Never shorter than the load profile's
 * {@code warmupSeconds}.
 *
 * <p>Why the JIT too: under a CPU limit the compiler threads and the app share the quota, so the
 * JIT advances in bursts and the throughput between two bursts is a plateau that a trend test
 * finds flat. The compiler still at work is the direct sign that the code is still changing.
 * Below half of its limit the container has room for the compiler beside the app: it does not
 * take the app's CPU, so a flat throughput there is the app's own, and the JIT's trickle (a
 * stock app at 200 req/s still compiled 5.7 % of a CPU after 75 s on CI) does not hold it up.
 *
 * <p>Once the JIT is known to be at rest, a window the per-second test does not find flat gets a
 * second look at a coarser scale: the means of the last {@code 2 x windowSeconds} of slices (six
 * 5-second means by default), with the same test and tolerance. An app whose throughput wanders
 * within seconds (its GC cycles, its database) keeps failing the per-second test with no trend to
 * wait for: the sample ledger app, whose compiler ran at 8-10 % of its CPU for 220 s, then wandered
 * by +-10 % within 15 s and used the 300 s maximum in every run; its 5-second means were flat
 * within 5 % from 20 s after the compiler stopped. While the compiler works (or its CPU is unknown)
 * only the per-second test counts: a plateau between two bursts of compiling is flat at every scale.
 *
 * <p>A starved compiler is given the CPU it needs. Within a container's CPU the kernel shares
 * the time between runnable threads, so with 32 users busy on one CPU the JIT's two compiler
 * threads get about 2/34 of it: the ledger app's compiler ran at 6 % of its CPU for 450-600 s, and
 * its throughput climbed all that time. So when a check finds the compiler starved (over its bound
 * on a container at {@value #SATURATED_CPU_PERCENT} % of its CPU or more, beside at least {@value
 * #CROWDED} times the compile level's users) under the closed model, the warm-up goes on at {@link
 * #compileLevel} users (two per CPU: the compiler threads then get about half the CPU) until the
 * compiler's CPU over a window is within its bound, for at most half of the maximum; then back at
 * the level, whose steadiness is judged on its own seconds only. Once per warm-up: what the JIT
 * compiles later is the level's own (its contention paths). The open model keeps its rate: fewer
 * arrivals would be a different rate to judge. A compiler over its bound on a container with CPU to
 * spare, or beside a few users (a CPU-bound app at four users on one CPU leaves it a third), is not
 * starved: it is still working, and fewer users would only give it less of the level's code to
 * profile (an io-http app at half its CPU, and the primes app at 4 users, warmed up worse so).
 *
 * <p>Each slice is a simulation of its own, whose first second ramps its users up: that second
 * is left out of the test (it would look like noise every slice), not out of the stored series.
 */
final class AdaptiveWarmup {

    static final int SLICE_SECONDS = 5;
    static final int CHECKS_IN_A_ROW = 2;
    /** The container's CPU, % of its limit, from which the kernel has no time to spare for the compiler. */
    static final int SATURATED_CPU_PERCENT = 90;
    /** How many times the compile level's users the level must have for its compiler to be starved. */
    static final int CROWDED = 4;

    /**
     * @param seconds        the warm-up it took
     * @param steady         whether it ended steady (false: the maximum or a stop ended it)
     * @param series         every slice's rows as one series
     * @param last           the last test of the window; null when it never ran
     * @param jit            the JIT and the container over the last window tested; null when never tested
     * @param compileSeconds the seconds of it at {@link #compileLevel} users, for a starved compiler (0: none)
     */
    record Outcome(int seconds, boolean steady, PointSeries series, Steadiness.Result last, JitReading jit,
                   int compileSeconds) {

        /** The JIT's CPU over the last window tested, % of the container's CPU limit; null when unknown. */
        Double jitCpuPercent() {
            return jit == null ? null : jit.jitCpuPercent();
        }
    }

    /**
     * @param jitCpuPercent       the compiler threads' mean CPU, % of the container's CPU limit; null when unknown
     * @param containerCpuPercent the whole container's mean CPU, % of its limit; null when unknown
     */
    record JitReading(Double jitCpuPercent, Double containerCpuPercent) {

        static final JitReading UNKNOWN = new JitReading(null, null);

        /** Whether the compiler is still at work in a way that holds the warm-up: over the bound, on a busy container. */
        boolean holdsUp(double jitBound) {
            boolean compiling = jitCpuPercent != null && jitCpuPercent > jitBound;
            return compiling && !WarmupPolicy.roomBesideTheApp(containerCpuPercent);
        }

        /** Whether it holds the warm-up up on a container with no CPU to spare: the compiler gets only its share. */
        boolean starves(double jitBound) {
            return holdsUp(jitBound) && containerCpuPercent != null && containerCpuPercent >= SATURATED_CPU_PERCENT;
        }
    }

    /** The JIT's compiler threads and the container over {@code [from, to)}, as shares of the container's CPU limit. */
    @FunctionalInterface
    interface JitActivity {

        JitReading over(Instant from, Instant to);

        /**
         * From the probe's seconds: their mean compiler CPU over {@code cpus} CPU-seconds per second.
         * Unknown when fewer than half of the seconds have the figure, or the probe cannot answer.
         */
        static JitActivity of(ContainerProbe probe, double cpus) {
            return (from, to) -> {
                List<ContainerSecond> seconds;
                try {
                    seconds = probe.seconds(from, to);
                } catch (RuntimeException e) {
                    return JitReading.UNKNOWN;
                }
                return new JitReading(cpuPercent(seconds, cpus), containerPercent(seconds));
            };
        }

        /** The mean of the seconds' CPU use, % of the limit; unknown when fewer than half of them have it. */
        static Double containerPercent(List<ContainerSecond> seconds) {
            List<Double> known = seconds.stream().map(ContainerSecond::cpuPercentOfLimit).filter(Objects::nonNull).toList();
            if (known.isEmpty() || known.size() * 2 < seconds.size()) {
                return null;
            }
            return known.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        }

        static Double cpuPercent(List<ContainerSecond> seconds, double cpus) {
            List<Double> known = seconds.stream().map(ContainerSecond::jitCpuMs).filter(Objects::nonNull).toList();
            if (known.isEmpty() || known.size() * 2 < seconds.size() || !(cpus > 0)) {
                return null;
            }
            double meanMs = known.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            return meanMs / (cpus * 1000) * 100;
        }
    }

    /** The request of one slice: {@code level} users (or requests per second) for {@code length}, no warm-up of its own. */
    @FunctionalInterface
    interface Slice {
        LevelRequest at(int level, Duration length);
    }

    private AdaptiveWarmup() {
    }

    /**
     * The users a warm-up runs while the compiler is starved: two per CPU of the limit (the
     * compiler's two threads then get about half of it), never more than the level; the level
     * itself under the open model.
     */
    static int compileLevel(LoadModel model, int level, double cpus) {
        if (model != LoadModel.CLOSED) {
            return level;
        }
        return Math.min(level, Math.max(1, 2 * (int) Math.ceil(cpus)));
    }

    /**
     * @param slice        the request of one slice at a level
     * @param level        the level warmed up for
     * @param compileLevel the level while the compiler is starved ({@link #compileLevel}; the level: never lower it)
     * @param jit          the JIT's activity over a span of the warm-up
     * @param stopped      whether the run was asked to stop (checked between slices)
     */
    static Outcome run(LoadGenerator generator, Slice slice, int level, int compileLevel, WarmupPolicy policy,
                       int minSeconds, LoadModel model, JitActivity jit, BooleanSupplier stopped) {
        List<SecondStats> rows = new ArrayList<>();
        List<Double> tested = new ArrayList<>();
        List<Double> sliceMeans = new ArrayList<>();
        List<Long> testedStartMs = new ArrayList<>();
        int seconds = 0;
        int steadyChecks = 0;
        Steadiness.Result last = null;
        JitReading lastJit = null;
        double tolerance = policy.tolerancePercent() / 100;
        // a spec stored before the JIT bound existed has none: the default applies
        double jitBound = policy.jitCpuPercent() == null ? WarmupPolicy.DEFAULT_JIT_CPU_PERCENT : policy.jitCpuPercent();
        boolean compiling = false;
        // beside a few users the compiler has its share already: fewer would not feed it
        boolean crowded = (long) compileLevel * CROWDED <= level;
        boolean fed = false;
        int compileSeconds = 0;
        while (seconds < policy.maxSeconds() && !stopped.getAsBoolean()) {
            int length = Math.min(SLICE_SECONDS, policy.maxSeconds() - seconds);
            LevelResult result = generator.runLevel(slice.at(compiling ? compileLevel : level, Duration.ofSeconds(length)));
            seconds += length;
            List<SecondStats> sliceRows = result.series();
            rows.addAll(sliceRows);
            if (compiling) {
                compileSeconds += length;
                if (compileSeconds < policy.windowSeconds() || rows.size() < policy.windowSeconds()) {
                    continue;
                }
                lastJit = jit.over(Instant.ofEpochMilli(rows.get(rows.size() - policy.windowSeconds()).startMs()),
                        Instant.ofEpochMilli(rows.getLast().startMs() + 1000));
                boolean rested = lastJit.jitCpuPercent() == null || lastJit.jitCpuPercent() <= jitBound;
                if (rested || compileSeconds >= policy.maxSeconds() / 2) {
                    // back at the level: its steadiness is judged on its own seconds only
                    compiling = false;
                    tested.clear();
                    testedStartMs.clear();
                    sliceMeans.clear();
                    steadyChecks = 0;
                }
                continue;
            }
            List<Double> sliceValues = new ArrayList<>();
            for (int i = 1; i < sliceRows.size(); i++) {
                tested.add(value(sliceRows.get(i), model));
                testedStartMs.add(sliceRows.get(i).startMs());
                sliceValues.add(tested.getLast());
            }
            sliceValues.stream().filter(Objects::nonNull).mapToDouble(Double::doubleValue).average()
                    .ifPresent(sliceMeans::add);
            if (seconds < minSeconds || tested.size() < policy.windowSeconds()) {
                continue;
            }
            last = Steadiness.test(tested.subList(tested.size() - policy.windowSeconds(), tested.size()), tolerance);
            // the JIT over the seconds tested, from the first one's start to the last one's end
            lastJit = jit.over(Instant.ofEpochMilli(testedStartMs.get(tested.size() - policy.windowSeconds())),
                    Instant.ofEpochMilli(testedStartMs.getLast() + 1000));
            boolean flat = flat(last, tolerance);
            if (!flat && atRest(lastJit, jitBound)) {
                int coarseSlices = Math.max(Steadiness.MIN_SECONDS, 2 * policy.windowSeconds() / SLICE_SECONDS);
                if (sliceMeans.size() >= coarseSlices) {
                    Steadiness.Result coarse = Steadiness.test(
                            sliceMeans.subList(sliceMeans.size() - coarseSlices, sliceMeans.size()), tolerance);
                    if (flat(coarse, tolerance)) {
                        flat = true;
                        last = coarse;
                    }
                }
            }
            boolean jitDone = lastJit == null || !lastJit.holdsUp(jitBound);
            if (!jitDone && crowded && !fed && lastJit.starves(jitBound)) {
                compiling = true;
                fed = true;
                steadyChecks = 0;
                continue;
            }
            steadyChecks = flat && jitDone ? steadyChecks + 1 : 0;
            if (steadyChecks >= CHECKS_IN_A_ROW) {
                return new Outcome(seconds, true, series(rows), last, lastJit, compileSeconds);
            }
        }
        return new Outcome(seconds, false, series(rows), last, lastJit, compileSeconds);
    }

    /** Steady by the test, with a fitted drift within the tolerance (a drift the test cannot tell from noise too). */
    private static boolean flat(Steadiness.Result result, double tolerance) {
        return result.steady() && result.drift() != null && Math.abs(result.drift()) <= tolerance;
    }

    /** The compiler's CPU is known and within the bound (whatever the container's use). */
    private static boolean atRest(JitReading jit, double jitBound) {
        return jit != null && jit.jitCpuPercent() != null && jit.jitCpuPercent() <= jitBound;
    }

    private static Double value(SecondStats row, LoadModel model) {
        return model == LoadModel.OPEN ? (row.p50() == null ? null : row.p50().doubleValue()) : (double) row.successes();
    }

    /** The slices' rows as one series from the first slice's start; a row lands in the second it started in. */
    static PointSeries series(List<SecondStats> rows) {
        if (rows.isEmpty()) {
            return null;
        }
        long start = rows.getFirst().startMs();
        long end = rows.getLast().startMs() + 1000;
        int seconds = (int) Math.ceil((end - start) / 1000.0);
        PointSeries.Builder series = PointSeries.over(Instant.ofEpochMilli(start), seconds)
                .column(SeriesMetric.THROUGHPUT).column(SeriesMetric.STARTED).column(SeriesMetric.ERRORS)
                .column(SeriesMetric.LATENCY_P50).column(SeriesMetric.LATENCY_P95).column(SeriesMetric.LATENCY_P99)
                .column(SeriesMetric.IN_FLIGHT);
        for (SecondStats row : rows) {
            Instant at = Instant.ofEpochMilli(row.startMs() + 500);
            series.put(SeriesMetric.THROUGHPUT, at, (double) row.successes());
            series.put(SeriesMetric.STARTED, at, (double) row.started());
            series.put(SeriesMetric.ERRORS, at, (double) row.errors());
            series.put(SeriesMetric.LATENCY_P50, at, row.p50() == null ? null : row.p50().doubleValue());
            series.put(SeriesMetric.LATENCY_P95, at, row.p95() == null ? null : row.p95().doubleValue());
            series.put(SeriesMetric.LATENCY_P99, at, row.p99() == null ? null : row.p99().doubleValue());
            series.put(SeriesMetric.IN_FLIGHT, at, row.inFlightMean());
        }
        return series.build();
    }
}
