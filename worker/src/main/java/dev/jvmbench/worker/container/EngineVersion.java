package dev.jvmbench.worker.container;

/**
 * @param engineVersion  the engine's own version, e.g. {@code 20.10.24+dfsg1}
 * @param engineApiVersion the newest API version the engine speaks
 * @param clientApiVersion the API version this client negotiated and uses
 */
public record EngineVersion(String engineVersion, String engineApiVersion, String clientApiVersion) {
}
