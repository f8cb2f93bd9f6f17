package dev.jvmbench.targetapp.scenario;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * "Stopped answering": the sleep scenario's {@code freezeAfterRequests=N}. The app counts the
 * sleep requests that carry N > 0; requests 1..N answer, and from request N+1 on every request
 * to {@code /scenarios/**} hangs without an answer until the app stops, as in an app whose
 * worker pool deadlocked. The process stays alive, and {@code /actuator/**} and {@code /info}
 * keep answering as long as the server has a thread for them (always on virtual threads and
 * WebFlux; on Tomcat's platform-thread pool only until the hung requests hold every pool
 * thread). The moment it freezes the app logs one WARN line:
 * <pre>frozen after N requests (freezeAfterRequests=N): every /scenarios request hangs from now on</pre>
 */
public final class Freeze implements AutoCloseable {

    public static final long MAX_REQUESTS = 1_000_000_000L;

    private static final Logger log = LoggerFactory.getLogger(Freeze.class);

    private final AtomicLong counted = new AtomicLong();
    private final AtomicBoolean frozen = new AtomicBoolean();
    private final CompletableFuture<Void> thawed = new CompletableFuture<>();

    /**
     * Counts a request that carries {@code afterRequests}; true when it comes after the
     * {@code afterRequests}-th: the app is frozen from now on and this request must hang too.
     */
    public boolean countAndCheck(long afterRequests) {
        if (afterRequests <= 0 || counted.incrementAndGet() <= afterRequests) {
            return false;
        }
        if (frozen.compareAndSet(false, true)) {
            log.warn("frozen after {} requests (freezeAfterRequests={}): every /scenarios request hangs from now on",
                    afterRequests, afterRequests);
        }
        return true;
    }

    public boolean frozen() {
        return frozen.get();
    }

    /** Blocks the calling thread until the app stops, then fails the request. */
    public void hang() {
        try {
            thawed.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // never completed exceptionally
        }
        throw new IllegalStateException("a frozen request was released because the app stops");
    }

    /**
     * Completes when the app stops (for the reactive app, which must not block a thread). A
     * copy per caller: a cancelled request cancels its copy, never the release of the others.
     */
    public CompletionStage<Void> thawed() {
        return thawed.copy();
    }

    /** Releases the hung requests so the app can stop. */
    @Override
    public void close() {
        thawed.complete(null);
    }
}
