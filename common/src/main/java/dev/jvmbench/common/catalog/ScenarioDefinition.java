package dev.jvmbench.common.catalog;

import dev.jvmbench.common.job.Upstream;
import java.util.List;
import java.util.Optional;

/** A built-in scenario of the stock target apps. */
public record ScenarioDefinition(String name, String description, String path, List<Upstream> upstreams,
                                 List<ScenarioParam> params, String ceiling) {

    public Optional<ScenarioParam> param(String paramName) {
        return params.stream().filter(p -> p.name().equals(paramName)).findFirst();
    }
}
