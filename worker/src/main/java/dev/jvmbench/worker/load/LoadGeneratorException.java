package dev.jvmbench.worker.load;

/** The load generator could not produce a level's result (rejected, crashed, hung or closed). */
public class LoadGeneratorException extends RuntimeException {

    public LoadGeneratorException(String message) {
        super(message);
    }

    public LoadGeneratorException(String message, Throwable cause) {
        super(message, cause);
    }
}
