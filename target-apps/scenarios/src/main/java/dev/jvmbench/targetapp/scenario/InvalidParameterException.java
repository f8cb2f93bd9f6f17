package dev.jvmbench.targetapp.scenario;

/** A request parameter out of range: the apps answer 400 problem details naming the parameter. */
public final class InvalidParameterException extends RuntimeException {

    private final String parameter;

    public InvalidParameterException(String parameter, String reason) {
        super("parameter '" + parameter + "' " + reason);
        this.parameter = parameter;
    }

    public String parameter() {
        return parameter;
    }
}
