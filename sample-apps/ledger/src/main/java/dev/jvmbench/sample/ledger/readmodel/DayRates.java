package dev.jvmbench.sample.ledger.readmodel;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * One currency's quotes of one UTC day, in time order; the first is at midnight (the day's
 * opening fixing), so every instant of the day has a quote in force.
 */
record DayRates(LocalDate day, RateTick[] ticks) {

    /** The quote in force at {@code epochSecond}: the last one at or before it. */
    BigDecimal at(long epochSecond) {
        int low = 0;
        int high = ticks.length - 1;
        while (low < high) {
            int middle = (low + high + 1) >>> 1;
            if (ticks[middle].epochSecond() <= epochSecond) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        return ticks[low].unitsPerEuro();
    }

    BigDecimal last() {
        return ticks[ticks.length - 1].unitsPerEuro();
    }
}
