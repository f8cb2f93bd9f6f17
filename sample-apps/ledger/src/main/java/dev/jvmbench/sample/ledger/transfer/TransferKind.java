package dev.jvmbench.sample.ledger.transfer;

/** What a transfer was for; statements total the month by kind. */
public enum TransferKind {
    DEPOSIT("Deposit"), CARD("Card payment"), CREDIT_TRANSFER("Credit transfer"), SALARY("Salary"), FEE("Fee");

    private final String label;

    TransferKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
