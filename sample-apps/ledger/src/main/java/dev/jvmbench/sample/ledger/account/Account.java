package dev.jvmbench.sample.ledger.account;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Version;
import java.time.LocalDate;
import java.util.Currency;

/**
 * An account in one currency. Its balance is the sum of its journal entries, kept on the row so
 * that a transfer can check the overdraft limit without summing; {@link #version} makes two
 * concurrent transfers on the same account conflict instead of one overwriting the other's balance.
 * Holder and branch are lazy: the transfer path needs neither.
 */
@Entity
public class Account {

    @Id
    private Long id;
    private String iban;
    private String name;
    private Currency currency;
    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    private Owner owner;
    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    private Branch branch;
    @Column(name = "balance_cents")
    private long balance;
    @Column(name = "overdraft_limit_cents")
    private long overdraftLimit;
    private LocalDate openedOn;
    @Version
    private long version;

    protected Account() {
    }

    /** Whether {@code amount} (minor units, positive) can leave the account without passing its overdraft limit. */
    public boolean canDebit(long amount) {
        return balance - amount >= -overdraftLimit;
    }

    public void debit(long amount) {
        balance = Math.subtractExact(balance, amount);
    }

    public void credit(long amount) {
        balance = Math.addExact(balance, amount);
    }

    public Long getId() {
        return id;
    }

    public String getIban() {
        return iban;
    }

    public String getName() {
        return name;
    }

    public Currency getCurrency() {
        return currency;
    }

    public Owner getOwner() {
        return owner;
    }

    public Branch getBranch() {
        return branch;
    }

    public long getBalance() {
        return balance;
    }

    public long getOverdraftLimit() {
        return overdraftLimit;
    }

    public LocalDate getOpenedOn() {
        return openedOn;
    }

    public long getVersion() {
        return version;
    }
}
