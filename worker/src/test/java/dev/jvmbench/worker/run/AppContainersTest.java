package dev.jvmbench.worker.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.LoadProfile;
import dev.jvmbench.common.job.PlatformThreads;
import dev.jvmbench.common.job.ScenarioSpec;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.worker.WorkerProperties;
import dev.jvmbench.worker.queue.ClaimedRun;
import dev.jvmbench.worker.container.ContainerSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every container of a run is boxed: the app as an untrusted program, the upstreams as far as they allow. */
class AppContainersTest {

    private static final ScenarioCatalog CATALOG = ScenarioCatalog.load(ScenarioCatalog.DEFAULT_LOCATION);
    private static final WorkerProperties PROPERTIES = new WorkerProperties(true, "w1", Duration.ofSeconds(2),
            Duration.ofSeconds(5), Duration.ofSeconds(60), 2, Path.of("/tmp/w"), Path.of("/tmp/d"),
            Duration.ofSeconds(180), Duration.ofSeconds(5), 4096, 16384, 0.9);

    private static final int APP_PORT = 18080;

    private static RunContext context(ThreadModel model, Integer maxThreads) {
        JobSpec spec = new JobSpec(null, List.of(model), List.of(25), new ScenarioSpec("io-db", Map.of(), null),
                new LoadProfile(null, List.of(10), null, null, null), null, 1,
                maxThreads == null ? null : new PlatformThreads(maxThreads, null), List.of("-Xmx256m"),
                Map.of("APP_MODE", "x"), null, null, null, null, null).normalized();
        RunContext ctx = new RunContext(new ClaimedRun(7, 3, 1, 25, model, 1, 1, spec, null), "w1", "p1", Path.of("/tmp/w"));
        ctx.plan(ScenarioPlan.of(spec, CATALOG));
        ctx.image("jvmbench/target-mvc:jdk25");
        return ctx;
    }

    @Test
    void aPinnedRunPutsTheAppOnItsCoresAndTheUpstreamsOnTheOthers() {
        RunContext ctx = context(ThreadModel.VIRTUAL, null);
        assertThat(AppContainers.app(ctx, AppPorts.shared(APP_PORT), PROPERTIES).cpuset()).as("not placed: floats").isNull();
        ctx.placement(new dev.jvmbench.worker.cores.HostCores(List.of(0, 1, 2, 3)).placementFor(1));
        assertThat(AppContainers.app(ctx, AppPorts.shared(APP_PORT), PROPERTIES).cpuset()).isEqualTo("3");
        assertThat(AppContainers.nginx(ctx, 18081, PROPERTIES, AppContainers.NGINX_IMAGE).cpuset()).isEqualTo("0-2");
        assertThat(AppContainers.postgres(ctx, 18082, PROPERTIES, AppContainers.POSTGRES_IMAGE).cpuset()).isEqualTo("0-2");
    }

    @Test
    void aManagementPortOfItsOwnIsGivenToTheAppOnlyWhenItHasOne() {
        RunContext ctx = context(ThreadModel.PLATFORM, 20);
        assertThat(AppContainers.app(ctx, new AppPorts(APP_PORT, APP_PORT + 1), PROPERTIES).env())
                .containsEntry("SERVER_PORT", Integer.toString(APP_PORT))
                .containsEntry("MANAGEMENT_SERVER_PORT", Integer.toString(APP_PORT + 1));
        assertThat(AppContainers.app(ctx, AppPorts.shared(APP_PORT), PROPERTIES).env())
                .containsEntry("SERVER_PORT", Integer.toString(APP_PORT))
                .doesNotContainKey("MANAGEMENT_SERVER_PORT");
    }

    @Test
    void theAppRunsInTheBox() {
        ContainerSpec app = AppContainers.app(context(ThreadModel.VIRTUAL, null), AppPorts.shared(APP_PORT), PROPERTIES);

        assertThat(app.isSandboxed()).isTrue();
        assertThat(app.user()).isEqualTo(ContainerSpec.APP_USER);
        assertThat(app.readOnlyRootfs()).isTrue();
        assertThat(app.dropAllCapabilities()).isTrue();
        assertThat(app.noNewPrivileges()).isTrue();
        assertThat(app.pidsLimit()).isEqualTo(4096);
        assertThat(app.nofileLimit()).isEqualTo(16384);
        assertThat(app.memoryBytes()).isPositive();
        // the JFR recording is written there and copied out after the stop: a volume, not a tmpfs
        assertThat(app.volumes()).containsExactly("/tmp");
        assertThat(app.tmpfs()).isEmpty();
        assertThat(app.env().get("JAVA_TOOL_OPTIONS")).contains("filename=/tmp/");
        assertThat(app.labels()).containsEntry("bench.run-id", "7").containsEntry("bench.role", "app");
    }

    @Test
    void aPlatformPoolLargerThanThePidsLimitGetsRoomForItsThreads() {
        assertThat(AppContainers.app(context(ThreadModel.PLATFORM, 200), AppPorts.shared(APP_PORT), PROPERTIES).pidsLimit()).isEqualTo(4096);
        assertThat(AppContainers.app(context(ThreadModel.PLATFORM, 10000), AppPorts.shared(APP_PORT), PROPERTIES).pidsLimit())
                .isEqualTo(10000 + AppContainers.JVM_THREAD_HEADROOM);
        assertThat(AppContainers.app(context(ThreadModel.VIRTUAL, 10000), AppPorts.shared(APP_PORT), PROPERTIES).pidsLimit()).isEqualTo(4096);
    }

    @Test
    void theUpstreamsRunAsTheirOwnUsersOnAReadOnlyRootfs() {
        RunContext ctx = context(ThreadModel.VIRTUAL, null);
        ContainerSpec nginx = AppContainers.nginx(ctx, 18081, PROPERTIES, AppContainers.NGINX_IMAGE);
        ContainerSpec postgres = AppContainers.postgres(ctx, 18082, PROPERTIES, "127.0.0.1:5000/" + AppContainers.POSTGRES_IMAGE);

        assertThat(nginx.isSandboxed()).isTrue();
        // by number (a pod's runAsUser is one): www-data and postgres of the images
        assertThat(nginx.user()).isEqualTo("33:33");
        assertThat(nginx.image()).isEqualTo(AppContainers.NGINX_IMAGE);
        assertThat(nginx.tmpfs()).containsOnlyKeys("/tmp");
        assertThat(nginx.volumes()).isEmpty();
        assertThat(postgres.isSandboxed()).isTrue();
        assertThat(postgres.user()).isEqualTo("100:102");
        assertThat(postgres.image()).isEqualTo("127.0.0.1:5000/jvmbench/postgres:17");
        assertThat(postgres.tmpfs()).containsOnlyKeys("/tmp");
        assertThat(postgres.volumes()).containsExactly(AppContainers.POSTGRES_DATA);
    }
}
