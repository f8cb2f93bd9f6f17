package dev.jvmbench.common.catalog;

/**
 * A tunable of a built-in scenario. {@code binding} says where the value goes:
 * "query:NAME" (query parameter of the scenario request, value x scale), "env:NAME" (environment
 * of the app container) or "upstream:http-delay" (the nginx upstream's delay, in ms).
 * {@code integer}: only whole numbers are valid (counts, switches and codes such as 0/1, whose
 * meaning the description gives); the app would refuse a fraction on every request, or at start.
 */
public record ScenarioParam(String name, String description, String unit, double defaultValue,
                            double min, double max, double scale, String binding, boolean integer) {

    public ScenarioParam {
        if (min > max || defaultValue < min || defaultValue > max) {
            throw new IllegalArgumentException("scenario parameter " + name + ": default must lie in [min, max]");
        }
        if (integer && !isWhole(defaultValue)) {
            throw new IllegalArgumentException("scenario parameter " + name + ": an integer parameter needs a whole default");
        }
    }

    /** Whether {@code value} is allowed by this parameter's kind (the range is checked apart). */
    public boolean allows(double value) {
        return !integer || isWhole(value);
    }

    private static boolean isWhole(double value) {
        return value == Math.rint(value) && !Double.isInfinite(value);
    }
}
