package dev.jvmbench.sample.ledger.seed;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.ToDoubleFunction;

/** Picks accounts at random in proportion to a weight: merchants are paid far more often than people. */
final class WeightedAccounts {

    private final SeedAccount[] accounts;
    private final double[] cumulative;

    WeightedAccounts(List<SeedAccount> accounts, ToDoubleFunction<SeedAccount> weight) {
        this.accounts = accounts.toArray(SeedAccount[]::new);
        this.cumulative = new double[this.accounts.length];
        double total = 0;
        for (int i = 0; i < this.accounts.length; i++) {
            total += weight.applyAsDouble(this.accounts[i]);
            cumulative[i] = total;
        }
    }

    SeedAccount pick(Random random) {
        double target = random.nextDouble() * cumulative[cumulative.length - 1];
        int index = Arrays.binarySearch(cumulative, target);
        return accounts[index >= 0 ? index : Math.min(-index - 1, accounts.length - 1)];
    }

    /** An account other than {@code excluded}, or null when it is the only one. */
    SeedAccount pickOtherThan(SeedAccount excluded, Random random) {
        for (int attempt = 0; attempt < 8; attempt++) {
            SeedAccount picked = pick(random);
            if (picked.id() != excluded.id()) {
                return picked;
            }
        }
        return Arrays.stream(accounts).filter(account -> account.id() != excluded.id()).findFirst().orElse(null);
    }
}
