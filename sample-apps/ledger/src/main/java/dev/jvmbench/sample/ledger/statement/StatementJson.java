package dev.jvmbench.sample.ledger.statement;

import dev.jvmbench.sample.ledger.money.MinorUnits;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Currency;
import java.util.List;

/** A statement as {@code GET /api/accounts/{id}/statement} answers it: decimal amounts in the account's currency. */
public record StatementJson(long accountId, String iban, String holder, String currency, String month, BigDecimal opening,
                            BigDecimal closing, BigDecimal debits, BigDecimal credits, String reportingCurrency,
                            BigDecimal closingInReporting, List<LineJson> lines, List<CounterpartyJson> mainCounterparties) {

    public record LineJson(long entryId, Instant bookedAt, String reference, String kind, String description,
                           String counterparty, String counterpartyIban, BigDecimal amount, BigDecimal balance,
                           BigDecimal inReportingCurrency, BigDecimal rate) {
    }

    public record CounterpartyJson(String name, String iban, int transfers, BigDecimal paid, BigDecimal received) {
    }

    static StatementJson of(Statement statement) {
        Statement.Header header = statement.header();
        Currency currency = header.currency();
        Currency reporting = header.reportingCurrency();
        return new StatementJson(header.accountId(), header.iban(), header.holder(), currency.getCurrencyCode(),
                statement.month().toString(), MinorUnits.toDecimal(statement.opening(), currency),
                MinorUnits.toDecimal(statement.closing(), currency), MinorUnits.toDecimal(statement.debits(), currency),
                MinorUnits.toDecimal(statement.credits(), currency), reporting.getCurrencyCode(),
                MinorUnits.toDecimal(statement.closingInReporting(), reporting),
                statement.lines().stream().map(line -> new LineJson(line.entryId(), line.bookedAt(), line.reference(),
                        line.kind().name(), line.description(), line.counterparty().name(), line.counterparty().iban(),
                        MinorUnits.toDecimal(line.amount(), currency), MinorUnits.toDecimal(line.balance(), currency),
                        MinorUnits.toDecimal(line.inReporting(), reporting), line.rate())).toList(),
                statement.mainCounterparties().stream().map(main -> new CounterpartyJson(main.counterparty().name(),
                        main.counterparty().iban(), main.transfers(), MinorUnits.toDecimal(main.paid(), currency),
                        MinorUnits.toDecimal(main.received(), currency))).toList());
    }
}
