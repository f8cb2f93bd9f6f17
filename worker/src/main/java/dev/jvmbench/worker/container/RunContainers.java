package dev.jvmbench.worker.container;

import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.stream.Collectors;

/**
 * Clean-up by label: the containers of one run at its teardown, and those a dead worker left.
 * Only ever containers labelled {@code bench.managed=true} of the given platform.
 */
public final class RunContainers {

    private final ContainerEngine engine;

    public RunContainers(ContainerEngine engine) {
        this.engine = engine;
    }

    /** What a removal did: containers removed per {@link ContainerLabels#ROLE} value. */
    public record Removed(Map<String, Long> byRole) {

        public Removed {
            byRole = Map.copyOf(byRole);
        }

        public long total() {
            return byRole.values().stream().mapToLong(Long::longValue).sum();
        }

        public long of(String... roles) {
            long sum = 0;
            for (String role : roles) {
                sum += byRole.getOrDefault(role, 0L);
            }
            return sum;
        }
    }

    /**
     * Removes every container of a run. Listed once, so what is counted by role is what was
     * removed; a container already gone counts as removed.
     *
     * @throws ContainerEngineException when the engine cannot list or remove: the next worker start removes the rest
     */
    public Removed removeRun(String platformId, long runId) {
        List<ContainerSummary> containers = engine.findManaged(Map.of(ContainerLabels.RUN_ID, Long.toString(runId),
                ContainerLabels.PLATFORM, platformId));
        for (ContainerSummary container : containers) {
            engine.remove(new RunningContainer(container.id(), container.name(), 0));
        }
        return new Removed(containers.stream().collect(Collectors.groupingBy(
                container -> container.labels().getOrDefault(ContainerLabels.ROLE, ""), Collectors.counting())));
    }

    /**
     * Removes the run containers of this platform whose run {@code stillOwned} does not claim
     * (a worker died while running them). Containers without a numeric run id are not a run's
     * (tests, tools): not ours to judge.
     *
     * @return the names of the containers removed
     */
    public List<String> removeLeftovers(String platformId, LongPredicate stillOwned) {
        return engine.findManaged(Map.of(ContainerLabels.PLATFORM, platformId)).stream()
                .filter(container -> {
                    String runId = container.labels().get(ContainerLabels.RUN_ID);
                    return runId != null && runId.matches("\\d+") && !stillOwned.test(Long.parseLong(runId));
                })
                .map(container -> {
                    engine.remove(new RunningContainer(container.id(), container.name(), 0));
                    return container.name() + " (run " + container.labels().get(ContainerLabels.RUN_ID) + ")";
                })
                .toList();
    }
}
