package dev.jvmbench.worker.metrics;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Serves {@code GET /actuator/prometheus} of the worker on {@code bench.worker.metrics.port}
 * (off by default; 0 picks a free port). The worker has no web application: a JDK HTTP server
 * with one path keeps Tomcat and its port out of the worker, so an api and any number of workers
 * share one host without a port clash unless a site asks for a port.
 */
@Component
public class MetricsServer implements SmartLifecycle {

    public static final String PATH = "/actuator/prometheus";
    private static final Logger log = LoggerFactory.getLogger(MetricsServer.class);
    private final MetricsServerProperties properties;
    private final ObjectProvider<PrometheusMeterRegistry> registry;
    private volatile HttpServer server;

    MetricsServer(MetricsServerProperties properties, ObjectProvider<PrometheusMeterRegistry> registry) {
        this.properties = properties;
        this.registry = registry;
    }

    @Override
    public void start() {
        if (properties.port() < 0) {
            return;
        }
        PrometheusMeterRegistry prometheus = registry.getIfAvailable();
        if (prometheus == null) {
            log.warn("bench.worker.metrics.port is set but no Prometheus registry exists; metrics are not served");
            return;
        }
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getByName(properties.address()),
                    properties.port()), 0);
            http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            http.createContext(PATH, exchange -> {
                try (exchange) {
                    if (!"GET".equals(exchange.getRequestMethod())) {
                        exchange.sendResponseHeaders(405, -1);
                        return;
                    }
                    byte[] body = prometheus.scrape().getBytes(StandardCharsets.UTF_8);
                    exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
                    exchange.sendResponseHeaders(200, body.length);
                    try (OutputStream out = exchange.getResponseBody()) {
                        out.write(body);
                    }
                }
            });
            http.start();
            server = http;
            log.info("Worker metrics on http://{}:{}{}", properties.address(), http.getAddress().getPort(), PATH);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serve the worker's metrics on " + properties.address() + ":"
                    + properties.port(), e);
        }
    }

    /** The port metrics are served on, or -1 when off. */
    public int port() {
        HttpServer http = server;
        return http == null ? -1 : http.getAddress().getPort();
    }

    @Override
    public void stop() {
        HttpServer http = server;
        if (http != null) {
            http.stop(0);
            server = null;
        }
    }

    @Override
    public boolean isRunning() {
        return server != null;
    }
}
