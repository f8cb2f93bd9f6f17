package dev.jvmbench.worker.probe;

import dev.jvmbench.worker.cores.LinuxTasks;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Measures how fast the app's cores run (docs/metrics.md, "Core speed"): a thread of the worker,
 * pinned to those cores, does a fixed piece of work ({@value #STEPS} steps of a pseudo-random walk over
 * a 32 KB table, which lives in the core's first-level cache) every {@link #INTERVAL} and times it by
 * its own CPU clock. A reading is the steps per CPU-microsecond: the wall time the thread waited for the
 * core (the app runs there) does not count, so the figure is the core's speed, not its load. A second's
 * figure is the median of its readings: a reading that an interrupt or a cold cache slowed does not move
 * it, a core that runs slower for the whole second does. (Over a 256 KB table every reading after the
 * probe's sleep began with caches other work had used: readings of one quiet second ranged from 66 to
 * 99 steps per µs, and their per-second sums by 25 %; over 32 KB the per-second medians of a quiet minute
 * stayed within 137 to 145 in one test and 133 to 150 in another.) About 0.2 ms of CPU ten times a second (30,000 steps at about 140 per µs here): 0.2 % of the app's core, the same on both
 * sides of every comparison.
 *
 * <p>The thread pins itself with {@code taskset} on its own thread id and checks every second that it
 * is still there (a core shield or an operator may move the worker's threads), pinning itself back and
 * counting it. It needs Linux, {@code /proc/thread-self} and the right to set its own affinity, which
 * every process has within its cpuset; without them the probe says why and measures nothing.
 */
public final class CoreSpeedProbe implements CoreSpeed {

    static final Duration INTERVAL = Duration.ofMillis(100);
    static final int STEPS = 30_000;
    private static final int TABLE_LONGS = 1 << 12;
    /** Readings done before the first one counts: the loop is compiled by then (and stays so in this JVM). */
    private static final int WARMUP_READINGS = 30;
    private static final Duration PIN_TIMEOUT = Duration.ofSeconds(15);
    private static final ThreadMXBean CPU_TIME = ManagementFactory.getThreadMXBean();
    /** The walk's result goes here so that the compiler cannot drop the walk. */
    private static volatile long sink;

    /** One reading: when it ended and its steps per CPU-microsecond. */
    private record Reading(long endMillis, double speed) {
    }

    private final Set<Integer> cores;
    private final String cpuset;
    private final long[] table = new long[TABLE_LONGS];
    private final Object lock = new Object();
    private final List<Reading> readings = new ArrayList<>();
    private final CountDownLatch ready = new CountDownLatch(1);
    private final Thread thread;
    private volatile String unmeasured;
    private volatile String stopReason;
    private volatile boolean closed;
    private volatile int repins;

    private CoreSpeedProbe(String cpuset) {
        this.cpuset = cpuset;
        this.cores = Set.copyOf(LinuxTasks.parseCpuset(cpuset));
        this.thread = Thread.ofPlatform().daemon().name("core-speed-" + cpuset).unstarted(this::run);
    }

    /**
     * A probe on the cores of {@code cpuset} (a cpuset list, e.g. {@code 1} or {@code 2-3}), ready when
     * this returns: pinned, its loop compiled. One that could not pin itself measures nothing and says why.
     */
    public static CoreSpeed start(String cpuset) {
        CoreSpeedProbe probe = new CoreSpeedProbe(cpuset);
        probe.thread.start();
        try {
            if (!probe.ready.await(PIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                probe.close();
                return CoreSpeed.none("the core-speed probe was not ready on core " + cpuset + " within "
                        + PIN_TIMEOUT.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            probe.close();
            return CoreSpeed.none("interrupted while the core-speed probe started");
        }
        if (probe.unmeasured != null) {
            probe.close();
            return CoreSpeed.none(probe.unmeasured);
        }
        return probe;
    }

    @Override
    public List<Second> seconds(Instant from, Instant to) {
        List<Reading> copy;
        synchronized (lock) {
            copy = List.copyOf(readings);
        }
        List<Second> seconds = new ArrayList<>();
        long first = Math.floorDiv(from.toEpochMilli(), 1000) * 1000;
        int i = firstEndingAtOrAfter(copy, first);
        for (long second = first; second < to.toEpochMilli(); second += 1000) {
            int firstOfSecond = i;
            while (i < copy.size() && copy.get(i).endMillis() < second + 1000) {
                i++;
            }
            if (i > firstOfSecond) {
                double[] speeds = copy.subList(firstOfSecond, i).stream().mapToDouble(Reading::speed).toArray();
                seconds.add(new Second(Instant.ofEpochMilli(second), Window.median(speeds), speeds.length));
            }
        }
        return seconds;
    }

    @Override
    public Window window(Instant from, Instant to) {
        return unmeasured != null ? Window.unmeasured(unmeasured) : Window.of(seconds(from, to), stopReason);
    }

    @Override
    public Optional<String> unmeasured() {
        return Optional.ofNullable(unmeasured);
    }

    /** Why the probe stopped before it was closed, if it did. */
    public Optional<String> stopReason() {
        return Optional.ofNullable(stopReason);
    }

    /** How often the thread found itself moved off its cores and pinned itself back. */
    public int repins() {
        return repins;
    }

    /** Readings taken so far. */
    int readingCount() {
        synchronized (lock) {
            return readings.size();
        }
    }

    @Override
    public void close() {
        closed = true;
        Ticks.stop(thread, Duration.ofSeconds(5));
    }

    private void run() {
        try {
            pinHere();
        } catch (IOException | RuntimeException e) {
            unmeasured = "the core-speed probe could not run on core " + cpuset + ": " + e.getMessage();
            ready.countDown();
            return;
        }
        for (int i = 0; i < WARMUP_READINGS && !closed; i++) {
            sink ^= walk(table, i, STEPS);
        }
        ready.countDown();
        Ticks ticks = new Ticks(INTERVAL);
        int sinceCheck = 0;
        long seed = WARMUP_READINGS;
        while (!closed) {
            if (!ticks.awaitNext() || closed) {
                return;
            }
            if (++sinceCheck * INTERVAL.toMillis() >= 1000) {
                sinceCheck = 0;
                try {
                    if (!LinuxTasks.currentThreadCores().equals(cores)) {
                        pinHere();
                        repins++;
                    }
                } catch (IOException | RuntimeException e) {
                    stopReason = "the core-speed probe lost core " + cpuset + ": " + e.getMessage();
                    return;
                }
            }
            long before = CPU_TIME.getCurrentThreadCpuTime();
            sink ^= walk(table, seed++, STEPS);
            long cpu = CPU_TIME.getCurrentThreadCpuTime() - before;
            long end = System.currentTimeMillis();
            if (cpu > 0) {
                synchronized (lock) {
                    readings.add(new Reading(end, STEPS / (cpu / 1000.0)));
                }
            }
        }
    }

    private void pinHere() throws IOException {
        long tid = LinuxTasks.currentThreadId();
        if (!LinuxTasks.pinThread(tid, cores)) {
            throw new IOException("taskset -p -c " + cpuset + " " + tid + " was refused");
        }
        Set<Integer> now = LinuxTasks.currentThreadCores();
        if (!now.equals(cores)) {
            throw new IOException("pinned to " + cpuset + " but allowed on " + now + " (outside this process's cpuset?)");
        }
    }

    /**
     * The reference work: a xorshift sequence picks slots of the table, each read, mixed in on a branch
     * that depends on the data, and written back. Integer arithmetic, a data-dependent branch and cache
     * traffic, as request handling has, in a loop the JIT compiles once and keeps.
     */
    static long walk(long[] table, long seed, int steps) {
        long x = seed * 0x9E3779B97F4A7C15L | 1;
        long acc = 0;
        int mask = table.length - 1;
        for (int i = 0; i < steps; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            int at = (int) (x >>> 40) & mask;
            long value = table[at];
            acc += (value & 1) == 0 ? value + x : value ^ (x >>> 3);
            table[at] = value + i;
        }
        return acc;
    }

    private static int firstEndingAtOrAfter(List<Reading> readings, long millis) {
        int low = 0;
        int high = readings.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (readings.get(middle).endMillis() < millis) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }
}
