package dev.jvmbench.worker.load;

import dev.jvmbench.loadgen.protocol.LoadModel;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.jvmbench.common.stats.LatencyHistogram;
import dev.jvmbench.loadgen.protocol.SecondStats;
import dev.jvmbench.loadgen.testing.DelayServer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real generator process (worker/loadgen's build: the root reactor builds it before the
 * worker) against a loopback server with a fixed 100 ms delay. One generator for the class, as
 * for one benchmark run. Only wide physical bounds: 2 cores shared with other builds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class GatlingProcessLoadGeneratorTest {

    @TempDir
    static Path runDir;
    private DelayServer server;
    private GatlingProcessLoadGenerator generator;

    @BeforeAll
    void start() throws Exception {
        LoadGeneratorProperties properties = LoadGeneratorProperties.defaults();
        // A missing build fails the test with the fix in its message; it never skips silently.
        assertThatCode(properties::resolveLoadgenDir)
                .as("worker/loadgen is not built: run ./mvnw verify from the root, or ./mvnw -pl worker/loadgen -am package")
                .doesNotThrowAnyException();
        server = new DelayServer();
        generator = GatlingProcessLoadGenerator.start(properties, runDir);
    }

    @AfterAll
    void stop() {
        if (generator != null) {
            generator.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    @Order(1)
    void warmsUpTheGenerator() {
        generator.warmUp(server.url("/ok"), Duration.ofSeconds(2));
        assertThat(generator.isAlive()).isTrue();
        // Gatling's Maven Central check is skipped through this node (see loadgen's VersionCheck)
        assertThat(runDir.resolve("prefs/.java/.userPrefs/io/gatling/latestVersion/prefs.xml")).exists();
    }

    @Test
    @Order(2)
    void closedLevelStaysUnderUsersOverDelay() {
        LevelResult r = generator.runLevel(LevelRequest.get(LoadModel.CLOSED, 20, Duration.ofSeconds(1),
                Duration.ofSeconds(5), Duration.ofSeconds(5), server.url("/ok")));

        double ceiling = 20 / 0.1;
        assertThat(r.level()).isEqualTo(20);
        assertThat(r.errors()).as("%s", r).isZero();
        assertThat(r.throughputRps()).as("%s", r).isLessThan(ceiling * 1.1).isGreaterThan(50);
        assertThat(r.throughputRps()).isEqualTo(r.successes() / 5.0);
        assertThat(r.p50Ms()).as("%s", r).isGreaterThanOrEqualTo(100);
        assertThat(r.p99Ms()).isGreaterThanOrEqualTo(r.p50Ms());
        assertThat(r.maxMs()).isGreaterThanOrEqualTo(r.p99Ms());
        assertThat(Duration.between(r.measuredStart(), r.measuredEnd())).isEqualTo(Duration.ofSeconds(5));
        assertThat(r.offeredRateReached()).isNull();
        assertThat(r.loadgenCpuPercent()).as("%s", r).isGreaterThan(0).isLessThan(100.0 * r.loadgenCpuCores() + 1);
        assertThat(r.loadgenCpuCores()).isPositive();
        assertSeriesCoverTheWindow(r);
        assertLatenciesAreTheHistograms(r);
        assertThat(r.series()).allSatisfy(second -> {
            assertThat(second.inFlightMax()).as("%s", second).isNotNull().isLessThanOrEqualTo(20);
            assertThat(second.p50()).as("%s", second).isGreaterThanOrEqualTo(100);
        });
        // the level's 1 s warm-up: one row of its own, before the window
        assertThat(r.warmupSeries()).hasSize(1);
        assertThat(r.warmupSeries().getFirst().startMs()).isLessThan(r.measuredStart().toEpochMilli());
        System.out.println("closed 20 users x 100 ms: " + r);
    }

    @Test
    @Order(3)
    void openLevelReachesItsRate() {
        LevelResult r = generator.runLevel(LevelRequest.get(LoadModel.OPEN, 50, Duration.ofSeconds(1),
                Duration.ofSeconds(5), Duration.ofSeconds(5), server.url("/ok")));

        assertThat(r.offeredRateReached()).as("%s", r).isTrue();
        assertThat(r.offeredRps()).isEqualTo(50.0);
        assertThat(r.errors()).as("%s", r).isZero();
        assertThat(r.throughputRps()).as("%s", r).isGreaterThan(40).isLessThanOrEqualTo(55);
        assertSeriesCoverTheWindow(r);
        assertLatenciesAreTheHistograms(r);
        System.out.println("open 50 req/s: " + r);
    }

    @Test
    @Order(4)
    void wrongStatusAndTimeoutsAreErrorsByCause() {
        LevelResult failing = generator.runLevel(new LevelRequest(LoadModel.CLOSED, 5, Duration.ZERO,
                Duration.ofSeconds(2), Duration.ofSeconds(5), "GET", server.url("/fail"), Map.of(), null, 200));
        assertThat(failing.successes()).isZero();
        assertThat(failing.errors()).isPositive();
        assertThat(failing.errorsByCause()).containsEntry("status-500", failing.errors());
        assertSeriesCoverTheWindow(failing);
        assertLatenciesAreTheHistograms(failing);

        LevelResult slow = generator.runLevel(LevelRequest.get(LoadModel.CLOSED, 5, Duration.ZERO,
                Duration.ofSeconds(2), Duration.ofMillis(30), server.url("/ok")));
        assertThat(slow.successes()).isZero();
        assertThat(slow.errorsByCause()).containsEntry("timeout", slow.errors());
        assertThat(slow.errors()).isPositive();
        assertSeriesCoverTheWindow(slow);
        assertLatenciesAreTheHistograms(slow);
        // a timeout counts at its timeout, also in the histogram: nothing near the server's 100 ms
        assertThat(slow.latencyDistribution().max()).isGreaterThanOrEqualTo(30).isLessThan(100);
    }

    @Test
    @Order(5)
    void aSlowingServerShowsInTheSecondsItSlowedIn() {
        // the delay grows by 100 ms every second from now: ~100 ms in the first second, ~500 ms in the fifth
        URI ramp = server.url("/ramp?from=" + System.currentTimeMillis());
        LevelResult r = generator.runLevel(LevelRequest.get(LoadModel.CLOSED, 5, Duration.ZERO,
                Duration.ofSeconds(5), Duration.ofSeconds(5), ramp));
        assertSeriesCoverTheWindow(r);
        assertLatenciesAreTheHistograms(r);
        assertThat(r.warmupSeries()).isEmpty();
        List<SecondStats> rows = r.series();
        for (int i = 1; i < rows.size(); i++) {
            // a request finishing later started later, so waited at least as long (20 ms for scheduling noise)
            assertThat(rows.get(i).p50()).as("%s", rows).isGreaterThanOrEqualTo(rows.get(i - 1).p50() - 20);
        }
        // ~400 ms apart by construction; half of it is a wide margin
        assertThat(rows.getLast().p50()).as("%s", rows).isGreaterThanOrEqualTo(rows.getFirst().p50() + 200);
        System.out.println("ramp, per second: " + rows);
    }

    /** One row per second from measuredStart on, adding up to the result's own totals exactly. */
    private static void assertSeriesCoverTheWindow(LevelResult r) {
        List<SecondStats> rows = r.series();
        assertThat(rows).as("%s", r).hasSize((int) Math.ceil(r.measuredSeconds()));
        for (int i = 0; i < rows.size(); i++) {
            assertThat(rows.get(i).startMs()).isEqualTo(r.measuredStart().toEpochMilli() + 1000L * i);
        }
        assertThat(rows.stream().mapToLong(SecondStats::successes).sum()).isEqualTo(r.successes());
        assertThat(rows.stream().mapToLong(SecondStats::errors).sum()).isEqualTo(r.errors());
        assertThat(rows.stream().mapToLong(SecondStats::started).sum())
                .isEqualTo(Math.round(r.startedRps() * r.measuredSeconds()));
        var causes = new TreeMap<String, Long>();
        rows.forEach(row -> row.errorsByCause().forEach((cause, n) -> causes.merge(cause, n, Long::sum)));
        assertThat(causes).isEqualTo(new TreeMap<>(r.errorsByCause()));
    }

    /**
     * The histogram holds every request that finished in the window, and the point's latencies are
     * the histogram's own (the generator takes them from it): 1 ms apart at most, the worker's
     * decoding rounding to its own histogram's resolution.
     */
    private static void assertLatenciesAreTheHistograms(LevelResult r) {
        LatencyHistogram h = r.latencyDistribution();
        assertThat(h.count()).as("%s", h).isEqualTo(r.requests());
        if (r.requests() == 0) {
            return;
        }
        assertThat(h.equivalent(h.max(), r.maxMs())).as("max %s vs %s", h, r.maxMs()).isTrue();
        Map.of(50.0, r.p50Ms(), 95.0, r.p95Ms(), 99.0, r.p99Ms()).forEach((percentile, point) ->
                assertThat((long) point).as("p%s: the point %s ms, histogram %s ms", percentile, point, h.percentile(percentile))
                        .isBetween(Math.min(h.percentile(percentile), r.maxMs()) - 1, Math.min(h.percentile(percentile), r.maxMs()) + 1));
    }

    @Test
    @Order(6)
    void closeStopsTheProcess() throws Exception {
        long pid = generator.pid();
        generator.close();
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertThatThrownBy(() -> generator.warmUp(server.url("/ok"), Duration.ofSeconds(1)))
                .isInstanceOf(LoadGeneratorException.class);
        assertThat(Files.exists(runDir.resolve("loadgen.log"))).isTrue();
    }
}
