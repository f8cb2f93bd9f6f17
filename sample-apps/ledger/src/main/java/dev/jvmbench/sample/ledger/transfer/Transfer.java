package dev.jvmbench.sample.ledger.transfer;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import java.time.Instant;
import java.util.Currency;

/**
 * A payment as instructed: amount and currency as the payer gave them, booked once as two
 * {@link Entry entries}. A statement reaches it from each of its lines, so it is loaded in batches
 * (hibernate.default_batch_fetch_size), never one query per line.
 */
@Entity
public class Transfer {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    private String reference;
    @Enumerated(EnumType.STRING)
    private TransferKind kind;
    private String description;
    @Column(name = "amount_cents")
    private long amount;
    private Currency currency;
    private Instant bookedAt;

    protected Transfer() {
    }

    Transfer(String reference, TransferKind kind, String description, long amount, Currency currency, Instant bookedAt) {
        this.reference = reference;
        this.kind = kind;
        this.description = description;
        this.amount = amount;
        this.currency = currency;
        this.bookedAt = bookedAt;
    }

    public Long getId() {
        return id;
    }

    public String getReference() {
        return reference;
    }

    public TransferKind getKind() {
        return kind;
    }

    public String getDescription() {
        return description;
    }

    public long getAmount() {
        return amount;
    }

    public Currency getCurrency() {
        return currency;
    }

    public Instant getBookedAt() {
        return bookedAt;
    }
}
