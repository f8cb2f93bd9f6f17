package dev.jvmbench.sample.shop.web;

/** Something named in the request does not exist: 404, as a page or as problem details. */
public class NotFoundException extends RuntimeException {

    public NotFoundException(String what, Object key) {
        super(what + " " + key + " does not exist");
    }
}
