package dev.jvmbench.sample.ledger.readmodel;

import dev.jvmbench.sample.ledger.money.Currencies;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Currency;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/**
 * A deterministic stand-in for a market data feed: per currency a daily fixing that walks
 * randomly from its {@link Currencies#startingRate starting rate}, and around it {@code ticksPerDay}
 * quotes at irregular times. The fixings depend only on the seed, not on the tick density, so a
 * smaller history (a test's) quotes the same daily levels.
 */
final class RateHistoryGenerator {

    private static final double DAILY_VOLATILITY = 0.004;
    private static final double TICK_VOLATILITY = 0.0004;
    private static final int SCALE = 6;

    private RateHistoryGenerator() {
    }

    static Map<Currency, Map<LocalDate, DayRates>> generate(long seed, LocalDate firstDay, LocalDate lastDay,
                                                            int ticksPerDay) {
        Map<Currency, Map<LocalDate, DayRates>> history = new HashMap<>();
        for (Currency currency : Currencies.SUPPORTED) {
            if (!currency.equals(Currencies.EUR)) {
                history.put(currency, generate(seed, currency, firstDay, lastDay, ticksPerDay));
            }
        }
        return history;
    }

    private static Map<LocalDate, DayRates> generate(long seed, Currency currency, LocalDate firstDay,
                                                     LocalDate lastDay, int ticksPerDay) {
        Random fixings = new Random(seed * 31 + currency.getNumericCode());
        double fixing = Currencies.startingRate(currency).doubleValue();
        Map<LocalDate, DayRates> days = new HashMap<>();
        for (LocalDate day = firstDay; !day.isAfter(lastDay); day = day.plusDays(1)) {
            fixing *= Math.exp(fixings.nextGaussian() * DAILY_VOLATILITY);
            days.put(day, new DayRates(day, ticks(seed, currency, day, fixing, ticksPerDay)));
        }
        return days;
    }

    private static RateTick[] ticks(long seed, Currency currency, LocalDate day, double fixing, int count) {
        Random random = new Random(seed ^ (day.toEpochDay() * 1_000_003L + currency.getNumericCode()));
        long midnight = day.atStartOfDay(ZoneOffset.UTC).toEpochSecond();
        double meanGap = 86_400.0 / (count + 1);
        RateTick[] ticks = new RateTick[count];
        double rate = fixing;
        long second = midnight;
        for (int i = 0; i < count; i++) {
            ticks[i] = new RateTick(second, BigDecimal.valueOf(Math.round(rate * 1e6), SCALE));
            rate *= Math.exp(random.nextGaussian() * TICK_VOLATILITY);
            // irregular gaps, but the day's quotes stay inside the day
            second = Math.min(midnight + 86_399, second + 1 + (long) (meanGap * (0.5 + random.nextDouble())));
        }
        return ticks;
    }
}
