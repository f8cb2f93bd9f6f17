package dev.jvmbench.sample.ledger.readmodel;

import java.time.LocalDate;

/** What one account exchanged with one counterparty over its whole history (paid and received as positive magnitudes). */
public record CounterpartyStats(long counterpartyId, int transfers, long paid, long received, LocalDate lastBooked) {

    CounterpartyStats plus(long amount, LocalDate booked) {
        return new CounterpartyStats(counterpartyId, transfers + 1, amount < 0 ? paid - amount : paid,
                amount > 0 ? received + amount : received, booked.isAfter(lastBooked) ? booked : lastBooked);
    }
}
