package dev.jvmbench.worker.probe;

/**
 * The gauges the scraper keeps, by their Prometheus names as Micrometer writes them (base unit
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
    VIRTUAL_POOL_SIZE("jvm_threads_virtual_pool_size_threads", null);

    static final String SCHEDULING_STATUS_LABEL = "scheduling_status";

    final String metricName;
    /** the {@code scheduling_status} label value this gauge needs, or null for any series */
    final String schedulingStatus;

    ThreadGauge(String metricName, String schedulingStatus) {
        this.metricName = metricName;
        this.schedulingStatus = schedulingStatus;
    }
}
