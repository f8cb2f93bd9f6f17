package dev.jvmbench.sample.ledger.readmodel;

import dev.jvmbench.sample.ledger.money.Currencies;
import dev.jvmbench.sample.ledger.money.MinorUnits;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Currency;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The intraday exchange-rate history, euro-based, held in memory: statements show every line's
 * value in the holder's reporting currency at the rate in force when it was booked, and transfers
 * between currencies convert at the latest rate. Instants outside the history use its first or
 * last quote (a live feed would extend it; the sample's history is the seeded year).
 */
@Component
public class RateHistory {

    private static final MathContext PRECISION = MathContext.DECIMAL64;

    /** Per currency other than the euro, its quotes by day; replaced whole by {@link #replace}. */
    private volatile Map<Currency, Map<LocalDate, DayRates>> days = Map.of();
    private volatile LocalDate firstDay = LocalDate.EPOCH;
    private volatile LocalDate lastDay = LocalDate.EPOCH;

    void replace(Map<Currency, Map<LocalDate, DayRates>> days, LocalDate firstDay, LocalDate lastDay) {
        this.days = Map.copyOf(days);
        this.firstDay = firstDay;
        this.lastDay = lastDay;
    }

    /** Units of {@code currency} one euro bought at {@code at}. */
    public BigDecimal unitsPerEuro(Currency currency, Instant at) {
        if (currency.equals(Currencies.EUR)) {
            return BigDecimal.ONE;
        }
        Map<LocalDate, DayRates> history = days.get(currency);
        if (history == null) {
            throw new IllegalStateException("no rate history for " + currency + " (is the read model loaded?)");
        }
        LocalDate day = LocalDate.ofInstant(at, ZoneOffset.UTC);
        if (day.isBefore(firstDay)) {
            return history.get(firstDay).ticks()[0].unitsPerEuro();
        }
        if (day.isAfter(lastDay)) {
            return history.get(lastDay).last();
        }
        return history.get(day).at(at.getEpochSecond());
    }

    /** {@code minor} units of {@code from} in {@code to} at the rate in force at {@code at}, rounded half-even. */
    public long convert(long minor, Currency from, Currency to, Instant at) {
        if (from.equals(to)) {
            return minor;
        }
        BigDecimal euros = MinorUnits.toDecimal(minor, from).divide(unitsPerEuro(from, at), PRECISION);
        return MinorUnits.round(euros.multiply(unitsPerEuro(to, at), PRECISION), to);
    }

    /** The cross rate {@code to} per {@code from} at {@code at}, for showing next to a converted amount. */
    public BigDecimal crossRate(Currency from, Currency to, Instant at) {
        return unitsPerEuro(to, at).divide(unitsPerEuro(from, at), PRECISION);
    }
}
