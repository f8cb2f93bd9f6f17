package dev.jvmbench.sample.ledger.money;

import dev.jvmbench.sample.ledger.web.BadRequestException;
import java.math.BigDecimal;
import java.util.Currency;
import java.util.List;
import java.util.Map;

/**
 * The currencies the ledger keeps accounts in, and the euro rate each one starts the seeded
 * history at (units of the currency per euro). The euro is the base of the rate history.
 */
public final class Currencies {

    public static final Currency EUR = Currency.getInstance("EUR");

    private static final Map<Currency, BigDecimal> STARTING_RATES = Map.of(
            EUR, BigDecimal.ONE,
            Currency.getInstance("USD"), new BigDecimal("1.0850"),
            Currency.getInstance("GBP"), new BigDecimal("0.8560"),
            Currency.getInstance("CHF"), new BigDecimal("0.9480"),
            Currency.getInstance("SEK"), new BigDecimal("11.420"),
            Currency.getInstance("PLN"), new BigDecimal("4.3200"),
            Currency.getInstance("CZK"), new BigDecimal("25.180"),
            Currency.getInstance("JPY"), new BigDecimal("161.50"));

    /** In a fixed order: the seed picks from it by index and must give the same rows every time. */
    public static final List<Currency> SUPPORTED = STARTING_RATES.keySet().stream()
            .sorted(java.util.Comparator.comparing(Currency::getCurrencyCode)).toList();

    private Currencies() {
    }

    public static BigDecimal startingRate(Currency currency) {
        return STARTING_RATES.get(currency);
    }

    /** A client's currency code: 400 for one that is not ISO 4217 or not kept here. */
    public static Currency parse(String code, String field) {
        if (code == null || !code.matches("[A-Z]{3}")) {
            throw new BadRequestException(field, "must be a three-letter ISO 4217 code");
        }
        Currency currency;
        try {
            currency = Currency.getInstance(code);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(field, "is not an ISO 4217 currency");
        }
        if (!STARTING_RATES.containsKey(currency)) {
            throw new BadRequestException(field, "is not a currency the ledger keeps accounts in");
        }
        return currency;
    }
}
