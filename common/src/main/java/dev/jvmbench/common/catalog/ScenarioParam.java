package dev.jvmbench.common.catalog;

/**
 * A tunable of a built-in scenario. {@code binding} says where the value goes:
 * "query:NAME" (query parameter of the scenario request, value x scale), "env:NAME" (environment
 * of the app container) or "upstream:http-delay" (the nginx upstream's delay, in ms).
 */
public record ScenarioParam(String name, String description, String unit, double defaultValue,
                            double min, double max, double scale, String binding) {

    public ScenarioParam {
        if (min > max || defaultValue < min || defaultValue > max) {
            throw new IllegalArgumentException("scenario parameter " + name + ": default must lie in [min, max]");
        }
    }
}
