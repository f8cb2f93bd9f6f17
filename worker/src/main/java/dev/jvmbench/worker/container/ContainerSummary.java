package dev.jvmbench.worker.container;

import java.util.Map;

/** A container found by label; {@code state} is the engine's word (running, exited, created, ...). */
public record ContainerSummary(String id, String name, String image, String state, Map<String, String> labels) {

    public ContainerSummary {
        labels = Map.copyOf(labels);
    }
}
