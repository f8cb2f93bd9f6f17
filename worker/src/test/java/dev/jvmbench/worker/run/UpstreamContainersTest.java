package dev.jvmbench.worker.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.LoadProfile;
import dev.jvmbench.common.job.ScenarioSpec;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.worker.WorkerProperties;
import dev.jvmbench.worker.container.ContainerOutcome;
import dev.jvmbench.worker.container.ContainerSpec;
import dev.jvmbench.worker.container.ReadinessStrategy;
import dev.jvmbench.worker.container.RunningContainer;
import dev.jvmbench.worker.queue.ClaimedRun;
import dev.jvmbench.worker.testing.BenchHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The upstreams exactly as a run starts them (AppContainers: their users by number, read-only
 * root, tmpfs, PostgreSQL's data as a volume) on the real Docker engine: the numeric users must
 * be the images' own www-data and postgres, or nginx cannot write its config and PostgreSQL
 * refuses its data directory.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class UpstreamContainersTest {

    private static final WorkerProperties PROPERTIES = new WorkerProperties(true, "w1", Duration.ofSeconds(2),
            Duration.ofSeconds(5), Duration.ofSeconds(60), 2, Path.of("/tmp/w"), Path.of("/tmp/d"),
            Duration.ofSeconds(180), Duration.ofSeconds(5), 4096, 16384, 0.9);

    private static BenchHost host;
    private static RunContext ctx;

    @BeforeAll
    static void setUp() {
        host = BenchHost.forClass(UpstreamContainersTest.class);
        JobSpec spec = new JobSpec(null, List.of(ThreadModel.VIRTUAL), List.of(25), new ScenarioSpec("io-db", Map.of(), null),
                new LoadProfile(null, List.of(10), null, null, null), null, 1, null, List.of(), Map.of(), null, null,
                null, null, null).normalized();
        ctx = new RunContext(new ClaimedRun(7, 3, 1, 25, ThreadModel.VIRTUAL, 1, 1, spec, null), "w1", "p1",
                Path.of("/tmp/w"));
        ctx.plan(ScenarioPlan.of(spec, ScenarioCatalog.load(ScenarioCatalog.DEFAULT_LOCATION)));
    }

    @AfterAll
    static void removeThem() {
        if (host != null) {
            host.close();
        }
    }

    /** The run's spec with this test's labels added, so the host removes it. */
    private static RunningContainer start(ContainerSpec spec) {
        return host.start(spec.toBuilder().labels(host.labels()).build());
    }

    @Test
    void nginxStartsAsUid33OnAReadOnlyRoot() {
        int port = BenchHost.freePort();
        RunningContainer nginx = start(AppContainers.nginx(ctx, port, PROPERTIES, AppContainers.NGINX_IMAGE));

        assertThat(host.engine().awaitReady(nginx, ReadinessStrategy.http(port, "/health", Duration.ofSeconds(30))))
                .isInstanceOf(ContainerOutcome.Ready.class);
        assertThat(host.engine().exec(nginx, List.of("id", "-un"), Duration.ofSeconds(10)).stdout().strip())
                .isEqualTo("www-data");
    }

    @Test
    void postgresStartsAsUid100OnItsDataVolume() {
        int port = BenchHost.freePort();
        RunningContainer postgres = start(AppContainers.postgres(ctx, port, PROPERTIES, AppContainers.POSTGRES_IMAGE));

        assertThat(host.engine().awaitReady(postgres, ReadinessStrategy.exec(
                List.of("pg_isready", "-q", "-h", "127.0.0.1", "-p", Integer.toString(port)), Duration.ofSeconds(60))))
                .isInstanceOf(ContainerOutcome.Ready.class);
        assertThat(host.engine().exec(postgres, List.of("id", "-un"), Duration.ofSeconds(10)).stdout().strip())
                .isEqualTo("postgres");
    }
}
