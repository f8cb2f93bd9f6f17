package dev.jvmbench.worker.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.job.AppRef;
import dev.jvmbench.common.job.CustomRequest;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.LoadProfile;
import dev.jvmbench.common.job.ScenarioSpec;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.job.Upstream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a job's scenario becomes what a run requests and starts, with the shipped catalogue. */
class ScenarioPlanTest {

    private static final ScenarioCatalog CATALOG = ScenarioCatalog.load(ScenarioCatalog.DEFAULT_LOCATION);

    private static JobSpec stock(String scenario, Map<String, Double> params) {
        return new JobSpec(null, List.of(ThreadModel.VIRTUAL), List.of(25), new ScenarioSpec(scenario, params, null),
                new LoadProfile(null, List.of(10), null, null, null), null, 1, null, null, null, null, null, null, null, null).normalized();
    }

    @Test
    void parametersGoToTheQueryStringTheAppAndTheUpstream() {
        ScenarioPlan ioDb = ScenarioPlan.of(stock("io-db", Map.of("sleepMs", 150.0, "poolSize", 40.0)), CATALOG);
        assertThat(ioDb.pathAndQuery()).isEqualTo("/scenarios/io-db?seconds=0.15");
        assertThat(ioDb.appEnv()).containsEntry("BENCH_DB_POOL_SIZE", "40");
        assertThat(ioDb.upstreams()).containsExactly(Upstream.DB);
        assertThat(ioDb.stock()).isTrue();

        ScenarioPlan ioHttp = ScenarioPlan.of(stock("io-http", Map.of("delayMs", 350.0)), CATALOG);
        assertThat(ioHttp.pathAndQuery()).isEqualTo("/scenarios/io-http?leakConnections=0");
        assertThat(ioHttp.httpDelayMs()).isEqualTo(350.0);
        assertThat(ioHttp.needs(Upstream.HTTP)).isTrue();
        // the client knobs are read by the app at start
        assertThat(ioHttp.appEnv()).containsEntry("BENCH_HTTP_CLIENT_EXECUTOR", "0")
                .containsEntry("BENCH_HTTP_CLIENT_MAX_CONNECTIONS", "10000")
                .containsEntry("BENCH_HTTP_CLIENT_PENDING_ACQUIRE_MAX", "-1");
    }

    @Test
    void defaultsComeFromTheCatalogue() {
        ScenarioPlan cpu = ScenarioPlan.of(stock("cpu", Map.of()), CATALOG);
        assertThat(cpu.pathAndQuery())
                .isEqualTo("/scenarios/cpu?limit=2100000&onEventLoop=0&coldFactor=1&warmSeconds=60");
        assertThat(cpu.params()).containsEntry("limit", 2_100_000.0);
        assertThat(cpu.upstreams()).isEmpty();
        assertThat(ScenarioPlan.of(stock("sleep", Map.of()), CATALOG).pathAndQuery())
                .isEqualTo("/scenarios/sleep?ms=200&retainKb=0&garbageKb=0&freezeAfterRequests=0");
    }

    @Test
    void knobsGoToEveryRequestOfTheRun() {
        ScenarioPlan sleep = ScenarioPlan.of(stock("sleep", Map.of("retainKb", 512.0, "freezeAfterRequests", 1000.0)),
                CATALOG);
        assertThat(sleep.pathAndQuery())
                .isEqualTo("/scenarios/sleep?ms=200&retainKb=512&garbageKb=0&freezeAfterRequests=1000");
        ScenarioPlan pool = ScenarioPlan.of(stock("io-http", Map.of("clientMaxConnections", 4.0,
                "clientPendingAcquireMax", 8.0, "clientExecutor", 1.0)), CATALOG);
        assertThat(pool.appEnv()).containsEntry("BENCH_HTTP_CLIENT_MAX_CONNECTIONS", "4")
                .containsEntry("BENCH_HTTP_CLIENT_PENDING_ACQUIRE_MAX", "8")
                .containsEntry("BENCH_HTTP_CLIENT_EXECUTOR", "1");
    }

    @Test
    void aUsersRequestIsTakenAsGiven() {
        JobSpec spec = new JobSpec(new AppRef("shop:1", null, null, null), List.of(ThreadModel.PLATFORM), List.of(25),
                new ScenarioSpec("checkout", null, new CustomRequest("POST", "/api/checkout", "{}",
                        Map.of("Content-Type", "application/json"), 201, List.of(Upstream.HTTP), "/health")),
                new LoadProfile(null, List.of(10), null, null, null), null, 1, null, null, null, null, null, null, null, null).normalized();
        ScenarioPlan plan = ScenarioPlan.of(spec, CATALOG);
        assertThat(plan.stock()).isFalse();
        assertThat(plan.method()).isEqualTo("POST");
        assertThat(plan.expectedStatus()).isEqualTo(201);
        assertThat(plan.readinessPath()).isEqualTo("/health");
        assertThat(plan.headers()).containsEntry("Content-Type", "application/json");
        assertThat(plan.needs(Upstream.HTTP)).isTrue();
        assertThat(plan.needs(Upstream.DB)).isFalse();
    }
}
