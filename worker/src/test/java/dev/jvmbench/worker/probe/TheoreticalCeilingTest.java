package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class TheoreticalCeilingTest {

    private static final Duration MS_200 = Duration.ofMillis(200);

    @Test
    void ioHttpOnPlatformThreadsIsCappedByThePool() {
        assertThat(ceiling("io-http", "platform", 400, 200, MS_200, null, 1, 25)).isCloseTo(1000.0, within(1e-9));
        assertThat(ceiling("io-http", "platform", 50, 200, MS_200, null, 1, 25)).isCloseTo(250.0, within(1e-9));
    }

    @Test
    void ioHttpOnVirtualThreadsAndWebfluxIsCappedOnlyByConcurrency() {
        assertThat(ceiling("io-http", "virtual", 400, 200, MS_200, null, 1, 21)).isCloseTo(2000.0, within(1e-9));
        assertThat(ceiling("io-http", "webflux", 400, 0, MS_200, null, 1, 25)).isCloseTo(2000.0, within(1e-9));
    }

    @Test
    void sleepFollowsTheSameRuleAsIoHttp() {
        assertThat(ceiling("sleep", "platform", 300, 200, Duration.ofMillis(100), null, 1, 25)).isCloseTo(2000.0, within(1e-9));
        assertThat(ceiling("sleep", "virtual", 300, 200, Duration.ofMillis(100), null, 1, 25)).isCloseTo(3000.0, within(1e-9));
    }

    @Test
    void ioDbIsCappedByTheConnectionPool() {
        assertThat(ceiling("io-db", "virtual", 400, 0, MS_200, 10, 1, 25)).isCloseTo(50.0, within(1e-9));
        assertThat(ceiling("io-db", "platform", 5, 200, MS_200, 10, 1, 25)).isCloseTo(25.0, within(1e-9));
        assertThat(ceiling("io-db", "platform", 400, 8, MS_200, 10, 1, 25)).isCloseTo(40.0, within(1e-9));
    }

    @Test
    void ioDbWithoutAPoolSizeIsRejected() {
        assertThatThrownBy(() -> ceiling("io-db", "virtual", 10, 0, MS_200, null, 1, 25))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pool size");
    }

    @Test
    void pinningOnVirtualThreadsBeforeJdk24IsCappedByTheCarriers() {
        Duration hold = Duration.ofMillis(50);
        assertThat(ceiling("pinning", "virtual", 100, 0, hold, null, 1, 21)).isCloseTo(20.0, within(1e-9));
        // the JVM rounds a fractional quota up: 1.5 CPUs start 2 carriers
        assertThat(ceiling("pinning", "virtual", 100, 0, hold, null, 1.5, 21)).isCloseTo(40.0, within(1e-9));
        assertThat(ceiling("pinning", "virtual", 1, 0, hold, null, 4, 21)).isCloseTo(20.0, within(1e-9));
    }

    /** JDK 21 may run a carrier beyond its parallelism: two requests then hold a carrier each. */
    @Test
    void pinningBeforeJdk24CountsTheCarriersThatRan() {
        Duration hold = Duration.ofMillis(50);
        assertThat(carriersCeiling(100, hold, 1, 21, 2)).isCloseTo(40.0, within(1e-9));
        // the parallelism is the floor: a count below it saw the threads before the scheduler started them
        assertThat(carriersCeiling(100, hold, 2, 21, 1)).isCloseTo(40.0, within(1e-9));
        assertThat(carriersCeiling(100, hold, 1, 21, 0)).isCloseTo(20.0, within(1e-9));
        assertThat(carriersCeiling(1, hold, 1, 21, 3)).isCloseTo(20.0, within(1e-9));
        // nothing pins from JDK 24 on, and WebFlux runs the hold on its bounded-elastic pool
        assertThat(carriersCeiling(100, hold, 1, 25, 2)).isCloseTo(2000.0, within(1e-9));
        assertThat(TheoreticalCeiling.requestsPerSecond(new TheoreticalCeiling.Cell("pinning", "webflux", 100, 0, hold,
                null, 1, 21, 3))).isCloseTo(200.0, within(1e-9));
        assertThatThrownBy(() -> carriersCeiling(1, hold, 1, 21, -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("carriers");
    }

    private static Double carriersCeiling(int concurrency, Duration hold, double cpus, int jdk, int carriers) {
        return TheoreticalCeiling.requestsPerSecond(
                new TheoreticalCeiling.Cell("pinning", "virtual", concurrency, 0, hold, null, cpus, jdk, carriers));
    }

    @Test
    void pinningFromJdk24OnIsLikeSleepOnThreads() {
        Duration hold = Duration.ofMillis(50);
        assertThat(ceiling("pinning", "virtual", 100, 0, hold, null, 1, 24)).isCloseTo(2000.0, within(1e-9));
        assertThat(ceiling("pinning", "virtual", 100, 0, hold, null, 1, 25)).isCloseTo(2000.0, within(1e-9));
        assertThat(ceiling("pinning", "platform", 100, 20, hold, null, 1, 21)).isCloseTo(400.0, within(1e-9));
    }

    @Test
    void pinningOnWebfluxIsCappedByTheBoundedElasticPool() {
        Duration hold = Duration.ofMillis(50);
        assertThat(ceiling("pinning", "webflux", 100, 0, hold, null, 1, 21)).isCloseTo(200.0, within(1e-9));
        assertThat(ceiling("pinning", "webflux", 100, 0, hold, null, 2, 25)).isCloseTo(400.0, within(1e-9));
        assertThat(ceiling("pinning", "webflux", 5, 0, hold, null, 2, 25)).isCloseTo(100.0, within(1e-9));
    }

    @Test
    void cpuAndCustomScenariosHaveNoCeiling() {
        assertThat(ceiling("cpu", "platform", 100, 200, null, null, 1, 25)).isNull();
        assertThat(ceiling("checkout", "virtual", 100, 0, MS_200, null, 1, 25)).isNull();
        assertThat(TheoreticalCeiling.measuredShare(123.0, null)).isNull();
    }

    @Test
    void measuredShareIsThroughputOverCeiling() {
        assertThat(TheoreticalCeiling.measuredShare(970.0, 1000.0)).isCloseTo(0.97, within(1e-12));
    }

    @Test
    void invalidCellsAreRejected() {
        assertThatThrownBy(() -> ceiling("sleep", "green", 1, 1, MS_200, null, 1, 25))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("threadModel");
        assertThatThrownBy(() -> ceiling("sleep", "virtual", 0, 1, MS_200, null, 1, 25))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("concurrency");
        assertThatThrownBy(() -> ceiling("sleep", "platform", 1, 0, MS_200, null, 1, 25))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("platformThreads");
        assertThatThrownBy(() -> ceiling("sleep", "virtual", 1, 0, Duration.ZERO, null, 1, 25))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("waitTime");
        assertThatThrownBy(() -> ceiling("sleep", "virtual", 1, 0, null, null, 1, 25))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("waits");
    }

    private static Double ceiling(String scenario, String model, int concurrency, int threads, Duration wait,
                                  Integer poolSize, double cpus, int jdk) {
        return TheoreticalCeiling.requestsPerSecond(
                new TheoreticalCeiling.Cell(scenario, model, concurrency, threads, wait, poolSize, cpus, jdk, null));
    }
}
