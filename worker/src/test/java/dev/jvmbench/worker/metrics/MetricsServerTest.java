package dev.jvmbench.worker.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;

/**
 * The worker's metrics server and the meters it shows, without a run: the classes of failure
 * reasons and what is exported after a failed run's events. Real runs are counted in
 * {@code ScaleOutEndToEndTest}.
 */
class MetricsServerTest {

    @Test
    void servesTheWorkerMetricsOnAFreePortAndOnlyWhenAsked() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        WorkerMetrics metrics = new WorkerMetrics(registry);
        metrics.runClaimed();
        metrics.containerStarted(WorkerMetrics.APP);
        metrics.stepEnded("start-app", Duration.ofMillis(1500));
        metrics.stepEnded("load-1-level-10", Duration.ofSeconds(5));
        metrics.stepEnded("load-2-level-20", Duration.ofSeconds(5));
        metrics.stepEnded("verify", Duration.ofMillis(20));
        metrics.runFailed(WorkerMetrics.reasonClass("app OOMKilled at 192 MB", "load-2-level-20"));
        metrics.containersRemoved(WorkerMetrics.APP, 1);
        metrics.runEnded("FAILED", Duration.ofSeconds(12));

        StaticListableBeanFactory beans = new StaticListableBeanFactory();
        beans.addBean("registry", registry);
        MetricsServer off = new MetricsServer(new MetricsServerProperties(-1, "127.0.0.1"),
                beans.getBeanProvider(PrometheusMeterRegistry.class));
        off.start();
        assertThat(off.isRunning()).isFalse();
        assertThat(off.port()).isEqualTo(-1);

        MetricsServer server = new MetricsServer(new MetricsServerProperties(0, "127.0.0.1"),
                beans.getBeanProvider(PrometheusMeterRegistry.class));
        server.start();
        try {
            assertThat(server.port()).isPositive();
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + server.port() + MetricsServer.PATH)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            String text = response.body();
            System.out.println(text.lines().filter(l -> l.startsWith("jvmbench_")).reduce("", (a, b) -> a + b + "\n"));
            assertThat(text)
                    .contains("jvmbench_worker_runs_claimed_total 1.0")
                    .contains("jvmbench_worker_containers_started_total{kind=\"app\"} 1.0")
                    .contains("jvmbench_worker_containers_started_total{kind=\"loadgen\"} 0.0")
                    .contains("jvmbench_worker_containers_removed_total{kind=\"app\"} 1.0")
                    .contains("jvmbench_worker_step_duration_seconds_count{step=\"load\"} 2")
                    .contains("jvmbench_worker_step_duration_seconds_sum{step=\"load\"} 10.0")
                    .contains("jvmbench_worker_step_duration_seconds_count{step=\"start-app\"} 1")
                    .contains("jvmbench_worker_run_failures_total{reason=\"oom-killed\"} 1.0")
                    .contains("jvmbench_worker_run_duration_seconds_count{outcome=\"failed\"} 1")
                    .doesNotContain("level-20");
            assertThat(HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + server.port() + MetricsServer.PATH))
                            .POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(405);
        } finally {
            server.stop();
        }
        assertThat(server.isRunning()).isFalse();
    }

    @Test
    void failureReasonsAreBoundedClasses() {
        assertThat(WorkerMetrics.reasonClass("app OOMKilled (exit 137) at the 192 MB limit", "load-1-level-5"))
                .isEqualTo("oom-killed");
        assertThat(WorkerMetrics.reasonClass("the Docker engine is unavailable: connection refused", "start-app"))
                .isEqualTo("engine-unavailable");
        assertThat(WorkerMetrics.reasonClass("verify failed: GET / answered 200, expected 201", "verify"))
                .isEqualTo("verify");
        assertThat(WorkerMetrics.reasonClass("load failed: 100% errors", "load-3-level-40")).isEqualTo("load");
        assertThat(WorkerMetrics.reasonClass("the worker could not execute the run: boom", null)).isEqualTo("worker-error");
    }
}
