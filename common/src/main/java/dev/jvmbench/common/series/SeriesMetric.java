package dev.jvmbench.common.series;

/** The ids of the per-second columns (docs/metrics.md, "Per-second series"). */
public final class SeriesMetric {

    /** Successful responses completed in the second. */
    public static final String THROUGHPUT = "throughputRps";
    /** Requests the generator started in the second, answered or not. */
    public static final String STARTED = "startedRps";
    /** Failed requests completed in the second, all causes. */
    public static final String ERRORS = "errors";
    /** Prefix of the failed requests by cause: {@code errors.timeout}, {@code errors.status-503}, ... */
    public static final String ERRORS_BY_CAUSE = "errors.";
    public static final String LATENCY_P50 = "latencyP50Ms";
    public static final String LATENCY_P95 = "latencyP95Ms";
    public static final String LATENCY_P99 = "latencyP99Ms";
    public static final String LATENCY_MAX = "latencyMaxMs";
    /** Requests in flight at the generator (closed model: the users holding a request), mean over the second. */
    public static final String IN_FLIGHT = "inFlight";
    /** The container's CPU as a percentage of its limit. */
    public static final String CPU_PERCENT = "cpuPercentOfLimit";
    /** Time the kernel throttled the container in the second (CFS quota). */
    public static final String THROTTLED_MS = "cpuThrottledMs";
    public static final String MEMORY_MB = "memoryMb";
    /** OS threads of the JVM process (platform threads, carriers, GC and JIT threads). */
    public static final String OS_THREADS = "osThreads";
    public static final String OPEN_FDS = "openFds";
    /** The app's TCP sockets in CLOSE_WAIT. */
    public static final String CLOSE_WAIT = "closeWait";
    /** Heap used, from JFR's heap summaries. */
    public static final String HEAP_USED_MB = "heapUsedMb";
    /** GC pause time within the second. */
    public static final String GC_PAUSE_MS = "gcPauseMs";
    /**
     * CPU time of the JVM's JIT compiler threads in the second, ms (from {@code /proc} on the host;
     * null when the JVM's compiler threads are not recognised). Still compiling means not warm yet.
     */
    public static final String JIT_CPU_MS = "jitCpuMs";
    /**
     * How fast the app's own cores ran in the second: the core-speed probe's steps per CPU-microsecond
     * (docs/metrics.md, "Core speed"); no column when the app had no cores of its own.
     */
    public static final String CORE_SPEED = "coreSpeed";
    /** 1 when the app answered its 1-second metrics scrape in time, 0 when not; null without a metrics endpoint. */
    public static final String SCRAPE_ANSWERED = "scrapeAnswered";

    private SeriesMetric() {
    }

    public static String errorsOf(String cause) {
        return ERRORS_BY_CAUSE + cause;
    }
}
