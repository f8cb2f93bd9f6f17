package dev.jvmbench.sample.ledger.readmodel;

/** How a statement names the other side of a payment: the holder's name, the IBAN, the city. */
public record Counterparty(long accountId, String name, String iban, String city) {

    static Counterparty unknown(long accountId) {
        return new Counterparty(accountId, "Account " + accountId, "", "");
    }
}
