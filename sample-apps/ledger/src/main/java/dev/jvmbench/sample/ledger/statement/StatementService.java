package dev.jvmbench.sample.ledger.statement;

import dev.jvmbench.sample.ledger.account.Account;
import dev.jvmbench.sample.ledger.account.AccountRepository;
import dev.jvmbench.sample.ledger.account.Branch;
import dev.jvmbench.sample.ledger.account.Owner;
import dev.jvmbench.sample.ledger.money.MinorUnits;
import dev.jvmbench.sample.ledger.readmodel.CounterpartyIndex;
import dev.jvmbench.sample.ledger.readmodel.MonthlyBalances;
import dev.jvmbench.sample.ledger.readmodel.RateHistory;
import dev.jvmbench.sample.ledger.transfer.Entry;
import dev.jvmbench.sample.ledger.transfer.EntryRepository;
import dev.jvmbench.sample.ledger.transfer.Transfer;
import dev.jvmbench.sample.ledger.transfer.TransferKind;
import dev.jvmbench.sample.ledger.web.NotFoundException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Currency;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Builds a statement from the journal and the read model. The database gives the account, its
 * holder and branch, and the month's entries; each entry's transfer is a lazy association that
 * Hibernate loads in batches (default_batch_fetch_size) as the lines are built, so a page of N lines
 * costs a handful of queries, not N. The read model gives the opening balance, the rate of every
 * line and the counterparties' names.
 */
@Service
public class StatementService {

    static final int MAIN_COUNTERPARTIES = 5;

    private final AccountRepository accounts;
    private final EntryRepository entries;
    private final MonthlyBalances balances;
    private final RateHistory rates;
    private final CounterpartyIndex counterparties;

    StatementService(AccountRepository accounts, EntryRepository entries, MonthlyBalances balances, RateHistory rates,
                     CounterpartyIndex counterparties) {
        this.accounts = accounts;
        this.entries = entries;
        this.balances = balances;
        this.rates = rates;
        this.counterparties = counterparties;
    }

    @Transactional(readOnly = true)
    public Statement statement(long accountId, YearMonth month) {
        Account account = accounts.findById(accountId)
                .orElseThrow(() -> new NotFoundException("account " + accountId + " does not exist"));
        Owner owner = account.getOwner();
        Currency currency = account.getCurrency();
        Currency reporting = owner.getReportingCurrency();
        Instant from = month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant until = month.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();

        long opening = balances.openingOf(accountId, month);
        long balance = opening;
        long debits = 0;
        long credits = 0;
        Map<TransferKind, Statement.KindTotal> byKind = new EnumMap<>(TransferKind.class);
        List<Statement.Line> lines = new ArrayList<>();
        for (Entry entry : entries.findBooked(accountId, from, until)) {
            long amount = entry.getAmount();
            balance += amount;
            if (amount < 0) {
                debits -= amount;
            } else {
                credits += amount;
            }
            Transfer transfer = entry.getTransfer();  // batch-loaded with the next lines' transfers
            byKind.merge(transfer.getKind(), kindTotal(transfer.getKind(), amount), StatementService::add);
            lines.add(line(entry, transfer, currency, reporting, balance));
        }

        Statement.Header header = header(account, owner, account.getBranch());
        long closingInReporting = rates.convert(balance, currency, reporting, until.minusSeconds(1));
        return new Statement(header, month, opening, balance, debits, credits, closingInReporting, lines,
                List.copyOf(byKind.values()), mainCounterparties(accountId), otherAccounts(owner, accountId));
    }

    private Statement.Line line(Entry entry, Transfer transfer, Currency currency, Currency reporting, long balance) {
        Instant at = entry.getBookedAt();
        BigDecimal rate = currency.equals(reporting) ? null : rates.crossRate(currency, reporting, at);
        String instructed = transfer.getCurrency().equals(currency) ? null
                : MinorUnits.format(transfer.getAmount(), transfer.getCurrency());
        return new Statement.Line(entry.getId(), at, transfer.getReference(), transfer.getKind(), transfer.getDescription(),
                counterparties.counterparty(entry.getCounterpartyId()), entry.getAmount(), balance,
                rates.convert(entry.getAmount(), currency, reporting, at), rate, instructed);
    }

    private static Statement.KindTotal kindTotal(TransferKind kind, long amount) {
        return new Statement.KindTotal(kind, 1, amount < 0 ? -amount : 0, amount > 0 ? amount : 0);
    }

    private static Statement.KindTotal add(Statement.KindTotal a, Statement.KindTotal b) {
        return new Statement.KindTotal(a.kind(), a.count() + b.count(), a.debits() + b.debits(), a.credits() + b.credits());
    }

    private static Statement.Header header(Account account, Owner owner, Branch branch) {
        List<String> address = List.of(owner.getStreet(), owner.getPostalCode() + " " + owner.getCity(), owner.getCountry());
        return new Statement.Header(account.getId(), account.getName(), account.getIban(), account.getCurrency(),
                owner.getDisplayName(), address, branch.getName(), branch.getCity(), owner.getReportingCurrency());
    }

    private List<Statement.MainCounterparty> mainCounterparties(long accountId) {
        return counterparties.mainCounterparties(accountId, MAIN_COUNTERPARTIES).stream()
                .map(stats -> new Statement.MainCounterparty(counterparties.counterparty(stats.counterpartyId()),
                        stats.transfers(), stats.paid(), stats.received()))
                .toList();
    }

    /** The holder's other accounts (a lazy collection: one more query, only here). */
    private static List<Statement.OtherAccount> otherAccounts(Owner owner, long accountId) {
        return owner.getAccounts().stream()
                .filter(other -> other.getId() != accountId)
                .map(other -> new Statement.OtherAccount(other.getId(), other.getName(), other.getIban(),
                        other.getCurrency(), other.getBalance()))
                .toList();
    }
}
