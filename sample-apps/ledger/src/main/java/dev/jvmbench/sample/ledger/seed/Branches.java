package dev.jvmbench.sample.ledger.seed;

import java.util.Currency;
import java.util.List;

/** The bank's branches: a city, its country and the currency it reports in. */
final class Branches {

    record SeedBranch(long id, String code, String name, String city, String country, Currency currency) {
    }

    static final List<SeedBranch> ALL = List.of(
            branch(1, "FRA", "Frankfurt", "DE", "EUR"), branch(2, "PAR", "Paris", "FR", "EUR"),
            branch(3, "MIL", "Milan", "IT", "EUR"), branch(4, "MAD", "Madrid", "ES", "EUR"),
            branch(5, "VIE", "Vienna", "AT", "EUR"), branch(6, "LON", "London", "GB", "GBP"),
            branch(7, "ZRH", "Zurich", "CH", "CHF"), branch(8, "STO", "Stockholm", "SE", "SEK"),
            branch(9, "WAW", "Warsaw", "PL", "PLN"), branch(10, "PRG", "Prague", "CZ", "CZK"),
            branch(11, "NYC", "New York", "US", "USD"), branch(12, "TYO", "Tokyo", "JP", "JPY"));

    private Branches() {
    }

    private static SeedBranch branch(long id, String code, String city, String country, String currency) {
        return new SeedBranch(id, code, "Ledger Bank " + city, city, country, Currency.getInstance(currency));
    }
}
