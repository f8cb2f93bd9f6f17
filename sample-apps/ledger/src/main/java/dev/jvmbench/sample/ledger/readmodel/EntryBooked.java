package dev.jvmbench.sample.ledger.readmodel;

import java.time.Instant;

/** What the read model needs of one new journal entry (signed, in its account's currency). */
public record EntryBooked(long accountId, long counterpartyId, long amount, Instant bookedAt) {
}
