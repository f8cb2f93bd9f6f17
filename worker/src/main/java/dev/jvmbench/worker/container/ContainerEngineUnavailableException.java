package dev.jvmbench.worker.container;

/**
 * The engine could not be reached at all: the socket is missing, the connection was refused,
 * access was denied. The message names the engine address and the reason; the transport's
 * own exception is kept as the cause for the log, not as the message.
 */
public class ContainerEngineUnavailableException extends ContainerEngineException {

    public ContainerEngineUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
