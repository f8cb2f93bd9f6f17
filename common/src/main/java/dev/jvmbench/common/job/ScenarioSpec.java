package dev.jvmbench.common.job;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Map;
import java.util.TreeMap;

/**
 * A built-in scenario by name with its parameters (GET /api/v1/catalog/scenarios), or, for a
 * user's app, a named custom request.
 */
public record ScenarioSpec(
        @NotBlank(message = "is required")
        @Pattern(regexp = "^[a-z0-9][a-z0-9-]{0,63}$", message = "must be 1-64 characters of [a-z0-9-]")
        String name,
        @Size(max = 20, message = "must hold at most 20 parameters") Map<String, Double> params,
        @Valid CustomRequest request) {

    ScenarioSpec normalized() {
        return new ScenarioSpec(name, params == null ? Map.of() : new TreeMap<>(params),
                request == null ? null : request.normalized());
    }

    public boolean hasCustomRequest() {
        return request != null;
    }
}
