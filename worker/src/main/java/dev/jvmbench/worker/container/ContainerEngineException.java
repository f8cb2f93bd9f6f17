package dev.jvmbench.worker.container;

/** The engine answered but refused or failed an operation (no such image, bad spec, ...). */
public class ContainerEngineException extends RuntimeException {

    public ContainerEngineException(String message) {
        super(message);
    }

    public ContainerEngineException(String message, Throwable cause) {
        super(message, cause);
    }
}
