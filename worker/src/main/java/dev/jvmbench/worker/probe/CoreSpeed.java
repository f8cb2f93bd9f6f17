package dev.jvmbench.worker.probe;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How fast the app's own cores ran, second by second (docs/metrics.md, "Core speed"): the rate of a
 * fixed reference workload on those cores, in steps per CPU-microsecond of its own. On a shared host
 * a core's speed moves with what else runs on the same physical core (another tenant on its sibling
 * hyperthread, a neighbour that thrashes its caches) and with its clock: the same request then costs
 * more CPU, and a CPU-bound app's throughput follows. {@link CoreSpeedProbe} is the real one; the run
 * flow's tests script one.
 */
public interface CoreSpeed extends AutoCloseable {

    /**
     * One whole epoch second: the reference workload's steps per CPU-microsecond, the median of the
     * readings that ended in it, and how many there were.
     */
    record Second(Instant second, double speed, int readings) {
    }

    /**
     * The core's speed over a window (a level's measured window).
     *
     * @param median        median of the window's per-second speeds; null when none was measured
     * @param lowest        lowest mean over a block of {@code blockSeconds} seconds in a row
     * @param highest       highest such mean
     * @param spreadPercent {@code (highest - lowest) / median * 100}: how far the core's speed moved
     *                      within the window, in blocks long enough that one odd second does not count
     * @param blockSeconds  the block: 5 s, fewer in a window shorter than 20 s (a quarter of it, at least 1)
     * @param seconds       seconds with a speed
     * @param unmeasured    why there is no speed (the app has no cores of its own, the probe could not
     *                      be pinned, ...); null when measured
     */
    record Window(Double median, Double lowest, Double highest, Double spreadPercent, int blockSeconds, int seconds,
                  String unmeasured) {

        /** Blocks of this many seconds, or fewer in a short window. */
        static final int BLOCK_SECONDS = 5;

        public static Window unmeasured(String why) {
            return new Window(null, null, null, null, 0, 0, Objects.requireNonNull(why));
        }

        /** The window of these seconds' speeds (in time order); seconds without one are left out. */
        public static Window of(List<Second> seconds, String unmeasuredReason) {
            double[] speeds = seconds.stream().mapToDouble(Second::speed).toArray();
            if (speeds.length == 0) {
                return unmeasured(unmeasuredReason != null ? unmeasuredReason
                        : "the core-speed probe took no reading in the window");
            }
            int block = Math.max(1, Math.min(BLOCK_SECONDS, speeds.length / 4));
            List<Double> means = new ArrayList<>();
            for (int from = 0; from + block <= speeds.length; from += block) {
                double sum = 0;
                for (int i = from; i < from + block; i++) {
                    sum += speeds[i];
                }
                means.add(sum / block);
            }
            double lowest = means.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            double highest = means.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
            double median = median(speeds);
            return new Window(median, lowest, highest, 100 * (highest - lowest) / median, block, speeds.length, null);
        }

        public boolean measured() {
            return median != null;
        }

        static double median(double[] values) {
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            int n = sorted.length;
            return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        }
    }

    /** One {@link Second} for every whole epoch second {@code [from, to)} touches in which a reading ended. */
    List<Second> seconds(Instant from, Instant to);

    /** Why this probe measures nothing (then every window is unmeasured with this reason), if so. */
    Optional<String> unmeasured();

    /** The speed over {@code [from, to)}. */
    default Window window(Instant from, Instant to) {
        if (unmeasured().isPresent()) {
            return Window.unmeasured(unmeasured().get());
        }
        return Window.of(seconds(from, to), null);
    }

    /** Stops the probe; idempotent, never throws. */
    @Override
    void close();

    /** A probe that measures nothing, for this reason. */
    static CoreSpeed none(String why) {
        Objects.requireNonNull(why);
        return new CoreSpeed() {
            @Override
            public List<Second> seconds(Instant from, Instant to) {
                return List.of();
            }

            @Override
            public Optional<String> unmeasured() {
                return Optional.of(why);
            }

            @Override
            public void close() {
            }
        };
    }
}
