package dev.jvmbench.sample.ledger.account;

/** Who holds an account; HOUSE is the bank itself (its clearing accounts fund deposits and take fees). */
public enum OwnerKind {
    PERSON, BUSINESS, MERCHANT, HOUSE
}
