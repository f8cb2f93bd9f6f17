package dev.jvmbench.targetapp.scenario;

/**
 * The scenario endpoints and their parameter limits. The limits keep one request bounded
 * (a benchmark asks for milliseconds to seconds, never hours) and turn nonsense into a 400.
 */
public final class Scenario {

    /** Response header saying whether the handling code ran on a virtual thread. */
    public static final String VIRTUAL_THREAD_HEADER = "X-Bench-Virtual-Thread";

    public static final String IO_HTTP = "io-http";
    public static final String IO_DB = "io-db";
    public static final String CPU = "cpu";
    public static final String PINNING = "pinning";
    public static final String SLEEP = "sleep";

    public static final long MAX_SLEEP_MS = 60_000;
    public static final long DEFAULT_SLEEP_MS = 200;
    public static final long DEFAULT_PINNING_MS = 50;
    public static final double DEFAULT_DB_SECONDS = 0.2;
    public static final double MAX_DB_SECONDS = 60;
    public static final int MIN_PRIME_LIMIT = 2;
    /** About 20x the default work; keeps a single request from running for minutes. */
    public static final int MAX_PRIME_LIMIT = 20_000_000;

    private Scenario() {
    }

    /** Validates {@code ms} of the sleep and pinning scenarios. */
    public static long millis(String name, Long value, long defaultValue) {
        long ms = value == null ? defaultValue : value;
        if (ms < 0 || ms > MAX_SLEEP_MS) {
            throw new InvalidParameterException(name, "must be between 0 and " + MAX_SLEEP_MS + " (milliseconds)");
        }
        return ms;
    }

    /** Validates {@code seconds} of the io-db scenario (NaN and infinities are refused). */
    public static double seconds(String name, Double value) {
        double s = value == null ? DEFAULT_DB_SECONDS : value;
        if (!(s >= 0 && s <= MAX_DB_SECONDS)) {
            throw new InvalidParameterException(name, "must be between 0 and " + (long) MAX_DB_SECONDS + " (seconds)");
        }
        return s;
    }

    /** Validates {@code limit} of the cpu scenario. */
    public static int primeLimit(String name, Integer value) {
        int limit = value == null ? Primes.DEFAULT_LIMIT : value;
        if (limit < MIN_PRIME_LIMIT || limit > MAX_PRIME_LIMIT) {
            throw new InvalidParameterException(name, "must be between " + MIN_PRIME_LIMIT + " and " + MAX_PRIME_LIMIT);
        }
        return limit;
    }

    /** Validates {@code retainKb} and {@code garbageKb} of the sleep scenario (0 = none). */
    public static int kilobytes(String name, Integer value) {
        int kb = value == null ? 0 : value;
        if (kb < 0 || kb > HeapLoad.MAX_KB) {
            throw new InvalidParameterException(name, "must be between 0 and " + HeapLoad.MAX_KB + " (KB)");
        }
        return kb;
    }

    /** Validates {@code freezeAfterRequests} of the sleep scenario (0 = never). */
    public static long freezeAfter(String name, Long value) {
        long n = value == null ? 0 : value;
        if (n < 0 || n > Freeze.MAX_REQUESTS) {
            throw new InvalidParameterException(name, "must be between 0 (never) and " + Freeze.MAX_REQUESTS);
        }
        return n;
    }

    /** Validates {@code coldFactor} of the cpu scenario (1 = no simulated warm-up). */
    public static int coldFactor(String name, Integer value) {
        int factor = value == null ? WarmUp.DEFAULT_COLD_FACTOR : value;
        if (factor < 1 || factor > WarmUp.MAX_COLD_FACTOR) {
            throw new InvalidParameterException(name, "must be between 1 and " + WarmUp.MAX_COLD_FACTOR);
        }
        return factor;
    }

    /** Validates {@code warmSeconds} of the cpu scenario. */
    public static int warmSeconds(String name, Integer value) {
        int seconds = value == null ? WarmUp.DEFAULT_WARM_SECONDS : value;
        if (seconds < 1 || seconds > WarmUp.MAX_WARM_SECONDS) {
            throw new InvalidParameterException(name, "must be between 1 and " + WarmUp.MAX_WARM_SECONDS + " (seconds)");
        }
        return seconds;
    }

    /** An on/off switch: absent is off (Spring turns 1/0 and true/false into it, and anything else into a 400). */
    public static boolean flag(Boolean value) {
        return value != null && value;
    }

    /** Whether the calling code runs on a virtual thread (the {@code virtualThread} body field). */
    public static boolean onVirtualThread() {
        return Thread.currentThread().isVirtual();
    }
}
