package dev.jvmbench.sample.ledger.readmodel;

import java.time.LocalDate;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Who pays whom, in memory: the directory of every account's display name, and per account the
 * counterparties it dealt with. A statement names each line's counterparty and lists the holder's
 * main counterparties from here, without loading other customers' accounts.
 */
@Component
public class CounterpartyIndex {

    private static final Comparator<CounterpartyStats> BY_IMPORTANCE = Comparator
            .comparingInt(CounterpartyStats::transfers).reversed()
            .thenComparing(Comparator.comparingLong((CounterpartyStats stats) -> stats.paid() + stats.received()).reversed())
            .thenComparingLong(CounterpartyStats::counterpartyId);

    private volatile Map<Long, Counterparty> directory = Map.of();
    /** Per account, its counterparties by id; each inner map immutable, replaced whole on a booking. */
    private final Map<Long, Map<Long, CounterpartyStats>> byAccount = new ConcurrentHashMap<>();

    public Counterparty counterparty(long accountId) {
        Counterparty counterparty = directory.get(accountId);
        return counterparty == null ? Counterparty.unknown(accountId) : counterparty;
    }

    /** The {@code limit} counterparties {@code accountId} dealt with most, most transfers first. */
    public List<CounterpartyStats> mainCounterparties(long accountId, int limit) {
        return byAccount.getOrDefault(accountId, Map.of()).values().stream().sorted(BY_IMPORTANCE).limit(limit).toList();
    }

    void record(long accountId, long counterpartyId, long amount, LocalDate booked) {
        byAccount.compute(accountId, (id, current) -> {
            Map<Long, CounterpartyStats> copy = current == null ? new HashMap<>() : new HashMap<>(current);
            copy.merge(counterpartyId, new CounterpartyStats(counterpartyId, 0, 0, 0, booked).plus(amount, booked),
                    (old, ignored) -> old.plus(amount, booked));
            return Map.copyOf(copy);
        });
    }

    void replace(Map<Long, Counterparty> directory, Map<Long, Map<Long, CounterpartyStats>> byAccount) {
        this.directory = Map.copyOf(directory);
        this.byAccount.clear();
        this.byAccount.putAll(byAccount);
    }

    int pairs() {
        return byAccount.values().stream().mapToInt(Map::size).sum();
    }

    int directorySize() {
        return directory.size();
    }
}
