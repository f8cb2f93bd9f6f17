/**
 * Measurement probes of one benchmark cell, all read from outside the app so that they work
 * for any app, with or without an actuator endpoint:
 * <ul>
 *   <li>{@link dev.jvmbench.worker.probe.ContainerSampler}: the container's cgroup (CPU,
 *       throttling, memory) and the JVM's {@code /proc} entries (context switches, OS threads,
 *       descriptors, TCP sockets by state), per window and per second;</li>
 *   <li>{@link dev.jvmbench.worker.probe.PrometheusScraper}: the app's Prometheus endpoint, where
 *       it has one, for monitoring health and the JVM's own thread gauges;</li>
 *   <li>{@link dev.jvmbench.worker.probe.JfrAnalyzer}: GC pauses, heap, threads and CPU per window
 *       and per second, what the JVM saw ({@link dev.jvmbench.worker.probe.JvmFacts}), pinning by
 *       site and Metaspace OOMs, from a JFR recording copied out of the container, or from the
 *       chunks of its repository when the JVM could not finish it;</li>
 *   <li>{@link dev.jvmbench.worker.probe.LogScan}: OutOfMemoryErrors and other named patterns in
 *       the app's time-stamped log;</li>
 *   <li>{@link dev.jvmbench.worker.probe.TheoreticalCeiling}: the throughput a scenario cannot
 *       exceed.</li>
 * </ul>
 * Every probe answers per time window (one load step), so the same recording serves every step
 * of a run. No container-engine type appears here: a probe gets a container id and a host PID,
 * files copied out, or log lines as {@link dev.jvmbench.worker.probe.LogScan.Line}.
 */
package dev.jvmbench.worker.probe;
