package dev.jvmbench.worker.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

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
                .as("worker/loadgen is not built: run ./mvnw verify from the root, or ./mvnw -pl worker/loadgen package")
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

        LevelResult slow = generator.runLevel(LevelRequest.get(LoadModel.CLOSED, 5, Duration.ZERO,
                Duration.ofSeconds(2), Duration.ofMillis(30), server.url("/ok")));
        assertThat(slow.successes()).isZero();
        assertThat(slow.errorsByCause()).containsEntry("timeout", slow.errors());
        assertThat(slow.errors()).isPositive();
    }

    @Test
    @Order(5)
    void closeStopsTheProcess() throws Exception {
        long pid = generator.pid();
        generator.close();
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertThatThrownBy(() -> generator.warmUp(server.url("/ok"), Duration.ofSeconds(1)))
                .isInstanceOf(LoadGeneratorException.class);
        assertThat(Files.exists(runDir.resolve("loadgen.log"))).isTrue();
    }
}
