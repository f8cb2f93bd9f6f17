package dev.jvmbench.sample.shop.web;

/** The request is valid but the shop's state refuses it (out of stock, a second review): 409. */
public class ConflictException extends RuntimeException {

    public ConflictException(String message) {
        super(message);
    }
}
