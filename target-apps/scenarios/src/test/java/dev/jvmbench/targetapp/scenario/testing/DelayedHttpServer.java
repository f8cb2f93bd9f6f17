package dev.jvmbench.targetapp.scenario.testing;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for the nginx upstream: answers {@code GET /} with 200 (or a set status) after a fixed delay, on
 * virtual threads (so it adds no platform threads to the JVM under test) and on 127.0.0.1 only.
 * It counts the most requests it held at once, to prove a test's requests really overlapped.
 */
public final class DelayedHttpServer implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private volatile Duration delay;
    private volatile int status = 200;

    private DelayedHttpServer(Duration delay) {
        this.delay = delay;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 2048);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            int now = inFlight.incrementAndGet();
            maxInFlight.accumulateAndGet(now, Math::max);
            try {
                Thread.sleep(this.delay);
                byte[] body = "ok\n".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(status, body.length);
                exchange.getResponseBody().write(body);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.decrementAndGet();
                exchange.close();
            }
        });
        server.start();
    }

    public static DelayedHttpServer start(Duration delay) {
        return new DelayedHttpServer(delay);
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    public void delay(Duration delay) {
        this.delay = delay;
    }

    /** The HTTP status every answer carries from now on (200 at start). */
    public void status(int status) {
        this.status = status;
    }

    public void resetMaxInFlight() {
        maxInFlight.set(0);
    }

    public int maxInFlight() {
        return maxInFlight.get();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
