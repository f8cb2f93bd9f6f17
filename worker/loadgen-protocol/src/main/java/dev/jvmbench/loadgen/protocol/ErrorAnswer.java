package dev.jvmbench.loadgen.protocol;

/**
 * {@code {"ok":false,"error":"..."}}: the command was refused (malformed, unknown, breaking a
 * rule) or its run failed. The generator keeps reading commands after it.
 */
public record ErrorAnswer(boolean ok, String error) implements Answer {

    public ErrorAnswer {
        Rules.check(!ok, "an ErrorAnswer has ok=false");
        Rules.check(error != null && !error.isBlank(), "an ErrorAnswer names its error");
    }

    public static ErrorAnswer of(String error) {
        return new ErrorAnswer(false, error == null || error.isBlank() ? "error" : error);
    }
}
