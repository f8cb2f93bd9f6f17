package dev.jvmbench.sample.ledger.transfer;

import dev.jvmbench.sample.ledger.account.Account;
import dev.jvmbench.sample.ledger.account.AccountRepository;
import dev.jvmbench.sample.ledger.money.Currencies;
import dev.jvmbench.sample.ledger.money.MinorUnits;
import dev.jvmbench.sample.ledger.readmodel.EntriesBooked;
import dev.jvmbench.sample.ledger.readmodel.EntryBooked;
import dev.jvmbench.sample.ledger.readmodel.RateHistory;
import dev.jvmbench.sample.ledger.web.BadRequestException;
import dev.jvmbench.sample.ledger.web.NotFoundException;
import dev.jvmbench.sample.ledger.web.UnprocessableException;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Books a transfer: one transfer, two entries, two balances, in one transaction. Neither account is
 * locked while we work: each carries a version, and if another transfer changed one of them since
 * we read it, the commit fails (ObjectOptimisticLockingFailureException, a 409) and nothing is booked.
 */
@Service
public class TransferService {

    private final AccountRepository accounts;
    private final TransferRepository transfers;
    private final EntryRepository entries;
    private final RateHistory rates;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    TransferService(AccountRepository accounts, TransferRepository transfers, EntryRepository entries, RateHistory rates,
                    ApplicationEventPublisher events, Clock clock) {
        this.accounts = accounts;
        this.transfers = transfers;
        this.entries = entries;
        this.rates = rates;
        this.events = events;
        this.clock = clock;
    }

    @Transactional
    public TransferReceipt book(TransferRequest request) {
        if (request.from().equals(request.to())) {
            throw new BadRequestException("to", "must be another account than from");
        }
        Currency currency = Currencies.parse(request.currency(), "currency");
        long amount = inMinorUnits(request.amount(), currency);
        Account from = account(request.from());
        Account to = account(request.to());
        if (!currency.equals(from.getCurrency()) && !currency.equals(to.getCurrency())) {
            throw new BadRequestException("currency", "must be the currency of one of the accounts ("
                    + from.getCurrency() + " or " + to.getCurrency() + ")");
        }

        Instant now = clock.instant();
        long debit = rates.convert(amount, currency, from.getCurrency(), now);
        long credit = rates.convert(amount, currency, to.getCurrency(), now);
        if (debit == 0 || credit == 0) {
            throw new BadRequestException("amount", "is less than the smallest unit once converted");
        }
        if (!from.canDebit(debit)) {
            throw new UnprocessableException("account " + from.getId() + " does not have "
                    + MinorUnits.format(debit, from.getCurrency()) + " within its overdraft limit");
        }

        Transfer transfer = transfers.save(new Transfer(newReference(), TransferKind.CREDIT_TRANSFER,
                description(request, to), amount, currency, now));
        from.debit(debit);
        to.credit(credit);
        entries.save(new Entry(from, transfer, to.getId(), -debit));
        entries.save(new Entry(to, transfer, from.getId(), credit));
        events.publishEvent(new EntriesBooked(List.of(new EntryBooked(from.getId(), to.getId(), -debit, now),
                new EntryBooked(to.getId(), from.getId(), credit, now))));

        return new TransferReceipt(transfer.getId(), transfer.getReference(), now, request.amount(), currency.getCurrencyCode(),
                side(from, debit), side(to, credit));
    }

    private Account account(long id) {
        return accounts.findById(id).orElseThrow(() -> new NotFoundException("account " + id + " does not exist"));
    }

    private static long inMinorUnits(BigDecimal amount, Currency currency) {
        try {
            return MinorUnits.fromDecimal(amount, currency);
        } catch (ArithmeticException e) {
            throw new BadRequestException("amount", "has more decimals than " + currency.getCurrencyCode() + " has ("
                    + currency.getDefaultFractionDigits() + ")");
        }
    }

    private static String description(TransferRequest request, Account to) {
        return request.description() == null || request.description().isBlank()
                ? "Transfer to " + to.getIban() : request.description().strip();
    }

    private static String newReference() {
        return "TRF-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16).toUpperCase(Locale.ROOT);
    }

    private static TransferReceipt.Side side(Account account, long amount) {
        return new TransferReceipt.Side(account.getId(), MinorUnits.toDecimal(amount, account.getCurrency()),
                account.getCurrency().getCurrencyCode(), MinorUnits.toDecimal(account.getBalance(), account.getCurrency()));
    }
}
