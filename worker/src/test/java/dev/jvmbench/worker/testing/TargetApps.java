package dev.jvmbench.worker.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerOutcome;
import dev.jvmbench.worker.container.ContainerSpec;
import dev.jvmbench.worker.container.ImageSummary;
import dev.jvmbench.worker.container.ReadinessStrategy;
import dev.jvmbench.worker.container.RunningContainer;

/** The stock target apps, started as a benchmark run starts them (contract: target-apps/README.md). */
public final class TargetApps {

    /** Slow starts on one CPU are normal (DESIGN: 15-17 s for a typical app); a hang is not. */
    public static final Duration READY_TIMEOUT = Duration.ofSeconds(150);
    public static final String READINESS_PATH = "/actuator/health/readiness";
    public static final List<String> SCENARIOS = List.of("io-http", "io-db", "cpu", "pinning", "sleep");

    private TargetApps() {
    }

    public record App(RunningContainer container, int port, ImageSummary image) {
        public String url(String pathAndQuery) {
            return "http://127.0.0.1:" + port + pathAndQuery;
        }
    }

    public static List<ImageSummary> images(String app) {
        return BenchHost.requireImages(Map.of("bench.kind", "target-app", "bench.app", app));
    }

    /** The benchmark's limits: one CPU, 512 MB without swap. */
    public static ContainerSpec.Builder spec(BenchHost host, ImageSummary image, int port) {
        return host.spec(BenchHost.reference(image))
                .namePrefix("test-" + image.label("bench.app") + "-jdk" + image.label("bench.jdk"))
                .cpus(1)
                .memoryMegabytes(512)
                .env("SERVER_PORT", String.valueOf(port));
    }

    public static ContainerSpec.Builder withUpstreams(ContainerSpec.Builder spec, Upstreams.Nginx nginx,
            Upstreams.Postgres postgres) {
        return spec.env("BENCH_UPSTREAM_HTTP_URL", nginx.url())
                .env("BENCH_UPSTREAM_DB_URL", postgres.jdbcUrl())
                .env("BENCH_UPSTREAM_DB_USER", Upstreams.DB_USER)
                .env("BENCH_UPSTREAM_DB_PASSWORD", Upstreams.DB_PASSWORD);
    }

    public static App start(BenchHost host, ImageSummary image, int port, ContainerSpec spec) {
        return new App(host.start(spec), port, image);
    }

    /** Asserts the app became ready; the failure message carries the outcome and the log tail. */
    public static void awaitReady(ContainerEngine engine, App app) {
        ContainerOutcome outcome = engine.awaitReady(app.container(),
                ReadinessStrategy.http(app.port(), READINESS_PATH, READY_TIMEOUT));
        assertThat(outcome)
                .as(() -> BenchHost.reference(app.image()) + " readiness: " + outcome + "\n"
                        + engine.logs(app.container(), 40))
                .isInstanceOf(ContainerOutcome.Ready.class);
    }

    /** GET, and when it fails, fail with the app's last log lines: the container is gone afterwards. */
    public static HttpResponse<String> getOrExplain(ContainerEngine engine, HttpClient client, App app,
            String pathAndQuery) {
        try {
            return get(client, app.url(pathAndQuery));
        } catch (RuntimeException e) {
            throw new AssertionError(BenchHost.reference(app.image()) + " GET " + pathAndQuery + ": " + e
                    + "\nstate: " + engine.exitOutcome(app.container()).map(Object::toString).orElse("running")
                    + "\nlast log lines:\n" + engine.logs(app.container(), 40), e);
        }
    }

    public static HttpResponse<String> get(HttpClient client, String url) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).GET().build();
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("GET " + url, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: GET " + url, e);
        }
    }
}
