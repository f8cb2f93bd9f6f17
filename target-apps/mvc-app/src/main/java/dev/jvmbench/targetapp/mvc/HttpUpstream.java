package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.FailureLog;
import dev.jvmbench.targetapp.scenario.HttpClientSettings;
import dev.jvmbench.targetapp.scenario.HttpClientSettings.ClientExecutor;
import dev.jvmbench.targetapp.scenario.LeakedConnections;
import dev.jvmbench.targetapp.scenario.Scenario;
import dev.jvmbench.targetapp.scenario.ThreadModel;
import dev.jvmbench.targetapp.scenario.UpstreamFailedException;
import dev.jvmbench.targetapp.scenario.UpstreamSettings;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The io-http scenario's client: Spring's {@link RestClient} on the JDK {@link HttpClient},
 * HTTP/1.1 with keep-alive (the JDK pools idle connections; the pool has no size limit).
 *
 * <p>The JDK client runs parts of every exchange on its executor. Its default executor is a
 * cached pool of platform threads, which under load grows with concurrency: the field
 * reports' "hidden platform threads" that defeat virtual threads. So by default
 * ({@code BENCH_HTTP_CLIENT_EXECUTOR=auto}) in virtual-thread mode the client gets a
 * virtual-thread-per-task executor and the only platform thread it owns is its selector. In
 * platform-thread mode it keeps the stock behaviour (a cached platform pool, here with named
 * threads, {@code jdk-httpclient-N}, so they show up in thread dumps) because that is what a
 * platform-thread app does. {@code platform-pool} builds the client without an executor, the
 * field report's "NG pattern" (slide 28): the JDK's default cached pool
 * ({@code HttpClient-N-Worker-M}) even in virtual mode. Either way the calling request thread
 * blocks until the answer is there.
 *
 * <p>{@code leakConnections=1} bypasses the client: see {@link LeakedConnections}.
 */
@Component
class HttpUpstream implements AutoCloseable {

    private final UpstreamSettings settings;
    private final FailureLog failures;
    private final LeakedConnections leaks;
    private final ExecutorService executor; // null: the JDK's default
    private final HttpClient httpClient;
    private final RestClient client;

    HttpUpstream(UpstreamSettings settings, HttpClientSettings clientSettings, ThreadModel threadModel,
                 FailureLog failures, LeakedConnections leaks) {
        this.settings = settings;
        this.failures = failures;
        this.leaks = leaks;
        if (clientSettings.executor() == ClientExecutor.PLATFORM_POOL) {
            this.executor = null;
        } else {
            this.executor = threadModel == ThreadModel.VIRTUAL
                    ? Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("jdk-httpclient-vt-", 0).factory())
                    : Executors.newCachedThreadPool(Thread.ofPlatform().name("jdk-httpclient-", 0).daemon().factory());
        }
        HttpClient.Builder builder = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(settings.connectTimeout());
        if (executor != null) {
            builder.executor(executor);
        }
        this.httpClient = builder.build();
        var requestFactory = new JdkClientHttpRequestFactory(httpClient);
        requestFactory.setReadTimeout(settings.requestTimeout());
        this.client = RestClient.builder().requestFactory(requestFactory).build();
    }

    /**
     * GETs the upstream on the calling thread and returns its status; non-2xx is a 502. With
     * {@code leak} on a connection of its own that is never closed.
     */
    int get(boolean leak) {
        URI uri = URI.create(settings.requireHttpUrl());
        int status;
        try {
            status = leak ? leaks.get(uri, settings.connectTimeout(), settings.requestTimeout()) : exchange(uri);
        } catch (RestClientException | IOException e) {
            Throwable cause = e instanceof RestClientException && e.getCause() != null ? e.getCause() : e;
            failures.record(Scenario.IO_HTTP, cause);
            throw UpstreamFailedException.failure(Scenario.IO_HTTP, cause);
        }
        if (status < 200 || status > 299) {
            failures.record(Scenario.IO_HTTP, "upstream answered HTTP " + status);
            throw UpstreamFailedException.status(Scenario.IO_HTTP, status);
        }
        return status;
    }

    private int exchange(URI uri) {
        return client.get().uri(uri).exchange((request, response) -> {
            // read the body to the end so the connection goes back to the keep-alive pool
            try (var body = response.getBody()) {
                body.transferTo(OutputStream.nullOutputStream());
            }
            return response.getStatusCode().value();
        });
    }

    @Override
    public void close() {
        httpClient.shutdownNow();
        if (executor != null) {
            executor.shutdownNow();
        }
    }
}
