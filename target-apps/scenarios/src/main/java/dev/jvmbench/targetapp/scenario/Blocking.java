package dev.jvmbench.targetapp.scenario;

/** Blocking waits with interruption turned into an unchecked exception. */
public final class Blocking {

    private Blocking() {
    }

    public static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
