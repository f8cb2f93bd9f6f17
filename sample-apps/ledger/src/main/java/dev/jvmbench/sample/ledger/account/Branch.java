package dev.jvmbench.sample.ledger.account;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.util.Currency;

/** A branch of the bank: it keeps accounts and reports in its own currency. */
@Entity
public class Branch {

    @Id
    private Long id;
    private String code;
    private String name;
    private String city;
    private Currency currency;

    protected Branch() {
    }

    public Long getId() {
        return id;
    }

    public String getCode() {
        return code;
    }

    public String getName() {
        return name;
    }

    public String getCity() {
        return city;
    }

    public Currency getCurrency() {
        return currency;
    }
}
