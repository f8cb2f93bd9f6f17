package dev.jvmbench.targetapp.scenario;

/**
 * The cpu scenario: counting primes below a limit by trial division.
 *
 * <p>The work is a pure function of {@code limit}: the same request does the same number of
 * divisions on every JDK, run and thread model, so CPU time per request is comparable across
 * them. (A "spin for N ms" loop would adapt to the machine and hide exactly the differences a
 * JDK comparison looks for.) Trial division allocates nothing, so the scenario measures the
 * CPU and the scheduler, not the GC.
 */
public final class Primes {

    /**
     * Default limit: 155,805 primes, about 200 ms of one core of the project's benchmark host
     * (2-core VM, Temurin 25, JIT-compiled: 189-214 ms per count, measured once; see
     * target-apps/README.md). Slower JIT tiers or a shared core make it take longer, never less
     * work.
     */
    public static final int DEFAULT_LIMIT = 2_100_000;

    private Primes() {
    }

    /** The number of primes p with {@code p < limit} (9592 for 100000). */
    public static int countBelow(int limit) {
        if (limit <= 2) {
            return 0;
        }
        int count = 1; // 2
        for (int n = 3; n < limit; n += 2) {
            if (isOddPrime(n)) {
                count++;
            }
        }
        return count;
    }

    /**
     * Counts the primes below {@code limit} {@code times} times over (the simulated warm-up's
     * extra work, see {@link WarmUp}) and returns the count.
     */
    public static int countBelow(int limit, int times) {
        int count = 0;
        for (int i = 0; i < times; i++) {
            count = countBelow(limit);
        }
        return count;
    }

    private static boolean isOddPrime(int n) {
        // d * d cannot overflow: n <= Scenario.MAX_PRIME_LIMIT, so d stays below 4,500
        for (int d = 3; d * d <= n; d += 2) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }
}
