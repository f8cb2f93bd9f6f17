package dev.jvmbench.sample.ledger.seed;

import dev.jvmbench.sample.ledger.account.OwnerKind;
import java.util.Currency;

/**
 * A generated account as the journal generator needs it.
 *
 * @param activity how often it pays and is paid, relative to a person's account
 */
record SeedAccount(long id, OwnerKind kind, Currency currency, String holder, String city, double activity) {
}
