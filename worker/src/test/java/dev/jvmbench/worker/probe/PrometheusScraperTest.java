package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.jvmbench.worker.testing.BenchHost;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Against a loopback HTTP server that answers like an actuator endpoint, late on purpose now and then. */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class PrometheusScraperTest {

    /** What micrometer-java21 1.16 and the JVM binder write, as read from a target app on JDK 25. */
    private static final String BODY = """
            # HELP jvm_threads_live_threads The current number of live threads including both daemon and non-daemon threads
            # TYPE jvm_threads_live_threads gauge
            jvm_threads_live_threads{application="jvmbench-target-mvc"} 18.0
            # TYPE jvm_threads_peak_threads gauge
            jvm_threads_peak_threads{application="jvmbench-target-mvc"} 21.0
            # TYPE jvm_threads_states_threads gauge
            jvm_threads_states_threads{application="jvmbench-target-mvc",state="runnable"} 9.0
            # TYPE jvm_threads_virtual_live_threads gauge
            jvm_threads_virtual_live_threads{application="jvmbench-target-mvc",scheduling_status="mounted"} 3.0
            jvm_threads_virtual_live_threads{application="jvmbench-target-mvc",scheduling_status="queued"} 40.0
            # TYPE jvm_threads_virtual_parallelism gauge
            jvm_threads_virtual_parallelism{application="jvmbench-target-mvc"} 2.0
            # TYPE jvm_threads_virtual_pool_size_threads gauge
            jvm_threads_virtual_pool_size_threads{application="jvmbench-target-mvc"} 2.0
            # TYPE jvm_threads_virtual_pinned_seconds summary
            jvm_threads_virtual_pinned_seconds_count{application="jvmbench-target-mvc"} 0
            """;
    /** Every third scrape is answered after this: well past the 1 s timeout. */
    private static final Duration SLOW = Duration.ofMillis(1600);

    private HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        // a slow answer must not hold up the next scrape's
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/actuator/prometheus", exchange -> {
            if (requests.incrementAndGet() % 3 == 0) {
                sleep(SLOW);
            }
            answer(exchange, 200, BODY);
        });
        server.createContext("/", exchange -> answer(exchange, 404, "{\"status\":404}"));
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    @Test
    void lateAnswersCountAsFailuresAndTheGaugesAreAveragedOverTheOthers() {
        Instant from = Instant.now();
        try (PrometheusScraper scraper = PrometheusScraper.start(url("/actuator/prometheus"))) {
            await().atMost(Duration.ofSeconds(30)).until(() -> scraper.attemptCount() >= 7);
            ScrapeWindow window = scraper.window(from, Instant.now());

            assertThat(window.attempts()).isGreaterThanOrEqualTo(7);
            // one in three answers comes after 1.6 s; a loaded host may make one more late, never all
            assertThat(window.successes()).isLessThan(window.attempts()).isPositive();
            assertThat(window.scrapeSuccessShare())
                    .isEqualTo(window.successes() / (double) window.attempts())
                    .isBetween(0.2, 0.9);
            assertThat(scraper.attempts()).filteredOn(scrape -> !scrape.success())
                    .allSatisfy(scrape -> assertThat(scrape.failure()).contains("no answer within PT1S"))
                    .allSatisfy(scrape -> assertThat(scrape.elapsed()).isLessThan(SLOW));
            assertThat(window.liveThreadsMean()).isCloseTo(18.0, within(1e-9));
            assertThat(window.peakThreadsMax()).isCloseTo(21.0, within(1e-9));
            assertThat(window.virtualMountedMean()).isCloseTo(3.0, within(1e-9));
            assertThat(window.virtualQueuedMean()).isCloseTo(40.0, within(1e-9));
            assertThat(window.virtualParallelismMean()).isCloseTo(2.0, within(1e-9));
            assertThat(window.virtualPoolSizeMean()).isCloseTo(2.0, within(1e-9));
        }
    }

    @Test
    void attemptsFollowAOneSecondBeat() {
        try (PrometheusScraper scraper = PrometheusScraper.start(url("/actuator/prometheus"))) {
            await().atMost(Duration.ofSeconds(30)).until(() -> scraper.attemptCount() >= 5);
            var attempts = scraper.attempts();
            Duration span = Duration.between(attempts.getFirst().start(), attempts.get(4).start());
            // four gaps of 1 s; a late answer never delays the beat as its wait is cut at 1 s
            assertThat(span).isBetween(Duration.ofMillis(3800), Duration.ofMillis(4600));
        }
    }

    @Test
    void anAppWithoutTheEndpointRecordsOnlyFailures() {
        Instant from = Instant.now();
        try (PrometheusScraper scraper = PrometheusScraper.start(url("/nothing-here"),
                Duration.ofMillis(200), Duration.ofMillis(200))) {
            await().atMost(Duration.ofSeconds(10)).until(() -> scraper.attemptCount() >= 3);
            ScrapeWindow window = scraper.window(from, Instant.now());

            assertThat(window.scrapeSuccessShare()).isZero();
            assertThat(window.liveThreadsMean()).isNull();
            assertThat(window.virtualMountedMean()).isNull();
            assertThat(window.virtualParallelismMean()).isNull();
            assertThat(scraper.attempts()).allSatisfy(scrape -> assertThat(scrape.failure()).isEqualTo("HTTP 404"));
        }
    }

    @Test
    void nothingListeningRecordsOnlyFailures() {
        int port = BenchHost.freePort();
        Instant from = Instant.now();
        try (PrometheusScraper scraper = PrometheusScraper.start(URI.create("http://127.0.0.1:" + port + "/metrics"),
                Duration.ofMillis(200), Duration.ofMillis(200))) {
            await().atMost(Duration.ofSeconds(10)).until(() -> scraper.attemptCount() >= 3);

            assertThat(scraper.window(from, Instant.now()).scrapeSuccessShare()).isZero();
            assertThat(scraper.attempts()).allSatisfy(scrape -> assertThat(scrape.failure()).contains("Connect"));
        }
    }

    @Test
    void closeStopsAtOnceEvenDuringALateAnswer() {
        requests.set(2); // the first scrape is the slow one
        PrometheusScraper scraper = PrometheusScraper.start(url("/actuator/prometheus"));
        await().atMost(Duration.ofSeconds(5)).until(() -> requests.get() == 3);

        long started = System.nanoTime();
        scraper.close();

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(900));
        assertThat(scraper.isScraping()).isFalse();
        int attempts = scraper.attemptCount();
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3))
                .until(() -> scraper.attemptCount() == attempts && requests.get() == 3);
    }

    @Test
    void aWindowWithoutAttemptsFails() {
        try (PrometheusScraper scraper = PrometheusScraper.start(url("/actuator/prometheus"))) {
            Instant future = Instant.now().plusSeconds(60);
            assertThatThrownBy(() -> scraper.window(future, future.plusSeconds(1)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("no scrape attempt");
        }
    }

    @Test
    void theTextFormatIsReadWithEscapedLabelsAndOddValues() {
        var gauges = PrometheusText.threadGauges("""
                jvm_threads_live_threads{application="a \\"quoted\\", name",} 7 1700000000000
                jvm_threads_virtual_parallelism NaN
                jvm_threads_virtual_live_threads{scheduling_status="queued"} +Inf
                garbage line
                jvm_threads_peak_threads{broken="} 3
                """);

        assertThat(gauges).containsEntry(ThreadGauge.LIVE, 7.0)
                .containsEntry(ThreadGauge.VIRTUAL_QUEUED, Double.POSITIVE_INFINITY)
                .doesNotContainKeys(ThreadGauge.PEAK, ThreadGauge.VIRTUAL_MOUNTED);
        assertThat(gauges.get(ThreadGauge.VIRTUAL_PARALLELISM)).isNaN();
    }

    private URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        try (exchange; OutputStream out = exchange.getResponseBody()) {
            exchange.getResponseHeaders().set("Content-Type", "text/plain;version=0.0.4;charset=utf-8");
            exchange.sendResponseHeaders(status, bytes.length);
            out.write(bytes);
        } catch (IOException clientGaveUp) {
            // the scraper cancels a late exchange; nothing to answer to
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
