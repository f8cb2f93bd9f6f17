package dev.jvmbench.worker.probe;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Scrapes the app's Prometheus endpoint once a second, as a monitoring system would, and records
 * whether each attempt was answered in time: under CPU saturation the app's own monitoring
 * starves, and that is a finding, not a probe failure. An app without the endpoint (404, refused
 * connection) simply records failures; the caller decides what a share of 0 means.
 *
 * <p>An attempt succeeds when the answer is HTTP 200 and its whole body has arrived within the
 * timeout, measured from the moment the request is sent; a late answer is abandoned (the exchange
 * is cancelled), so attempts never pile up. Attempts start on a fixed one-second beat; one that
 * ran into the timeout makes the next start right after it.
 */
public final class PrometheusScraper implements AutoCloseable {

    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(1);

    private final HttpRequest request;
    private final Duration interval;
    private final Duration timeout;
    private final HttpClient client;
    // The system clock on purpose: samples are matched to windows the load generator, another
    // process, time-stamps with the same wall clock; the run flow's tests replace the whole probe.
    private final Clock clock = Clock.systemUTC();
    private final List<Scrape> scrapes = new ArrayList<>();
    private final Thread thread;
    private volatile boolean closed;

    private PrometheusScraper(URI url, Duration interval, Duration timeout) {
        this.interval = interval;
        this.timeout = timeout;
        this.request = HttpRequest.newBuilder(url)
                .timeout(timeout)
                // the classic text format; OpenMetrics would parse too, but this is what scrapers ask for
                .header("Accept", "text/plain;version=0.0.4")
                .GET()
                .build();
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                // the app is on the benchmark host: never through a proxy from the environment
                .proxy(HttpClient.Builder.NO_PROXY)
                .build();
        this.thread = Thread.ofVirtual().name("probe-prometheus").unstarted(this::run);
    }

    /** Scrapes every second with a one-second timeout. */
    public static PrometheusScraper start(URI url) {
        return start(url, DEFAULT_INTERVAL, DEFAULT_TIMEOUT);
    }

    /** @param timeout at most {@code interval}, so that attempts never overlap */
    public static PrometheusScraper start(URI url, Duration interval, Duration timeout) {
        Objects.requireNonNull(url, "url");
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw new IllegalArgumentException("url must be http(s), was " + url);
        }
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(interval) > 0) {
            throw new IllegalArgumentException("timeout must be > 0 and <= interval " + interval + ", was " + timeout);
        }
        PrometheusScraper scraper = new PrometheusScraper(url, interval, timeout);
        scraper.thread.start();
        return scraper;
    }

    /**
     * The endpoint over {@code [from, to]}; throws {@link IllegalStateException} when no attempt
     * started inside it.
     */
    public ScrapeWindow window(Instant from, Instant to) {
        return ScrapeWindow.of(attempts(), from, to);
    }

    /**
     * For each attempt started in {@code [from, to]}: when it started and whether it was answered
     * in time, in order (the per-second "scrape answered" column of a level's series).
     */
    public List<Map.Entry<Instant, Boolean>> answers(Instant from, Instant to) {
        return attempts().stream()
                .filter(scrape -> !scrape.start().isBefore(from) && !scrape.start().isAfter(to))
                .map(scrape -> Map.entry(scrape.start(), scrape.success()))
                .toList();
    }

    /** Attempts so far. */
    public int attemptCount() {
        synchronized (scrapes) {
            return scrapes.size();
        }
    }

    List<Scrape> attempts() {
        synchronized (scrapes) {
            return List.copyOf(scrapes);
        }
    }

    public boolean isScraping() {
        return thread.isAlive();
    }

    /** Stops scraping, abandoning an attempt in flight (it is not recorded). */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(timeout.plusSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            client.shutdownNow();
        }
    }

    private void run() {
        Ticks ticks = new Ticks(interval);
        while (!closed) {
            Scrape scrape = attempt();
            if (scrape == null || closed) {
                return;
            }
            synchronized (scrapes) {
                scrapes.add(scrape);
            }
            if (!ticks.awaitNext()) {
                return;
            }
        }
    }

    /** One attempt; null when interrupted (closing). */
    private Scrape attempt() {
        Instant start = clock.instant();
        long started = System.nanoTime();
        CompletableFuture<HttpResponse<String>> exchange =
                client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        try {
            HttpResponse<String> response = exchange.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
            if (response.statusCode() != 200) {
                return Scrape.failed(start, elapsed, "HTTP " + response.statusCode());
            }
            return Scrape.succeeded(start, elapsed, PrometheusText.threadGauges(response.body()));
        } catch (TimeoutException e) {
            exchange.cancel(true);
            return Scrape.failed(start, Duration.ofNanos(System.nanoTime() - started), "no answer within " + timeout);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            // the client's own request timeout and ours are the same second: one reason for both
            String failure = cause instanceof HttpTimeoutException && !(cause instanceof HttpConnectTimeoutException)
                    ? "no answer within " + timeout
                    : cause.toString();
            return Scrape.failed(start, Duration.ofNanos(System.nanoTime() - started), failure);
        } catch (InterruptedException e) {
            exchange.cancel(true);
            return null;
        }
    }
}
