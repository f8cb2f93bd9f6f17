package dev.jvmbench.worker.probe;

/**
 * The gauges (and the pool's acquire timer) the scraper keeps, by their Prometheus names as Micrometer writes them (base unit
 * appended, dots to underscores). The virtual-thread ones come from micrometer-java21's {@code
 * VirtualThreadMetrics} (1.16: {@code jvm.threads.virtual.live} tagged {@code
 * scheduling.status=mounted|queued}, {@code jvm.threads.virtual.parallelism} and {@code
 * jvm.threads.virtual.pool.size}), which registers them only on JDK 24+ where {@code
 * jdk.management.VirtualThreadSchedulerMXBean} exists. The JVM's own live and peak counts are
 * platform threads only (carriers included, virtual threads not).
 */
enum ThreadGauge {
    LIVE("jvm_threads_live_threads", null),
    PEAK("jvm_threads_peak_threads", null),
    VIRTUAL_MOUNTED("jvm_threads_virtual_live_threads", "mounted"),
    VIRTUAL_QUEUED("jvm_threads_virtual_live_threads", "queued"),
    VIRTUAL_PARALLELISM("jvm_threads_virtual_parallelism", null),
    VIRTUAL_POOL_SIZE("jvm_threads_virtual_pool_size_threads", null),
    /*
     * HikariCP's pool (MicrometerMetricsTrackerFactory: hikaricp.connections.*, tagged pool=<name>;
     * the first pool an app exposes): threads waiting for a connection, the pool's maximum, and the
     * acquire timer's running sum and count, whose differences over a window give its mean wait.
     */
    POOL_PENDING("hikaricp_connections_pending", null),
    POOL_MAX("hikaricp_connections_max", null),
    POOL_ACQUIRE_SECONDS_SUM("hikaricp_connections_acquire_seconds_sum", null),
    POOL_ACQUIRE_SECONDS_COUNT("hikaricp_connections_acquire_seconds_count", null);

    static final String SCHEDULING_STATUS_LABEL = "scheduling_status";

    final String metricName;
    /** the {@code scheduling_status} label value this gauge needs, or null for any series */
    final String schedulingStatus;

    ThreadGauge(String metricName, String schedulingStatus) {
        this.metricName = metricName;
        this.schedulingStatus = schedulingStatus;
    }
}
