package dev.jvmbench.sample.ledger.web;

/** A well-formed request the ledger refuses on its rules, such as a transfer past the overdraft limit (422). */
public class UnprocessableException extends RuntimeException {

    public UnprocessableException(String message) {
        super(message);
    }
}
