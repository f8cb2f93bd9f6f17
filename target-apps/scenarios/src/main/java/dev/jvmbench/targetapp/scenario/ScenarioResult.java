package dev.jvmbench.targetapp.scenario;

/**
 * The JSON bodies of the scenario endpoints. Every one has {@code scenario}, {@code threadModel}
 * ({@code platform|virtual|webflux}) and {@code virtualThread} (whether the code that did the
 * scenario's work ran on a virtual thread), then the scenario's own fields, and
 * {@code elapsedMs} (time spent in the scenario's work, measured in the app).
 */
public sealed interface ScenarioResult {

    String scenario();

    String threadModel();

    boolean virtualThread();

    /**
     * @param repetitions how many times the primes were counted (1, more during a simulated warm-up)
     * @param eventLoop   whether the counting ran on a Netty event loop (WebFlux {@code onEventLoop=1})
     */
    record Cpu(String scenario, String threadModel, boolean virtualThread, int limit, int primes, int repetitions,
               boolean eventLoop, double elapsedMs) implements ScenarioResult {
    }

    record Sleep(String scenario, String threadModel, boolean virtualThread, long ms, int retainKb, int garbageKb,
                 double elapsedMs) implements ScenarioResult {
    }

    record Pinning(String scenario, String threadModel, boolean virtualThread, long ms, int monitor,
                   double elapsedMs) implements ScenarioResult {
    }

    /** @param leakedConnection whether the request left its own upstream connection open (leakConnections=1) */
    record IoHttp(String scenario, String threadModel, boolean virtualThread, int upstreamStatus,
                  boolean leakedConnection, double elapsedMs) implements ScenarioResult {
    }

    record IoDb(String scenario, String threadModel, boolean virtualThread, double seconds, int poolSize,
                double elapsedMs) implements ScenarioResult {
    }
}
