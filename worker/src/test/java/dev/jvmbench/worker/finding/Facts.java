package dev.jvmbench.worker.finding;

import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.stats.Steadiness;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Fixtures: a healthy run and level, changed field by field (records have no withers: a small builder). */
final class Facts {

    static final Instant START = Instant.parse("2026-11-24T10:00:00Z");

    static RunFacts run(String scenario, ThreadModel model, Map<String, Double> params) {
        return new RunFacts(scenario, true, params, model, 25, 1.0, 512,
                model == ThreadModel.PLATFORM ? 20 : null, LoadModel.CLOSED, 10_000, 16_384, 10);
    }

    static RunFacts ioHttp(ThreadModel model) {
        return run("io-http", model, Map.of("delayMs", 200.0));
    }

    static Level level(int users) {
        return new Level(users);
    }

    /** A level as healthy as the field reports' best case, each figure settable. */
    static final class Level {
        final Map<String, Object> f = new HashMap<>();
        final Map<String, Long> errors = new HashMap<>();
        final Map<String, Integer> threadsGrown = new java.util.LinkedHashMap<>();
        PointSeries series;

        Level(int users) {
            f.put("level", users);
            f.put("throughput", users / 0.2);
            f.put("cpu", 40.0);
            f.put("scrape", 1.0);
            f.put("threadsReady", 40);
            f.put("threadsPeak", 45);
        }

        Level set(String key, Object value) {
            f.put(key, value);
            return this;
        }

        Level errors(String cause, long count) {
            errors.put(cause, count);
            return this;
        }

        /** Threads grown by name, kept the most first as the probe gives them. */
        Level threadsGrown(Map<String, Integer> byName) {
            byName.entrySet().stream()
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                    .forEach(entry -> threadsGrown.put(entry.getKey(), entry.getValue()));
            return this;
        }

        Level series(PointSeries value) {
            series = value;
            return this;
        }

        LevelFacts build() {
            int users = (int) f.get("level");
            double throughput = (double) f.get("throughput");
            long successes = Math.round(throughput * 20);
            long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
            return new LevelFacts(0, users, START, START.plusSeconds(20), 20, successes + errorCount, successes,
                    errorCount, errors, throughput, (Double) f.getOrDefault("p50", 200.0), 210.0, 230.0,
                    (Double) f.get("cpu"), (Long) f.get("throttledPeriods"), (Double) f.get("throttledMs"),
                    (Double) f.get("scrape"), (double) f.getOrDefault("loadgenCpu", 30.0), 2,
                    (boolean) f.getOrDefault("saturated", false), (Boolean) f.get("rateReached"),
                    (Double) f.get("ceiling"), f.get("ceiling") == null ? null : throughput / (Double) f.get("ceiling"),
                    series, (Steadiness.Result) f.getOrDefault("steadiness",
                            new Steadiness.Result(Steadiness.Verdict.STEADY, 20, 0.01, -0.02, 0.03, 0.05)),
                    (Integer) f.get("threadsReady"), (Integer) f.get("threadsPeak"), (Integer) f.get("fds"),
                    (Integer) f.get("closeWait"), (Integer) f.get("closeWaitGrowth"), (Double) f.get("poolPending"),
                    (Double) f.get("poolAcquireMs"), (Double) f.get("poolMax"), (Double) f.get("vtQueued"),
                    (Double) f.get("vtParallelism"), threadsGrown, (dev.jvmbench.worker.probe.CoreSpeed.Window) f.get("coreSpeed"),
                    (Integer) f.get("carriers"));
        }
    }

    /** A series of {@code seconds} seconds from {@link #START} with the given columns filled by a function of the second. */
    static PointSeries series(int seconds, Map<String, java.util.function.IntFunction<Double>> columns) {
        PointSeries.Builder builder = PointSeries.over(START, seconds);
        columns.forEach((metric, value) -> {
            builder.column(metric);
            for (int i = 0; i < seconds; i++) {
                builder.put(metric, i, value.apply(i));
            }
        });
        return builder.build();
    }

    static List<Double> constant(int seconds, double value) {
        return java.util.Collections.nCopies(seconds, value);
    }

    private Facts() {
    }
}
