package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.Scenario;
import dev.jvmbench.targetapp.scenario.UpstreamFailedException;
import dev.jvmbench.targetapp.scenario.UpstreamSettings;
import io.netty.channel.ChannelOption;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import java.net.URI;
import java.time.Duration;

/**
 * The io-http scenario's client: {@link WebClient} on Reactor Netty with keep-alive.
 *
 * <p>Reactor Netty's default pool (500 connections, 1000 pending acquires) is what failed in
 * the field reports ("Pending acquire queue has reached its maximum size of 1000"). Here the
 * pool must never be the bottleneck of a thread-model comparison: 10,000 connections, an
 * unbounded pending-acquire queue, and a pending-acquire timeout as long as the request
 * timeout.
 */
@Component
class HttpUpstream implements AutoCloseable {

    static final int MAX_CONNECTIONS = 10_000;

    private final UpstreamSettings settings;
    private final ConnectionProvider connections;
    private final WebClient client;

    HttpUpstream(UpstreamSettings settings) {
        this.settings = settings;
        this.connections = ConnectionProvider.builder("bench-upstream")
                .maxConnections(MAX_CONNECTIONS)
                .pendingAcquireMaxCount(-1)
                .pendingAcquireTimeout(settings.requestTimeout())
                .maxIdleTime(Duration.ofSeconds(30))
                .build();
        HttpClient httpClient = HttpClient.create(connections)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) settings.connectTimeout().toMillis())
                .responseTimeout(settings.requestTimeout())
                .keepAlive(true);
        this.client = WebClient.builder().clientConnector(new ReactorClientHttpConnector(httpClient)).build();
    }

    /** The upstream's status; non-2xx and failures become 502 problem details. */
    Mono<Integer> get() {
        URI uri = URI.create(settings.requireHttpUrl());
        return client.get().uri(uri)
                // drain the body so the connection goes back to the pool (keep-alive)
                .exchangeToMono(response -> response.releaseBody().thenReturn(response.statusCode().value()))
                .onErrorMap(e -> !(e instanceof UpstreamFailedException),
                        e -> UpstreamFailedException.failure(Scenario.IO_HTTP, e.getCause() != null ? e.getCause() : e))
                .flatMap(status -> status >= 200 && status <= 299
                        ? Mono.just(status)
                        : Mono.error(UpstreamFailedException.status(Scenario.IO_HTTP, status)));
    }

    @Override
    public void close() {
        connections.dispose();
    }
}
