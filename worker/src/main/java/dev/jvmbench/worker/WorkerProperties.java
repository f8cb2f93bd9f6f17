package dev.jvmbench.worker;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of a worker (bench.worker.*).
 *
 * @param enabled            false keeps the worker from claiming runs (tools, tests of the wiring)
 * @param id                 identity in runs.worker_id; default host name and pid
 * @param pollInterval       pause between claims while the queue is empty
 * @param heartbeatInterval  how often a running run's heartbeat is written
 * @param staleAfter         a RUNNING run whose heartbeat is older is recovered by the sweeper
 * @param maxAttempts        a recovered run is re-queued while it has had fewer attempts, else failed
 * @param workDir            scratch space per run (load generator results, JFR copies)
 * @param dataDir            the api's data directory, where uploaded JARs are stored
 * @param readinessTimeout   how long an app may take to answer its readiness probe
 * @param generatorWarmup    warm-up of the load generator JVM (and the app) before the first level
 * @param pidsLimit          --pids-limit of the app container
 * @param saturationCpuShare the load generator is flagged as the limit above this share of the
 *                           cores it may use
 */
@ConfigurationProperties("bench.worker")
public record WorkerProperties(
        @DefaultValue("true") boolean enabled,
        String id,
        @DefaultValue("2s") Duration pollInterval,
        @DefaultValue("5s") Duration heartbeatInterval,
        @DefaultValue("60s") Duration staleAfter,
        @DefaultValue("2") int maxAttempts,
        @DefaultValue("${java.io.tmpdir}/jvmbench-worker") Path workDir,
        @DefaultValue("${user.home}/.bench") Path dataDir,
        @DefaultValue("180s") Duration readinessTimeout,
        @DefaultValue("5s") Duration generatorWarmup,
        @DefaultValue("4096") long pidsLimit,
        @DefaultValue("0.9") double saturationCpuShare) {

    public WorkerProperties {
        if (id == null || id.isBlank()) {
            id = defaultId();
        }
    }

    private static String defaultId() {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            host = "worker";
        }
        return host + "-" + ProcessHandle.current().pid();
    }
}
