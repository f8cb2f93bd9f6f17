package dev.jvmbench.sample.ledger.transfer;

import dev.jvmbench.sample.ledger.account.Account;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import java.time.Instant;

/**
 * One line of the journal: one side of a transfer on one account, signed (negative leaves the
 * account) and in the account's currency. The counterparty is kept as an id only: statements name
 * it from the in-memory counterparty index instead of loading another customer's account.
 */
@Entity
public class Entry {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    private Account account;
    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    private Transfer transfer;
    private long counterpartyId;
    @Column(name = "amount_cents")
    private long amount;
    private Instant bookedAt;

    protected Entry() {
    }

    Entry(Account account, Transfer transfer, long counterpartyId, long amount) {
        this.account = account;
        this.transfer = transfer;
        this.counterpartyId = counterpartyId;
        this.amount = amount;
        this.bookedAt = transfer.getBookedAt();
    }

    public Long getId() {
        return id;
    }

    public Account getAccount() {
        return account;
    }

    public Transfer getTransfer() {
        return transfer;
    }

    public long getCounterpartyId() {
        return counterpartyId;
    }

    public long getAmount() {
        return amount;
    }

    public Instant getBookedAt() {
        return bookedAt;
    }
}
