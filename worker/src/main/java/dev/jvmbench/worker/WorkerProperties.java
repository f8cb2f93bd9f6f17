package dev.jvmbench.worker;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of a worker (bench.worker.*).
 *
 * @param enabled            false keeps the worker from claiming runs (tools, tests of the wiring)
 * @param id                 identity in runs.worker_id, stable across restarts so a restarted worker
 *                           knows the runs and containers of its dead predecessor; default the host
 *                           name. Two live workers never share an id (WorkerIdClaim). Started by
 *                           {@code ./bench} (bench.worker.id-file set), a worker without an id takes
 *                           the first free of the host name, {@code <host>-2}, -3... (WorkerIdAtStart).
 * @param pollInterval       pause between claims while the queue is empty
 * @param heartbeatInterval  how often a running run's heartbeat is written
 * @param staleAfter         a RUNNING run whose heartbeat is older is recovered by the sweeper
 * @param maxAttempts        a recovered run is re-queued while it has had fewer attempts, else failed
 * @param workDir            scratch space per run (load generator results, JFR copies); default
 *                           $TMPDIR/jvmbench-worker
 * @param dataDir            the api's data directory, where uploaded JARs are stored; default ~/.bench
 * @param readinessTimeout   how long an app may take to answer its readiness probe
 * @param generatorWarmup    warm-up of the load generator JVM (and the app) before the first level
 * @param pidsLimit          --pids-limit of the app container (processes + threads): a fork bomb
 *                           stops there. Virtual threads and WebFlux need a few dozen; a
 *                           platform-thread run whose pool (maxThreads, up to 10000 per job) would
 *                           not fit gets maxThreads + {@code AppContainers.JVM_THREAD_HEADROOM}
 * @param nofileLimit        soft and hard {@code nofile} ulimit of the app and upstream containers,
 *                           recorded on every point (it bounds the connections an app can hold).
 *                           It cannot exceed the engine's own hard limit (20000 on the benchmark
 *                           VM): the start would fail
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
        Path workDir,
        Path dataDir,
        @DefaultValue("180s") Duration readinessTimeout,
        @DefaultValue("5s") Duration generatorWarmup,
        @DefaultValue("4096") long pidsLimit,
        @DefaultValue("16384") long nofileLimit,
        @DefaultValue("0.9") double saturationCpuShare) {

    public WorkerProperties {
        if (pidsLimit < 64) {
            throw new IllegalArgumentException("bench.worker.pids-limit must be >= 64 (a JVM needs a few dozen threads), was " + pidsLimit);
        }
        if (nofileLimit < 256) {
            throw new IllegalArgumentException("bench.worker.nofile-limit must be >= 256, was " + nofileLimit);
        }
        if (id == null || id.isBlank()) {
            id = hostName();
        }
        // In code, not in @DefaultValue: the binder does not resolve placeholders there.
        if (workDir == null) {
            workDir = Path.of(System.getProperty("java.io.tmpdir"), "jvmbench-worker");
        }
        if (dataDir == null) {
            dataDir = Path.of(System.getProperty("user.home"), ".bench");
        }
    }

    /** The host's name: the default worker id (WorkerIdClaim tries {@code <host>-2}, -3... next when asked to). */
    public static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "worker";
        }
    }
}
