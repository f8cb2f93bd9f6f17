package dev.jvmbench.sample.ledger.money;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Currency;
import java.util.Locale;

/**
 * Amounts are kept as longs in the currency's minor unit (cents, or yen: JPY has none), the way
 * ledgers store money; these convert them to and from decimals and format them for people.
 */
public final class MinorUnits {

    private MinorUnits() {
    }

    public static BigDecimal toDecimal(long minor, Currency currency) {
        return BigDecimal.valueOf(minor, currency.getDefaultFractionDigits());
    }

    /** Exact: an amount with more decimals than the currency has is refused, not rounded. */
    public static long fromDecimal(BigDecimal amount, Currency currency) {
        return amount.setScale(currency.getDefaultFractionDigits(), RoundingMode.UNNECESSARY).unscaledValue().longValueExact();
    }

    /** Rounds half-even (banker's rounding), as a conversion must. */
    public static long round(BigDecimal amount, Currency currency) {
        return amount.setScale(currency.getDefaultFractionDigits(), RoundingMode.HALF_EVEN).unscaledValue().longValueExact();
    }

    /** {@code 12,345.60 EUR}; {@code -3,100 JPY}. */
    public static String format(long minor, Currency currency) {
        return formatNumber(minor, currency) + " " + currency.getCurrencyCode();
    }

    /** {@code 12,345.60}, with the currency's own number of decimals. */
    public static String formatNumber(long minor, Currency currency) {
        int digits = currency.getDefaultFractionDigits();
        return String.format(Locale.ROOT, "%,." + digits + "f", toDecimal(minor, currency));
    }
}
