package dev.jvmbench.sample.ledger.readmodel;

import java.time.YearMonth;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Every account's monthly balance snapshots, in memory: a statement's opening balance is one map
 * look-up instead of a sum over the account's whole history.
 */
@Component
public class MonthlyBalances {

    private final Map<Long, AccountMonths> accounts = new ConcurrentHashMap<>();

    public long openingOf(long accountId, YearMonth month) {
        return accounts.getOrDefault(accountId, AccountMonths.NONE).openingOf(month);
    }

    public Optional<MonthSummary> summaryOf(long accountId, YearMonth month) {
        return Optional.ofNullable(accounts.getOrDefault(accountId, AccountMonths.NONE).months().get(month));
    }

    /** Atomic per account: two transfers committing together on one account both count. */
    void apply(long accountId, YearMonth month, long amount) {
        accounts.compute(accountId, (id, current) -> (current == null ? AccountMonths.NONE : current).with(month, amount));
    }

    void replace(Map<Long, AccountMonths> loaded) {
        accounts.clear();
        accounts.putAll(loaded);
    }

    int size() {
        return accounts.values().stream().mapToInt(months -> months.months().size()).sum();
    }
}
