package dev.jvmbench.worker.probe;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;
import java.util.stream.DoubleStream;

/**
 * The app's Prometheus endpoint over one time window. An attempt belongs to the window when it
 * started inside it. Gauge figures are over the successful scrapes that carried the gauge, and
 * null when none did (an app without the endpoint, or a JDK where micrometer-java21 registers no
 * virtual-thread gauges).
 *
 * @param scrapeSuccessShare        {@code successes / attempts}
 * @param liveThreadsMean           mean of {@code jvm_threads_live_threads} (platform threads)
 * @param peakThreadsMax            highest {@code jvm_threads_peak_threads} (since JVM start)
 * @param virtualMountedMean        mean of {@code jvm_threads_virtual_live_threads{scheduling_status="mounted"}}
 * @param virtualQueuedMean         mean of {@code jvm_threads_virtual_live_threads{scheduling_status="queued"}}
 * @param virtualParallelismMean    mean of {@code jvm_threads_virtual_parallelism}
 * @param virtualPoolSizeMean       mean of {@code jvm_threads_virtual_pool_size_threads} (carriers started)
 * @param poolPendingMax            most threads waiting for a HikariCP connection ({@code hikaricp_connections_pending})
 * @param poolMaxMean               the pool's maximum size ({@code hikaricp_connections_max})
 * @param poolAcquireMeanMs         mean wait for a connection over the window (the acquire timer's sum / count)
 */
public record ScrapeWindow(
        Instant from,
        Instant to,
        int attempts,
        int successes,
        double scrapeSuccessShare,
        Double liveThreadsMean,
        Double peakThreadsMax,
        Double virtualMountedMean,
        Double virtualQueuedMean,
        Double virtualParallelismMean,
        Double virtualPoolSizeMean,
        Double poolPendingMax,
        Double poolMaxMean,
        Double poolAcquireMeanMs) {

    /** @param all attempts in time order */
    static ScrapeWindow of(List<Scrape> all, Instant from, Instant to) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (!to.isAfter(from)) {
            throw new IllegalArgumentException("window end " + to + " must be after its start " + from);
        }
        List<Scrape> window = all.stream()
                .filter(scrape -> !scrape.start().isBefore(from) && !scrape.start().isAfter(to))
                .toList();
        if (window.isEmpty()) {
            throw new IllegalStateException("no scrape attempt started in [" + from + ", " + to + "]; attempts cover "
                    + (all.isEmpty() ? "nothing" : "[" + all.getFirst().start() + ", " + all.getLast().start() + "]"));
        }
        int successes = (int) window.stream().filter(Scrape::success).count();
        return new ScrapeWindow(from, to, window.size(), successes, successes / (double) window.size(),
                mean(window, ThreadGauge.LIVE),
                boxed(values(window, ThreadGauge.PEAK).max()),
                mean(window, ThreadGauge.VIRTUAL_MOUNTED),
                mean(window, ThreadGauge.VIRTUAL_QUEUED),
                mean(window, ThreadGauge.VIRTUAL_PARALLELISM),
                mean(window, ThreadGauge.VIRTUAL_POOL_SIZE),
                boxed(values(window, ThreadGauge.POOL_PENDING).max()),
                mean(window, ThreadGauge.POOL_MAX),
                acquireMeanMs(window));
    }

    /** The pool's mean acquire time over the window: the timer's sum and count, last minus first. */
    private static Double acquireMeanMs(List<Scrape> window) {
        List<Scrape> timed = window.stream().filter(scrape -> scrape.gauges().containsKey(ThreadGauge.POOL_ACQUIRE_SECONDS_SUM)
                && scrape.gauges().containsKey(ThreadGauge.POOL_ACQUIRE_SECONDS_COUNT)).toList();
        if (timed.size() < 2) {
            return null;
        }
        var first = timed.getFirst().gauges();
        var last = timed.getLast().gauges();
        double count = last.get(ThreadGauge.POOL_ACQUIRE_SECONDS_COUNT) - first.get(ThreadGauge.POOL_ACQUIRE_SECONDS_COUNT);
        double sum = last.get(ThreadGauge.POOL_ACQUIRE_SECONDS_SUM) - first.get(ThreadGauge.POOL_ACQUIRE_SECONDS_SUM);
        return count <= 0 ? null : 1000 * sum / count;
    }

    private static Double mean(List<Scrape> window, ThreadGauge gauge) {
        return boxed(values(window, gauge).average());
    }

    private static DoubleStream values(List<Scrape> window, ThreadGauge gauge) {
        ToDoubleFunction<Scrape> value = scrape -> scrape.gauges().get(gauge);
        return window.stream().filter(scrape -> scrape.gauges().containsKey(gauge)).mapToDouble(value);
    }

    private static Double boxed(OptionalDouble value) {
        return value.isPresent() ? value.getAsDouble() : null;
    }
}
