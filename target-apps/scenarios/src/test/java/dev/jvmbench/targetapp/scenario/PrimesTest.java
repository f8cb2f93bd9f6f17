package dev.jvmbench.targetapp.scenario;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PrimesTest {

    @Test
    void countsKnownPrimeNumbers() {
        assertThat(Primes.countBelow(0)).isZero();
        assertThat(Primes.countBelow(2)).isZero();
        assertThat(Primes.countBelow(3)).isEqualTo(1);
        assertThat(Primes.countBelow(10)).isEqualTo(4);
        assertThat(Primes.countBelow(100)).isEqualTo(25);
        assertThat(Primes.countBelow(100_000)).isEqualTo(9592);
    }

    @Test
    void theDefaultLimitHasAFixedAnswer() {
        // the number the README documents: the default request always does this much work
        assertThat(Primes.countBelow(Primes.DEFAULT_LIMIT)).isEqualTo(155_805);
    }
}
