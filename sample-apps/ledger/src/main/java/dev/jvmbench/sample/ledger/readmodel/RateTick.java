package dev.jvmbench.sample.ledger.readmodel;

import java.math.BigDecimal;

/** One quote: from {@code epochSecond} on, one euro buys {@code unitsPerEuro} of the currency. */
public record RateTick(long epochSecond, BigDecimal unitsPerEuro) {
}
