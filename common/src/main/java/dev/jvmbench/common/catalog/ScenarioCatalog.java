package dev.jvmbench.common.catalog;

import dev.jvmbench.common.job.Upstream;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The built-in scenarios, as configured in scenario-catalog.yaml. */
public record ScenarioCatalog(List<ScenarioDefinition> scenarios) {

    public static final String DEFAULT_LOCATION = "classpath:jvmbench/scenario-catalog.yaml";

    public Optional<ScenarioDefinition> find(String name) {
        return scenarios.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    public List<String> names() {
        return scenarios.stream().map(ScenarioDefinition::name).toList();
    }

    public static ScenarioCatalog load(String location) {
        Map<String, Object> root = CatalogFiles.read(location);
        return new ScenarioCatalog(CatalogFiles.list(root, "scenarios", location).stream()
                .map(s -> new ScenarioDefinition(
                        CatalogFiles.string(s, "name"),
                        CatalogFiles.string(s, "description"),
                        CatalogFiles.string(s, "path"),
                        s.get("upstreams") == null ? List.of()
                                : ((List<?>) s.get("upstreams")).stream().map(u -> Upstream.fromWire(u.toString())).toList(),
                        s.get("params") == null ? List.of()
                                : CatalogFiles.list(s, "params", location).stream().map(p -> new ScenarioParam(
                                        CatalogFiles.string(p, "name"),
                                        CatalogFiles.string(p, "description"),
                                        CatalogFiles.string(p, "unit"),
                                        CatalogFiles.number(p, "default"),
                                        CatalogFiles.number(p, "min"),
                                        CatalogFiles.number(p, "max"),
                                        p.get("scale") == null ? 1.0 : CatalogFiles.number(p, "scale"),
                                        CatalogFiles.string(p, "binding"),
                                        Boolean.TRUE.equals(p.get("integer")))).toList(),
                        CatalogFiles.string(s, "ceiling")))
                .toList());
    }
}
