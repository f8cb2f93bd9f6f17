package dev.jvmbench.worker.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.jvmbench.worker.container.ContainerOutcome;
import dev.jvmbench.worker.container.ReadinessStrategy;
import dev.jvmbench.worker.container.RunningContainer;

/** The stock upstreams, started the way a benchmark run starts them, and how to reach them. */
public final class Upstreams {

    public static final String DB_USER = "bench";
    public static final String DB_PASSWORD = "bench";
    public static final String DB_NAME = "bench";
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private Upstreams() {
    }

    public record Nginx(RunningContainer container, int port) {
        /** Answers after the image's default delay (0.2 s). */
        public String url() {
            return "http://127.0.0.1:" + port + "/";
        }
    }

    public record Postgres(RunningContainer container, int port) {
        public String jdbcUrl() {
            return "jdbc:postgresql://127.0.0.1:" + port + "/" + DB_NAME;
        }
    }

    public static Nginx startNginx(BenchHost host) {
        String image = BenchHost.reference(BenchHost.requireImage(Map.of("bench.upstream", "nginx")));
        int port = BenchHost.freePort();
        RunningContainer nginx = host.start(host.spec(image)
                .namePrefix("test-nginx")
                .env("PORT", String.valueOf(port))
                .build());
        ContainerOutcome outcome = host.engine().awaitReady(nginx,
                ReadinessStrategy.http(port, "/health", READY_TIMEOUT));
        assertThat(outcome).as("nginx readiness").isInstanceOf(ContainerOutcome.Ready.class);
        return new Nginx(nginx, port);
    }

    public static Postgres startPostgres(BenchHost host) {
        String image = BenchHost.reference(BenchHost.requireImage(Map.of("bench.upstream", "postgres")));
        int port = BenchHost.freePort();
        RunningContainer postgres = host.start(host.spec(image)
                .namePrefix("test-postgres")
                .env("PGPORT", String.valueOf(port))
                .build());
        // pg_isready, not an open port: the postmaster listens before it accepts sessions.
        ContainerOutcome outcome = host.engine().awaitReady(postgres, ReadinessStrategy.exec(
                List.of("pg_isready", "-q", "-h", "127.0.0.1", "-p", String.valueOf(port)), READY_TIMEOUT));
        assertThat(outcome).as("postgres readiness").isInstanceOf(ContainerOutcome.Ready.class);
        return new Postgres(postgres, port);
    }
}
