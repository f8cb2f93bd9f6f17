package dev.jvmbench.sample.ledger.web;

/** A request the client got wrong (400), naming the field at fault. */
public class BadRequestException extends RuntimeException {

    private final String field;

    public BadRequestException(String field, String message) {
        super(message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
