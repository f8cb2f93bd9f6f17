package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.FailureLog;
import dev.jvmbench.targetapp.scenario.HttpClientSettings;
import dev.jvmbench.targetapp.scenario.LeakedConnections;
import dev.jvmbench.targetapp.scenario.Scenario;
import dev.jvmbench.targetapp.scenario.UpstreamFailedException;
import dev.jvmbench.targetapp.scenario.UpstreamSettings;
import io.netty.channel.ChannelOption;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import java.net.URI;
import java.time.Duration;
import java.util.Set;

/**
 * The io-http scenario's client: {@link WebClient} on Reactor Netty with keep-alive.
 *
 * <p>Reactor Netty's default pool (500 connections, 1000 pending acquires) is what failed in
 * the field reports ("Pending acquire queue has reached its maximum size of 1000"). By default
 * the pool must never be the bottleneck of a thread-model comparison: 10,000 connections, an
 * unbounded pending-acquire queue, and a pending-acquire timeout as long as the request
 * timeout. {@code BENCH_HTTP_CLIENT_MAX_CONNECTIONS} and {@code BENCH_HTTP_CLIENT_PENDING_ACQUIRE_MAX}
 * bring the limit back: a request beyond both fails with Reactor Netty's own
 * {@code PoolAcquirePendingLimitException} and answers 503; {@link FailureLog} writes the
 * exception's message to the log, at most once per second.
 *
 * <p>{@code leakConnections=1} bypasses the client: see {@link LeakedConnections} (blocking, so
 * on {@code Schedulers.boundedElastic()}).
 */
@Component
class HttpUpstream implements AutoCloseable {

    /** Reactor Netty's pool refusals (their classes are shaded, so they are known by name). */
    private static final Set<String> POOL_REFUSALS =
            Set.of("PoolAcquirePendingLimitException", "PoolAcquireTimeoutException");

    private final UpstreamSettings settings;
    private final FailureLog failures;
    private final LeakedConnections leaks;
    private final ConnectionProvider connections;
    private final WebClient client;

    HttpUpstream(UpstreamSettings settings, HttpClientSettings clientSettings, FailureLog failures,
                 LeakedConnections leaks) {
        this.settings = settings;
        this.failures = failures;
        this.leaks = leaks;
        this.connections = ConnectionProvider.builder("bench-upstream")
                .maxConnections(clientSettings.maxConnections())
                .pendingAcquireMaxCount(clientSettings.pendingAcquireMax())
                .pendingAcquireTimeout(settings.requestTimeout())
                .maxIdleTime(Duration.ofSeconds(30))
                .build();
        HttpClient httpClient = HttpClient.create(connections)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) settings.connectTimeout().toMillis())
                .responseTimeout(settings.requestTimeout())
                .keepAlive(true);
        this.client = WebClient.builder().clientConnector(new ReactorClientHttpConnector(httpClient)).build();
    }

    /**
     * The upstream's status; non-2xx and failures become 502 problem details, a full client
     * pool 503. With {@code leak} on a connection of its own that is never closed.
     */
    Mono<Integer> get(boolean leak) {
        URI uri = URI.create(settings.requireHttpUrl());
        Mono<Integer> status = leak
                ? Mono.fromCallable(() -> leaks.get(uri, settings.connectTimeout(), settings.requestTimeout()))
                        .subscribeOn(Schedulers.boundedElastic())
                : client.get().uri(uri)
                        // drain the body so the connection goes back to the pool (keep-alive)
                        .exchangeToMono(response -> response.releaseBody().thenReturn(response.statusCode().value()));
        return status
                .onErrorMap(e -> !(e instanceof UpstreamFailedException), e -> {
                    failures.record(Scenario.IO_HTTP, e);
                    Throwable cause = e.getCause() != null ? e.getCause() : e;
                    return refusedByPool(e) ? UpstreamFailedException.poolExhausted(Scenario.IO_HTTP, cause)
                            : UpstreamFailedException.failure(Scenario.IO_HTTP, cause);
                })
                .flatMap(code -> {
                    if (code >= 200 && code <= 299) {
                        return Mono.just(code);
                    }
                    failures.record(Scenario.IO_HTTP, "upstream answered HTTP " + code);
                    return Mono.error(UpstreamFailedException.status(Scenario.IO_HTTP, code));
                });
    }

    private static boolean refusedByPool(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (POOL_REFUSALS.contains(t.getClass().getSimpleName())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        connections.dispose();
    }
}
