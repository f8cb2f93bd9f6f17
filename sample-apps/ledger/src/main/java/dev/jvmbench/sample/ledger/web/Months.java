package dev.jvmbench.sample.ledger.web;

import java.time.Clock;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;

/** The {@code month=YYYY-MM} parameter of the statement pages: the current month when absent. */
public final class Months {

    private static final YearMonth EARLIEST = YearMonth.of(2000, 1);

    private Months() {
    }

    public static YearMonth parse(String month, Clock clock) {
        YearMonth current = YearMonth.now(clock);
        if (month == null || month.isBlank()) {
            return current;
        }
        YearMonth parsed;
        try {
            parsed = YearMonth.parse(month);
        } catch (DateTimeParseException e) {
            throw new BadRequestException("month", "must be a month as YYYY-MM");
        }
        if (parsed.isBefore(EARLIEST) || parsed.isAfter(current.plusMonths(1))) {
            throw new BadRequestException("month", "must be between " + EARLIEST + " and next month");
        }
        return parsed;
    }
}
