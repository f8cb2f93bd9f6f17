package dev.jvmbench.sample.ledger.readmodel;

import java.time.YearMonth;
import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/** One account's month summaries, oldest first; immutable, replaced whole when an entry is booked. */
record AccountMonths(NavigableMap<YearMonth, MonthSummary> months) {

    static final AccountMonths NONE = new AccountMonths(Collections.emptyNavigableMap());

    /** The balance at the start of {@code month}: the closing balance of the last month with entries before it. */
    long openingOf(YearMonth month) {
        MonthSummary own = months.get(month);
        if (own != null) {
            return own.opening();
        }
        Map.Entry<YearMonth, MonthSummary> before = months.lowerEntry(month);
        return before == null ? 0 : before.getValue().closing();
    }

    /** With one more entry in {@code month}: that month moves, every later month opens differently. */
    AccountMonths with(YearMonth month, long amount) {
        TreeMap<YearMonth, MonthSummary> copy = new TreeMap<>(months);
        copy.computeIfAbsent(month, m -> new MonthSummary(m, openingOf(m), 0, 0, 0));
        copy.compute(month, (m, summary) -> summary.plus(amount));
        copy.tailMap(month, false).replaceAll((m, summary) -> summary.shiftedBy(amount));
        return new AccountMonths(Collections.unmodifiableNavigableMap(copy));
    }
}
