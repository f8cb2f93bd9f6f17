package dev.jvmbench.api.webhook;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A webhook receiver on 127.0.0.1 (the JDK's HttpServer): records every request, and answers
 * {@code failureStatus} (500 unless told) to the first {@code failuresPerMessage} attempts of each
 * message (webhook-id), 200 afterwards.
 */
final class Receiver implements AutoCloseable {

    record Request(String method, String path, Map<String, List<String>> headers, byte[] body, int answered) {

        String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().getFirst()).findFirst().orElse(null);
        }
    }

    private final HttpServer server;
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();

    Receiver(int failuresPerMessage) throws IOException {
        this(failuresPerMessage, 500);
    }

    Receiver(int failuresPerMessage, int failureStatus) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String id = exchange.getRequestHeaders().getFirst("webhook-id");
            int attempt = attempts.computeIfAbsent(String.valueOf(id), k -> new AtomicInteger()).incrementAndGet();
            int status = attempt <= failuresPerMessage ? failureStatus : 200;
            requests.add(new Request(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
                    Map.copyOf(exchange.getRequestHeaders()), body, status));
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    List<Request> answered(int status) {
        return requests.stream().filter(r -> r.answered() == status).toList();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
