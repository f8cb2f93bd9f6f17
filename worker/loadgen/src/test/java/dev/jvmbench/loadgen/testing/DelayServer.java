package dev.jvmbench.loadgen.testing;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Loopback server that answers after a fixed delay: /ok with 200, /fail with 500; /ramp?from=
 * (epoch ms) with 200 after a delay that grows by {@link #RAMP_PER_SECOND} every second since
 * {@code from}; /serial with 200 after {@link #SERIAL_WORK}, one request at a time (like an app
 * on one event loop: requests queue, and a request whose client left is still worked through).
 * Virtual threads so the delay, not a thread pool, is the only limit (ceiling = users / delay).
 *
 * <p>One copy for the generator's tests and the worker's ({@code GatlingProcessLoadGeneratorTest}):
 * the worker takes it from this module's test-jar.
 */
public final class DelayServer implements AutoCloseable {

    public static final Duration DELAY = Duration.ofMillis(100);
    public static final Duration RAMP_PER_SECOND = Duration.ofMillis(100);
    public static final Duration SERIAL_WORK = Duration.ofMillis(200);

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final ReentrantLock serial = new ReentrantLock(true);
    private final AtomicInteger serialInProgress = new AtomicInteger();

    public DelayServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.setExecutor(executor);
        server.createContext("/ok", exchange -> answer(exchange, 200));
        server.createContext("/fail", exchange -> answer(exchange, 500));
        server.createContext("/ramp", exchange -> {
            long from = Long.parseLong(exchange.getRequestURI().getQuery().replace("from=", ""));
            long elapsedMs = Math.max(0, System.currentTimeMillis() - from);
            answer(exchange, 200, DELAY.plus(RAMP_PER_SECOND.multipliedBy(elapsedMs).dividedBy(1000)));
        });
        server.createContext("/serial", exchange -> {
            serialInProgress.incrementAndGet();
            serial.lock();
            try {
                answer(exchange, 200, SERIAL_WORK);
            } finally {
                serial.unlock();
                serialInProgress.decrementAndGet();
            }
        });
        server.start();
    }

    /** /serial requests received and not yet answered: queued or being worked on. */
    public int serialInProgress() {
        return serialInProgress.get();
    }

    private static void answer(com.sun.net.httpserver.HttpExchange exchange, int status) throws IOException {
        answer(exchange, status, DELAY);
    }

    private static void answer(com.sun.net.httpserver.HttpExchange exchange, int status, Duration delay) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            Thread.sleep(delay);
            byte[] body = "done".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
