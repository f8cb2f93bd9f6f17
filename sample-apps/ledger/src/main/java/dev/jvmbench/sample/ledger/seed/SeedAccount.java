package dev.jvmbench.sample.ledger.seed;

import dev.jvmbench.sample.ledger.account.OwnerKind;
import java.util.Currency;

/**
 * A generated account as the journal generator needs it.
 *
 * @param overdraft how far below zero its balance may go, in minor units
 */
record SeedAccount(long id, OwnerKind kind, Currency currency, String holder, String city, long overdraft) {
}
