package dev.jvmbench.sample.shop.pricing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.NumberFormat;
import java.util.Currency;
import java.util.Locale;

/** An amount in a currency, rounded to the currency's minor unit. */
public record Money(BigDecimal amount, Currency currency) implements Comparable<Money> {

    public Money {
        amount = amount.setScale(currency.getDefaultFractionDigits(), RoundingMode.HALF_EVEN);
    }

    public static Money ofMinor(long minor, Currency currency) {
        return new Money(BigDecimal.valueOf(minor, currency.getDefaultFractionDigits()), currency);
    }

    public static Money zero(Currency currency) {
        return ofMinor(0, currency);
    }

    public long minor() {
        return amount.movePointRight(currency.getDefaultFractionDigits()).longValueExact();
    }

    public Money plus(Money other) {
        requireSameCurrency(other);
        return new Money(amount.add(other.amount), currency);
    }

    public Money minus(Money other) {
        requireSameCurrency(other);
        return new Money(amount.subtract(other.amount), currency);
    }

    public Money times(long quantity) {
        return new Money(amount.multiply(BigDecimal.valueOf(quantity)), currency);
    }

    /** This amount less {@code percent} percent, rounded half-even. */
    public Money lessPercent(BigDecimal percent) {
        BigDecimal factor = BigDecimal.ONE.subtract(percent.movePointLeft(2));
        return new Money(amount.multiply(factor), currency);
    }

    /** {@code percent} percent of this amount. */
    public Money percent(BigDecimal percent) {
        return new Money(amount.multiply(percent).movePointLeft(2), currency);
    }

    public boolean isZero() {
        return amount.signum() == 0;
    }

    /** "12,90 €" in France, "£10.97" in the UK: NumberFormat per call, as most code does. */
    public String format(Locale locale) {
        NumberFormat format = NumberFormat.getCurrencyInstance(locale);
        format.setCurrency(currency);
        return format.format(amount);
    }

    @Override
    public int compareTo(Money other) {
        requireSameCurrency(other);
        return amount.compareTo(other.amount);
    }

    private void requireSameCurrency(Money other) {
        if (!currency.equals(other.currency)) {
            throw new IllegalArgumentException("cannot mix " + currency + " and " + other.currency);
        }
    }
}
