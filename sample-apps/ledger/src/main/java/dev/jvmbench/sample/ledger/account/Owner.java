package dev.jvmbench.sample.ledger.account;

import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import java.util.Currency;
import java.util.List;
import org.hibernate.annotations.BatchSize;

/**
 * An account holder. Statements are addressed to them and show amounts also in their reporting
 * currency. Their accounts are a lazy collection: a statement lists the holder's other accounts,
 * other pages never touch it.
 */
@Entity
public class Owner {

    @Id
    private Long id;
    private String displayName;
    @Enumerated(EnumType.STRING)
    private OwnerKind kind;
    private String email;
    private String street;
    private String postalCode;
    private String city;
    private String country;
    private Currency reportingCurrency;
    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    private Branch branch;
    @OneToMany(mappedBy = "owner")
    @OrderBy("id")
    @BatchSize(size = 16)
    private List<Account> accounts;

    protected Owner() {
    }

    public Long getId() {
        return id;
    }

    public String getDisplayName() {
        return displayName;
    }

    public OwnerKind getKind() {
        return kind;
    }

    public String getEmail() {
        return email;
    }

    public String getStreet() {
        return street;
    }

    public String getPostalCode() {
        return postalCode;
    }

    public String getCity() {
        return city;
    }

    public String getCountry() {
        return country;
    }

    public Currency getReportingCurrency() {
        return reportingCurrency;
    }

    public Branch getBranch() {
        return branch;
    }

    public List<Account> getAccounts() {
        return accounts;
    }
}
