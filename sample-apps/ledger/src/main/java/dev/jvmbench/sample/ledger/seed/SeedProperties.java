package dev.jvmbench.sample.ledger.seed;

import java.time.YearMonth;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The generated data set. The same seed and sizes give the same rows on every start, and the
 * journal covers fixed calendar months (not months before today), so a benchmark job can name one
 * account's statement month in its request and get the same page in every run.
 *
 * @param enabled    seed an empty database at start-up (a database that has accounts is left alone)
 * @param accounts   customer accounts; the first 1 % are merchants, the next 10 % businesses, the
 *                   rest people; the bank's own clearing accounts (one per currency) come after them
 * @param entries    journal entries, two per transfer, one opening deposit per account among them
 * @param firstMonth the first month of the journal
 * @param months     how many months it covers
 */
@ConfigurationProperties("ledger.seed")
public record SeedProperties(@DefaultValue("true") boolean enabled, @DefaultValue("20250101") long randomSeed,
                             @DefaultValue("2000") int accounts, @DefaultValue("200000") int entries,
                             @DefaultValue("2025-01") YearMonth firstMonth, @DefaultValue("12") int months) {
}
