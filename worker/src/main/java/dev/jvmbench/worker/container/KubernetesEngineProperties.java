package dev.jvmbench.worker.container;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How the Kubernetes engine reaches the API and places a run's pods ({@code bench.kubernetes.*};
 * used when {@code bench.worker.engine=kubernetes}). Defaults are set here, not with
 * {@code @DefaultValue}, so code that builds the engine without Spring gets the same ones.
 *
 * @param apiServer       the API server's URL, e.g. {@code https://127.0.0.1:6443}; blank takes the
 *                        client's own configuration (in a pod: {@code KUBERNETES_SERVICE_HOST} and
 *                        the service account; outside: {@code KUBECONFIG}). Set it where the
 *                        Service address must not be used (the local cluster routes none)
 * @param namespace       where the run's pods are created; blank = the service account's namespace
 *                        in a pod, the kubeconfig context's outside, else {@code default}
 * @param nodeName        the node this worker owns: every pod is bound to it ({@code nodeName}),
 *                        since the worker probes them on 127.0.0.1 and reads their /proc and cgroup
 *                        files. Required (the chart sets it from the downward API)
 * @param ownerPodName    the worker's own pod: every run pod gets an owner reference to it, so the
 *                        garbage collector removes the pods of a worker pod that is gone. Blank (a
 *                        worker outside the cluster, tests) = no owner reference
 * @param ownerPodUid     its uid (downward API {@code metadata.uid}); blank = read from the API
 * @param startTimeout    from creating a pod until its main container runs (image pull included)
 * @param pollInterval    between two reads of a pod's status while waiting
 * @param requestTimeout  longest wait for one API call (a log or an exec stream has its own timeout)
 * @param defaultCpu      CPU request and limit of a container whose spec sets none (the upstreams):
 *                        Guaranteed QoS needs both on every container. Kubernetes quantity, e.g. {@code 250m}
 * @param defaultMemory   memory request and limit of a container whose spec sets none, e.g. {@code 512Mi}
 * @param volumeSizeLimit size limit of the emptyDir behind each of a spec's volumes (the app's
 *                        /tmp: JFR recording, temp files): past it the kubelet evicts the pod
 * @param imagePullPolicy {@code Always} (default: a tag the worker rebuilt is pulled again; the layers
 *                        already on the node are not) or {@code IfNotPresent}
 * @param logTailLines    log lines kept in an {@code Exited} or {@code OomKilled} outcome
 */
@ConfigurationProperties("bench.kubernetes")
public record KubernetesEngineProperties(
        URI apiServer,
        String namespace,
        String nodeName,
        String ownerPodName,
        String ownerPodUid,
        Duration startTimeout,
        Duration pollInterval,
        Duration requestTimeout,
        String defaultCpu,
        String defaultMemory,
        String volumeSizeLimit,
        String imagePullPolicy,
        Integer logTailLines) {

    private static final Set<String> PULL_POLICIES = Set.of("Always", "IfNotPresent");

    public KubernetesEngineProperties {
        if (apiServer != null && apiServer.toString().isBlank()) {
            apiServer = null;
        }
        if (apiServer != null && !"https".equals(apiServer.getScheme()) && !"http".equals(apiServer.getScheme())) {
            throw new IllegalArgumentException("apiServer must be an https:// URL, was " + apiServer);
        }
        namespace = blankToNull(namespace);
        nodeName = blankToNull(nodeName);
        ownerPodName = blankToNull(ownerPodName);
        ownerPodUid = blankToNull(ownerPodUid);
        startTimeout = positive(startTimeout, Duration.ofMinutes(5), "startTimeout");
        pollInterval = positive(pollInterval, Duration.ofMillis(200), "pollInterval");
        requestTimeout = positive(requestTimeout, Duration.ofSeconds(30), "requestTimeout");
        defaultCpu = Objects.requireNonNullElse(blankToNull(defaultCpu), "250m");
        defaultMemory = Objects.requireNonNullElse(blankToNull(defaultMemory), "512Mi");
        volumeSizeLimit = Objects.requireNonNullElse(blankToNull(volumeSizeLimit), "2Gi");
        imagePullPolicy = Objects.requireNonNullElse(blankToNull(imagePullPolicy), "Always");
        if (!PULL_POLICIES.contains(imagePullPolicy)) {
            throw new IllegalArgumentException("imagePullPolicy must be one of " + PULL_POLICIES + ", was " + imagePullPolicy);
        }
        logTailLines = Objects.requireNonNullElse(logTailLines, 50);
        if (logTailLines < 0) {
            throw new IllegalArgumentException("logTailLines must be >= 0, was " + logTailLines);
        }
    }

    /** For a node: everything else default. */
    public static KubernetesEngineProperties forNode(String nodeName) {
        return new KubernetesEngineProperties(null, null, nodeName, null, null, null, null, null, null, null, null,
                null, null);
    }

    public KubernetesEngineProperties withApiServer(URI apiServer) {
        return new KubernetesEngineProperties(apiServer, namespace, nodeName, ownerPodName, ownerPodUid, startTimeout,
                pollInterval, requestTimeout, defaultCpu, defaultMemory, volumeSizeLimit, imagePullPolicy, logTailLines);
    }

    public KubernetesEngineProperties withNamespace(String namespace) {
        return new KubernetesEngineProperties(apiServer, namespace, nodeName, ownerPodName, ownerPodUid, startTimeout,
                pollInterval, requestTimeout, defaultCpu, defaultMemory, volumeSizeLimit, imagePullPolicy, logTailLines);
    }

    public KubernetesEngineProperties withOwner(String podName, String podUid) {
        return new KubernetesEngineProperties(apiServer, namespace, nodeName, podName, podUid, startTimeout,
                pollInterval, requestTimeout, defaultCpu, defaultMemory, volumeSizeLimit, imagePullPolicy, logTailLines);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static Duration positive(Duration value, Duration fallback, String name) {
        Duration result = Objects.requireNonNullElse(value, fallback);
        if (result.isNegative() || result.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + result);
        }
        return result;
    }
}
