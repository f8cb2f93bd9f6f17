package dev.jvmbench.worker.finding;

import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.WarmupPolicy;
import dev.jvmbench.common.job.ThreadModel;
import java.util.Map;

/**
 * What the rules know of the run as a whole: what it ran and under which limits.
 *
 * @param scenario         the scenario's name (a user's app names its own)
 * @param stock            whether a stock app ran it (its parameters and ceiling model are known)
 * @param params           the scenario's parameters with their effective values (stock apps)
 * @param maxThreads       the platform-thread pool (platform model), else null
 * @param requestTimeoutMs the generator's request timeout
 * @param nofileLimit      the container's nofile limit
 * @param warmupSeconds    each level's warm-up before its measured window (the least, when adaptive)
 * @param warmup           how the levels warm up: fixed, or adaptive at some of them
 * @param coresShared      why a whole-number CPU limit got no cores of its own on this host; null when it
 *                         did, or when the limit was fractional (a quota by the job's choice)
 */
public record RunFacts(String scenario, boolean stock, Map<String, Double> params, ThreadModel threadModel, int jdk,
                       double cpus, int memoryMb, Integer maxThreads, LoadModel loadModel, int requestTimeoutMs,
                       long nofileLimit, int warmupSeconds, WarmupPolicy warmup, String coresShared) {

    /** A run placed as it may be (pinned, or a fractional limit). */
    public RunFacts(String scenario, boolean stock, Map<String, Double> params, ThreadModel threadModel, int jdk,
                    double cpus, int memoryMb, Integer maxThreads, LoadModel loadModel, int requestTimeoutMs,
                    long nofileLimit, int warmupSeconds, WarmupPolicy warmup) {
        this(scenario, stock, params, threadModel, jdk, cpus, memoryMb, maxThreads, loadModel, requestTimeoutMs,
                nofileLimit, warmupSeconds, warmup, null);
    }

    public RunFacts {
        params = Map.copyOf(params);
        warmup = warmup == null ? WarmupPolicy.FIXED : warmup;
    }

    /** A run with a fixed warm-up. */
    public RunFacts(String scenario, boolean stock, Map<String, Double> params, ThreadModel threadModel, int jdk,
                    double cpus, int memoryMb, Integer maxThreads, LoadModel loadModel, int requestTimeoutMs,
                    long nofileLimit, int warmupSeconds) {
        this(scenario, stock, params, threadModel, jdk, cpus, memoryMb, maxThreads, loadModel, requestTimeoutMs,
                nofileLimit, warmupSeconds, WarmupPolicy.FIXED);
    }

    /** A stock-scenario parameter's effective value, or null. */
    public Double param(String name) {
        return params.get(name);
    }
}
