package dev.jvmbench.loadgen;

/** A command the process cannot run; answered with ok=false, the process keeps going. */
final class BadCommandException extends RuntimeException {

    BadCommandException(String message) {
        super(message);
    }
}
