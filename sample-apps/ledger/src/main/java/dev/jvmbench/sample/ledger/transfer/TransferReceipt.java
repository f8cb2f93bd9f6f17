package dev.jvmbench.sample.ledger.transfer;

import java.math.BigDecimal;
import java.time.Instant;

/** The answer to a booked transfer: what left one account and arrived on the other, in their currencies. */
public record TransferReceipt(long transferId, String reference, Instant bookedAt, BigDecimal amount, String currency,
                              Side from, Side to) {

    public record Side(long accountId, BigDecimal amount, String currency, BigDecimal balance) {
    }
}
