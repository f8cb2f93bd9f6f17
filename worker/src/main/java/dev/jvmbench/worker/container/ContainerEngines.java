package dev.jvmbench.worker.container;

/**
 * Builds the two {@link ContainerEngine} implementations: for {@link ContainerEngineConfiguration}
 * (the bean, chosen by {@code bench.worker.engine}) and for code that runs without Spring (tests,
 * tools). The interface itself names no implementation. Close an engine when done.
 */
public final class ContainerEngines {

    private ContainerEngines() {
    }

    /** The host's Docker engine. */
    public static ContainerEngine docker(ContainerEngineProperties properties) {
        return new DockerContainerEngine(properties);
    }

    /**
     * One pod per container on the node the properties name, through the Kubernetes API; the pods'
     * processes must be visible in this process's {@code /proc}.
     */
    public static ContainerEngine kubernetes(KubernetesEngineProperties properties) {
        return new KubernetesContainerEngine(properties, HostProcesses.ofHost());
    }

    /** The engine {@code kind} names. */
    public static ContainerEngine of(ContainerEngine.Kind kind, ContainerEngineProperties docker,
                                     KubernetesEngineProperties kubernetes) {
        return switch (kind) {
            case DOCKER -> docker(docker);
            case KUBERNETES -> kubernetes(kubernetes);
        };
    }
}
