package dev.jvmbench.worker.probe;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * The most requests per second a scenario can complete, where one request must wait a fixed time
 * and only so many can wait at once: {@code slots / wait}. A closed-model load of {@code
 * concurrency} users never has more than that many requests in flight; a platform-thread server
 * never serves more than its pool's threads at once; {@code io-db} never runs more queries than
 * the connection pool holds; and on JDK 21-23 a virtual thread that blocks inside {@code
 * synchronized} keeps its carrier, so {@code pinning} runs at most one request per carrier (and
 * on WebFlux at most one per bounded-elastic thread). CPU work and user requests have no such
 * ceiling.
 *
 * <p>The carriers are the scheduler's parallelism, the processors the JVM sees, unless more
 * threads were seen: JDK 21 starts a spare carrier to stand in for one blocked in file I/O or
 * {@code Object.wait()}, and a pinned carrier still counts as active, so the pool may hand the
 * spare work (two requests pinned at once: 38.4 req/s for a 50 ms hold on one CPU, by hand) or
 * leave it idle (a worker's run of the same cell stayed at one carrier's 20 req/s). The threads
 * alive at the window's end are an upper bound, which is what a ceiling must be.
 *
 * <p>Scenario and thread-model names are the wire names of the job spec ({@code io-http}, {@code
 * platform}, ...).
 */
public final class TheoreticalCeiling {

    /** JEP 491: from this JDK on, a virtual thread blocked in {@code synchronized} unmounts. */
    static final int FIRST_JDK_WITHOUT_MONITOR_PINNING = 24;

    /** Reactor's {@code Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE} is 10 x available processors. */
    static final int BOUNDED_ELASTIC_THREADS_PER_PROCESSOR = 10;

    private static final Set<String> THREAD_MODELS = Set.of("platform", "virtual", "webflux");

    private TheoreticalCeiling() {
    }

    /**
     * One benchmark cell as the ceiling sees it.
     *
     * @param scenario        {@code io-http}, {@code io-db}, {@code pinning}, {@code sleep}, {@code cpu}
     *                        or a user's scenario name
     * @param threadModel     {@code platform}, {@code virtual} or {@code webflux}
     * @param concurrency     closed-model users of the load step
     * @param platformThreads the server's thread pool size (Tomcat max threads); used for {@code platform}
     * @param waitTime        what one request waits: the upstream delay ({@code io-http}), the query's
     *                        sleep ({@code io-db}), the sleep ({@code sleep}) or the hold ({@code pinning});
     *                        null for scenarios without one
     * @param poolSize        the connection pool size; required for {@code io-db}
     * @param cpus            the app container's CPU limit; the JVM sees {@code ceil(cpus)} processors
     * @param jdk             the app's JDK feature version
     * @param carriers        the virtual-thread scheduler's carriers alive at the window's end (its
     *                        {@code ForkJoinPool} workers), or null when they were not counted; the
     *                        processors stand for them when fewer
     */
    public record Cell(
            String scenario,
            String threadModel,
            int concurrency,
            int platformThreads,
            Duration waitTime,
            Integer poolSize,
            double cpus,
            int jdk,
            Integer carriers) {

        public Cell {
            Objects.requireNonNull(scenario, "scenario");
            Objects.requireNonNull(threadModel, "threadModel");
            if (!THREAD_MODELS.contains(threadModel)) {
                throw new IllegalArgumentException("threadModel must be one of " + THREAD_MODELS + ", was " + threadModel);
            }
            if (concurrency < 1) {
                throw new IllegalArgumentException("concurrency must be >= 1, was " + concurrency);
            }
            if (threadModel.equals("platform") && platformThreads < 1) {
                throw new IllegalArgumentException("platformThreads must be >= 1 for platform threads, was "
                        + platformThreads);
            }
            if (waitTime != null && (waitTime.isNegative() || waitTime.isZero())) {
                throw new IllegalArgumentException("waitTime must be > 0, was " + waitTime);
            }
            if (poolSize != null && poolSize < 1) {
                throw new IllegalArgumentException("poolSize must be >= 1, was " + poolSize);
            }
            if (!(cpus > 0) || Double.isInfinite(cpus)) {
                throw new IllegalArgumentException("cpus must be a finite number > 0, was " + cpus);
            }
            if (carriers != null && carriers < 0) {
                throw new IllegalArgumentException("carriers must be >= 0, was " + carriers);
            }
        }
    }

    /** Requests per second the cell cannot exceed, or null for a scenario without a ceiling. */
    public static Double requestsPerSecond(Cell cell) {
        Integer slots = switch (cell.scenario()) {
            case "io-http", "sleep" -> serverSlots(cell);
            case "io-db" -> Math.min(serverSlots(cell), requirePoolSize(cell));
            case "pinning" -> pinningSlots(cell);
            default -> null;
        };
        if (slots == null) {
            return null;
        }
        if (cell.waitTime() == null) {
            throw new IllegalArgumentException("scenario " + cell.scenario() + " needs the time one request waits");
        }
        return slots / (cell.waitTime().toNanos() / 1e9);
    }

    /** {@code throughput / ceiling}, or null when there is no ceiling. */
    public static Double measuredShare(double throughput, Double ceiling) {
        if (ceiling == null) {
            return null;
        }
        if (!(ceiling > 0)) {
            throw new IllegalArgumentException("ceiling must be > 0, was " + ceiling);
        }
        return throughput / ceiling;
    }

    /** Requests in flight at once: the users, capped by the thread pool where threads are pooled. */
    private static int serverSlots(Cell cell) {
        return cell.threadModel().equals("platform")
                ? Math.min(cell.concurrency(), cell.platformThreads())
                : cell.concurrency();
    }

    /**
     * Virtual threads before JEP 491 hold a carrier for the whole hold, on as many carriers as the
     * scheduler ran (at least its parallelism); WebFlux moves the blocking
     * call to Reactor's bounded-elastic pool (see target-apps/README.md), which has 10 threads per
     * processor.
     */
    private static int pinningSlots(Cell cell) {
        return switch (cell.threadModel()) {
            case "virtual" -> cell.jdk() < FIRST_JDK_WITHOUT_MONITOR_PINNING
                    ? Math.min(cell.concurrency(), carriers(cell))
                    : cell.concurrency();
            case "webflux" -> Math.min(cell.concurrency(), BOUNDED_ELASTIC_THREADS_PER_PROCESSOR * processors(cell));
            default -> serverSlots(cell);
        };
    }

    /** The scheduler's parallelism, or the carriers counted when it ran more. */
    private static int carriers(Cell cell) {
        return cell.carriers() == null ? processors(cell) : Math.max(processors(cell), cell.carriers());
    }

    /**
     * What the JVM reports as available processors: the quota rounded up. That is the number of
     * carriers (the virtual-thread scheduler's parallelism) and the base of Reactor's pool sizes.
     */
    private static int processors(Cell cell) {
        return (int) Math.max(1, Math.ceil(cell.cpus()));
    }

    private static int requirePoolSize(Cell cell) {
        if (cell.poolSize() == null) {
            throw new IllegalArgumentException("scenario io-db needs the connection pool size");
        }
        return cell.poolSize();
    }
}
