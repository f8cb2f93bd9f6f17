package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.Scenario;
import dev.jvmbench.targetapp.scenario.ThreadModel;
import dev.jvmbench.targetapp.scenario.UpstreamFailedException;
import dev.jvmbench.targetapp.scenario.UpstreamSettings;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

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
 * reports' "hidden platform threads" that defeat virtual threads. So in virtual-thread mode
 * the client gets a virtual-thread-per-task executor and the only platform thread it owns is
 * its selector. In platform-thread mode it keeps the stock behaviour (a cached platform pool,
 * here with named threads, {@code jdk-httpclient-N}, so they show up in thread dumps) because
 * that is what a platform-thread app does. Either way the calling request thread blocks until
 * the answer is there.
 */
@Component
class HttpUpstream implements AutoCloseable {

    private final UpstreamSettings settings;
    private final ExecutorService executor;
    private final RestClient client;

    HttpUpstream(UpstreamSettings settings, ThreadModel threadModel) {
        this.settings = settings;
        this.executor = threadModel == ThreadModel.VIRTUAL
                ? Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("jdk-httpclient-vt-", 0).factory())
                : Executors.newCachedThreadPool(Thread.ofPlatform().name("jdk-httpclient-", 0).daemon().factory());
        HttpClient httpClient = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(settings.connectTimeout())
                .executor(executor)
                .build();
        var requestFactory = new JdkClientHttpRequestFactory(httpClient);
        requestFactory.setReadTimeout(settings.requestTimeout());
        this.client = RestClient.builder().requestFactory(requestFactory).build();
    }

    /** GETs the upstream on the calling thread and returns its status; non-2xx is a 502. */
    int get() {
        URI uri = URI.create(settings.requireHttpUrl());
        int status;
        try {
            status = client.get().uri(uri).exchange((request, response) -> {
                // read the body to the end so the connection goes back to the keep-alive pool
                try (var body = response.getBody()) {
                    body.transferTo(OutputStream.nullOutputStream());
                }
                return response.getStatusCode().value();
            });
        } catch (RestClientException e) {
            throw UpstreamFailedException.failure(Scenario.IO_HTTP, e.getCause() != null ? e.getCause() : e);
        }
        if (status < 200 || status > 299) {
            throw UpstreamFailedException.status(Scenario.IO_HTTP, status);
        }
        return status;
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
