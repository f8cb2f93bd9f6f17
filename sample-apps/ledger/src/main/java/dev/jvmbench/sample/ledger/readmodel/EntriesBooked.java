package dev.jvmbench.sample.ledger.readmodel;

import java.util.List;

/**
 * Published inside the transaction that books a transfer; the read model applies it only once that
 * transaction has committed ({@link ReadModelUpdater}), so a conflict that rolls back leaves it as it was.
 */
public record EntriesBooked(List<EntryBooked> entries) {
}
