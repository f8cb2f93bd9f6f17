package dev.jvmbench.worker.container;

import java.util.List;
import java.util.Map;

/** A local image: its id, its {@code repo:tag} names, its labels and its size in bytes. */
public record ImageSummary(String id, List<String> tags, Map<String, String> labels, long sizeBytes) {

    public ImageSummary {
        tags = List.copyOf(tags);
        labels = Map.copyOf(labels);
    }

    public String label(String key) {
        return labels.get(key);
    }
}
