package dev.jvmbench.sample.shop.web;

/** A request that is well-formed but names something the shop does not offer (a market, a sort): 400. */
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
