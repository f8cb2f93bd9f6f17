package dev.jvmbench.sample.ledger.web;

/** Something the request names does not exist (404). */
public class NotFoundException extends RuntimeException {

    public NotFoundException(String message) {
        super(message);
    }
}
