package dev.jvmbench.targetapp.scenario;

/**
 * A scenario needs an upstream whose environment variable is not set: the apps answer 503
 * problem details naming the variable, and stay healthy otherwise.
 */
public final class UpstreamNotConfiguredException extends RuntimeException {

    private final String variable;

    public UpstreamNotConfiguredException(String scenario, String variable) {
        super("scenario '" + scenario + "' needs an upstream: set the environment variable " + variable);
        this.variable = variable;
    }

    public String variable() {
        return variable;
    }
}
