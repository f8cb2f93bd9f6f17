package dev.jvmbench.sample.ledger.statement;

import dev.jvmbench.sample.ledger.money.MinorUnits;
import java.math.RoundingMode;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Currency;
import java.util.List;
import java.util.Locale;

/**
 * A statement as templates/statement.mustache shows it. Mustache has no logic, so everything is
 * decided and formatted here: amounts with their currency's decimals, debit and credit columns,
 * the overdrawn marks, the links to the neighbouring months.
 */
public record StatementView(String title, Statement.Header header, String period, String previousMonth,
                            String nextMonth, String opening, String closing, String debits, String credits,
                            boolean overdrawn, boolean converted, String reportingCurrency, String closingInReporting,
                            List<LineView> lines, boolean empty, int lineCount, List<KindView> kinds,
                            List<CounterpartyView> counterparties, List<AccountView> otherAccounts, boolean hasOtherAccounts) {

    private static final DateTimeFormatter PERIOD = DateTimeFormatter.ofPattern("MMMM yyyy", Locale.ENGLISH);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("dd MMM", Locale.ENGLISH).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    public record LineView(String day, String time, String reference, String kind, String kindClass, String description,
                           String counterparty, String counterpartyIban, String debit, String credit, String balance,
                           boolean overdrawn, String inReporting, String rate, String instructed, boolean hasInstructed) {
    }

    public record KindView(String kind, int count, String debits, String credits) {
    }

    public record CounterpartyView(String name, String iban, String city, int transfers, String paid, String received) {
    }

    public record AccountView(long id, String name, String iban, String balance) {
    }

    static StatementView of(Statement statement) {
        Statement.Header header = statement.header();
        Currency currency = header.currency();
        Currency reporting = header.reportingCurrency();
        boolean converted = !currency.equals(reporting);
        List<LineView> lines = statement.lines().stream().map(line -> line(line, currency, reporting, converted)).toList();
        return new StatementView(
                header.accountName() + " " + header.iban() + ": statement for " + statement.month().format(PERIOD),
                header, statement.month().format(PERIOD), statement.month().minusMonths(1).toString(),
                statement.month().plusMonths(1).toString(),
                MinorUnits.format(statement.opening(), currency), MinorUnits.format(statement.closing(), currency),
                MinorUnits.format(statement.debits(), currency), MinorUnits.format(statement.credits(), currency),
                statement.closing() < 0, converted, reporting.getCurrencyCode(),
                MinorUnits.format(statement.closingInReporting(), reporting),
                lines, lines.isEmpty(), lines.size(),
                statement.byKind().stream().map(total -> new KindView(total.kind().label(), total.count(),
                        MinorUnits.formatNumber(total.debits(), currency), MinorUnits.formatNumber(total.credits(), currency))).toList(),
                statement.mainCounterparties().stream().map(main -> new CounterpartyView(main.counterparty().name(),
                        main.counterparty().iban(), main.counterparty().city(), main.transfers(),
                        MinorUnits.formatNumber(main.paid(), currency), MinorUnits.formatNumber(main.received(), currency))).toList(),
                statement.otherAccounts().stream().map(other -> new AccountView(other.accountId(), other.name(), other.iban(),
                        MinorUnits.format(other.balance(), other.currency()))).toList(),
                !statement.otherAccounts().isEmpty());
    }

    private static LineView line(Statement.Line line, Currency currency, Currency reporting, boolean converted) {
        long amount = line.amount();
        String debit = amount < 0 ? MinorUnits.formatNumber(-amount, currency) : "";
        String credit = amount > 0 ? MinorUnits.formatNumber(amount, currency) : "";
        return new LineView(DAY.format(line.bookedAt()), TIME.format(line.bookedAt()), line.reference(),
                line.kind().label(), line.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'), line.description(),
                line.counterparty().name(), line.counterparty().iban(), debit, credit,
                MinorUnits.formatNumber(line.balance(), currency), line.balance() < 0,
                converted ? MinorUnits.format(line.inReporting(), reporting) : "",
                converted ? line.rate().setScale(6, RoundingMode.HALF_EVEN).toPlainString() : "",
                line.instructed() == null ? "" : line.instructed(), line.instructed() != null);
    }
}
