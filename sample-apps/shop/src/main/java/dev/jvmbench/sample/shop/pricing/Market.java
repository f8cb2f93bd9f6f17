package dev.jvmbench.sample.shop.pricing;

import dev.jvmbench.sample.shop.catalog.TaxClass;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Currency;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The countries the shop sells to: currency, the rate from the catalogue's euro prices, VAT per
 * tax class, whether shown prices include tax, and shipping.
 */
public enum Market {
    FR("FR", Locale.FRANCE, "EUR", "1", true, rates("20", "5.5", "0"), 490, 6_000),
    DE("DE", Locale.GERMANY, "EUR", "1", true, rates("19", "7", "0"), 450, 5_000),
    ES("ES", Locale.of("es", "ES"), "EUR", "1", true, rates("21", "10", "0"), 590, 6_000),
    IT("IT", Locale.ITALY, "EUR", "1", true, rates("22", "10", "0"), 590, 7_000),
    NL("NL", Locale.of("nl", "NL"), "EUR", "1", true, rates("21", "9", "0"), 450, 5_000),
    GB("GB", Locale.UK, "GBP", "0.85", true, rates("20", "5", "0"), 499, 5_000),
    CH("CH", Locale.of("de", "CH"), "CHF", "0.96", true, rates("8.1", "2.6", "0"), 900, 10_000),
    US("US", Locale.US, "USD", "1.08", false, rates("7.25", "0", "0"), 799, 7_500);

    private final String code;
    private final Locale locale;
    private final Currency currency;
    private final BigDecimal rateFromEuro;
    private final boolean pricesIncludeTax;
    private final Map<TaxClass, BigDecimal> vat;
    private final long shippingBaseCents;
    private final long freeShippingFromCents;

    Market(String code, Locale locale, String currency, String rateFromEuro, boolean pricesIncludeTax,
           Map<TaxClass, BigDecimal> vat, long shippingBaseCents, long freeShippingFromCents) {
        this.code = code;
        this.locale = locale;
        this.currency = Currency.getInstance(currency);
        this.rateFromEuro = new BigDecimal(rateFromEuro);
        this.pricesIncludeTax = pricesIncludeTax;
        this.vat = vat;
        this.shippingBaseCents = shippingBaseCents;
        this.freeShippingFromCents = freeShippingFromCents;
    }

    public static Optional<Market> of(String code) {
        if (code == null || code.isBlank()) {
            return Optional.of(FR);
        }
        return Arrays.stream(values()).filter(m -> m.code.equalsIgnoreCase(code.trim())).findFirst();
    }

    public String code() {
        return code;
    }

    public Locale locale() {
        return locale;
    }

    public Currency currency() {
        return currency;
    }

    public BigDecimal rateFromEuro() {
        return rateFromEuro;
    }

    public boolean pricesIncludeTax() {
        return pricesIncludeTax;
    }

    /** VAT in percent for a tax class. */
    public BigDecimal vat(TaxClass taxClass) {
        return vat.get(taxClass);
    }

    /** Base shipping in the market's currency cents, for the first kilogram. */
    public long shippingBaseCents() {
        return shippingBaseCents;
    }

    public long freeShippingFromCents() {
        return freeShippingFromCents;
    }

    private static Map<TaxClass, BigDecimal> rates(String standard, String reduced, String zero) {
        return Map.of(TaxClass.STANDARD, new BigDecimal(standard), TaxClass.REDUCED, new BigDecimal(reduced),
                TaxClass.ZERO, new BigDecimal(zero));
    }
}
