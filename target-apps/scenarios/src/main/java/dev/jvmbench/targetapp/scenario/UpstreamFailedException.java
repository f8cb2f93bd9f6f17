package dev.jvmbench.targetapp.scenario;

/**
 * The upstream did not answer as it should. {@code status} is the upstream's HTTP status, or -1
 * when there was no answer; {@code busy} marks a wait for a pooled connection that timed out
 * (503) as opposed to an upstream error (502). The message names the failure's type only,
 * never the exception's message (a 5xx does not echo internals).
 */
public final class UpstreamFailedException extends RuntimeException {

    private final String scenario;
    private final int status;
    private final boolean busy;

    public UpstreamFailedException(String scenario, int status, boolean busy, String what) {
        super(what);
        this.scenario = scenario;
        this.status = status;
        this.busy = busy;
    }

    public static UpstreamFailedException status(String scenario, int status) {
        return new UpstreamFailedException(scenario, status, false, "upstream answered HTTP " + status);
    }

    public static UpstreamFailedException failure(String scenario, Throwable cause) {
        return new UpstreamFailedException(scenario, -1, false,
                "upstream request failed: " + cause.getClass().getSimpleName());
    }

    /**
     * The client's own connection pool refused the request (Reactor Netty's pending-acquire
     * queue full, or its acquire timeout): busy (503), not an upstream error.
     */
    public static UpstreamFailedException poolExhausted(String scenario, Throwable cause) {
        return new UpstreamFailedException(scenario, -1, true,
                "no upstream connection from the client's pool: " + cause.getClass().getSimpleName());
    }

    public String scenario() {
        return scenario;
    }

    public int status() {
        return status;
    }

    public boolean busy() {
        return busy;
    }
}
