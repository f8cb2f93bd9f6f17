package dev.jvmbench.sample.ledger.readmodel;

import java.time.YearMonth;
import java.time.ZoneOffset;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/** Keeps the read model in step with the journal, once a booking has committed. */
@Component
class ReadModelUpdater {

    private final MonthlyBalances balances;
    private final CounterpartyIndex counterparties;

    ReadModelUpdater(MonthlyBalances balances, CounterpartyIndex counterparties) {
        this.balances = balances;
        this.counterparties = counterparties;
    }

    @TransactionalEventListener
    void booked(EntriesBooked booked) {
        for (EntryBooked entry : booked.entries()) {
            var day = entry.bookedAt().atZone(ZoneOffset.UTC).toLocalDate();
            balances.apply(entry.accountId(), YearMonth.from(day), entry.amount());
            counterparties.record(entry.accountId(), entry.counterpartyId(), entry.amount(), day);
        }
    }
}
