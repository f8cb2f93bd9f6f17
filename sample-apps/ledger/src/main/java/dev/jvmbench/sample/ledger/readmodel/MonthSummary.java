package dev.jvmbench.sample.ledger.readmodel;

import java.time.YearMonth;

/**
 * One account's month: the balance it opened with and what moved (debits and credits as positive
 * magnitudes), so a statement starts its running balance without summing every earlier entry.
 */
public record MonthSummary(YearMonth month, long opening, long debits, long credits, int entries) {

    public long closing() {
        return opening - debits + credits;
    }

    MonthSummary plus(long amount) {
        return amount < 0
                ? new MonthSummary(month, opening, debits - amount, credits, entries + 1)
                : new MonthSummary(month, opening, debits, credits + amount, entries + 1);
    }

    MonthSummary shiftedBy(long amount) {
        return new MonthSummary(month, opening + amount, debits, credits, entries);
    }
}
