package dev.jvmbench.targetapp.scenario;

import dev.jvmbench.targetapp.scenario.testing.DelayedHttpServer;
import dev.jvmbench.targetapp.scenario.testing.TcpSockets;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The scenario knobs' building blocks, without an app around them. */
class KnobsTest {

    @Test
    void failureLogWritesOneLinePerCausePerWindowWithTheCount() {
        List<String> lines = new ArrayList<>();
        var log = new FailureLog(lines::add);
        for (int i = 0; i < 12; i++) {
            log.record("io-http", new RuntimeException("wrapped",
                    new IllegalStateException("Pending acquire queue has reached its maximum size of 8")));
        }
        log.record("io-http", "upstream answered HTTP 500");
        log.flush();
        assertThat(lines).containsExactlyInAnyOrder(
                "io-http upstream failed: Pending acquire queue has reached its maximum size of 8 (12 failures in the last second)",
                "io-http upstream failed: upstream answered HTTP 500 (1 failure in the last second)");

        lines.clear();
        log.flush(); // a quiet second writes nothing
        assertThat(lines).isEmpty();
        log.record("io-http", new ConnectException());
        log.close();
        assertThat(lines).containsExactly("io-http upstream failed: ConnectException (1 failure in the last second)");
    }

    @Test
    void failureLogBoundsTheCausesItTellsApart() {
        List<String> lines = new ArrayList<>();
        var log = new FailureLog(lines::add);
        for (int i = 0; i < FailureLog.MAX_CAUSES + 5; i++) {
            log.record("io-http", "cause " + i + "\nsecond line");
        }
        log.flush();
        assertThat(lines).hasSize(FailureLog.MAX_CAUSES + 1)
                .contains("io-http upstream failed: (other causes) (5 failures in the last second)")
                .allSatisfy(line -> assertThat(line).doesNotContain("\n"));
    }

    @Test
    void warmUpFallsLinearlyFromTheColdFactorToOne() {
        assertThat(WarmUp.repetitions(10, 60, 0)).isEqualTo(10);
        assertThat(WarmUp.repetitions(10, 60, 30)).isEqualTo(6); // 1 + 9 * 0.5 = 5.5, rounded half up
        assertThat(WarmUp.repetitions(10, 60, 59)).isEqualTo(1);
        assertThat(WarmUp.repetitions(10, 60, 600)).isEqualTo(1);

        var now = new AtomicLong(1_000);
        var warmUp = new WarmUp(now::get);
        assertThat(warmUp.repetitions(1, 60)).isEqualTo(1); // off: does not start the clock
        now.addAndGet(TimeUnit.SECONDS.toNanos(100));
        assertThat(warmUp.repetitions(5, 4)).isEqualTo(5); // the first request with a cold factor starts it
        now.addAndGet(TimeUnit.SECONDS.toNanos(2));
        assertThat(warmUp.repetitions(5, 4)).isEqualTo(3);
        now.addAndGet(TimeUnit.SECONDS.toNanos(2));
        assertThat(warmUp.repetitions(5, 4)).isEqualTo(1);
    }

    @Test
    void retainedHeapStaysReachableUntilTheRequestEnds() {
        var heap = new HeapLoad(null);
        var memory = ManagementFactory.getMemoryMXBean();
        try (var held = heap.retain(32 * 1024)) {
            assertThat(heap.retainedBytes()).isEqualTo(32L * 1024 * 1024);
            System.gc();
            assertThat(memory.getHeapMemoryUsage().getUsed()).isGreaterThanOrEqualTo(32L * 1024 * 1024);
        }
        assertThat(heap.retainedBytes()).isZero();
        heap.allocateGarbage(1024);
        assertThat(heap.retainedBytes()).isZero();
    }

    @Test
    void freezeLetsNRequestsThroughThenHangsEveryLaterOneUntilTheAppStops() throws Exception {
        var freeze = new Freeze();
        assertThat(freeze.countAndCheck(0)).isFalse(); // off
        assertThat(freeze.countAndCheck(2)).isFalse();
        assertThat(freeze.countAndCheck(2)).isFalse();
        assertThat(freeze.frozen()).isFalse();
        assertThat(freeze.countAndCheck(2)).isTrue();
        assertThat(freeze.frozen()).isTrue();

        var hung = CompletableFuture.runAsync(freeze::hang, r -> Thread.ofVirtual().start(r));
        var reactive = freeze.thawed().toCompletableFuture();
        reactive.cancel(true); // one cancelled request must not release the others
        assertThat(hung).isNotDone();
        freeze.close();
        assertThat(hung).failsWithin(Duration.ofSeconds(10)); // released at shutdown with an error, never an answer
    }

    @Test
    void aLeakedConnectionStaysOpenInCloseWait() throws Exception {
        try (var upstream = DelayedHttpServer.start(Duration.ofMillis(1));
             var leaks = new LeakedConnections(null)) {
            int port = URI.create(upstream.url()).getPort();
            long before = TcpSockets.closeWaitTo(port);
            for (int i = 0; i < 5; i++) {
                assertThat(leaks.get(URI.create(upstream.url()), Duration.ofSeconds(5), Duration.ofSeconds(30)))
                        .isEqualTo(200);
            }
            assertThat(leaks.count()).isEqualTo(5);
            // the answer was read to the upstream's FIN: the sockets are in CLOSE_WAIT already
            assertThat(TcpSockets.closeWaitTo(port) - before).isGreaterThanOrEqualTo(5);
            upstream.status(503);
            assertThat(leaks.get(URI.create(upstream.url()), Duration.ofSeconds(5), Duration.ofSeconds(30)))
                    .isEqualTo(503);
        }
    }

    @Test
    void clientSettingsTakeNamesOrCatalogueCodesAndRefuseTheRest() {
        assertThat(HttpClientSettings.of("1", "8", "16")).isEqualTo(
                new HttpClientSettings(HttpClientSettings.ClientExecutor.PLATFORM_POOL, 8, 16));
        assertThat(HttpClientSettings.of("platform-pool", null, null).executor())
                .isEqualTo(HttpClientSettings.ClientExecutor.PLATFORM_POOL);
        assertThat(HttpClientSettings.of("0", null, "-1")).isEqualTo(HttpClientSettings.defaults());
        assertThat(HttpClientSettings.of(null, null, null)).isEqualTo(HttpClientSettings.defaults());
        assertThatThrownBy(() -> HttpClientSettings.of("virtual", null, null))
                .hasMessageContaining("BENCH_HTTP_CLIENT_EXECUTOR");
        assertThatThrownBy(() -> HttpClientSettings.of(null, "0", null))
                .hasMessageContaining("BENCH_HTTP_CLIENT_MAX_CONNECTIONS");
        assertThatThrownBy(() -> HttpClientSettings.of(null, null, "1.5"))
                .hasMessageContaining("BENCH_HTTP_CLIENT_PENDING_ACQUIRE_MAX");
    }

    @Test
    void knobParametersHaveLimits() {
        assertThat(Scenario.kilobytes("retainKb", null)).isZero();
        assertThat(Scenario.freezeAfter("freezeAfterRequests", null)).isZero();
        assertThat(Scenario.coldFactor("coldFactor", null)).isEqualTo(1);
        assertThat(Scenario.warmSeconds("warmSeconds", null)).isEqualTo(60);
        assertThat(Scenario.flag(null)).isFalse();
        assertThatThrownBy(() -> Scenario.kilobytes("retainKb", HeapLoad.MAX_KB + 1)).hasMessageContaining("'retainKb'");
        assertThatThrownBy(() -> Scenario.kilobytes("garbageKb", -1)).hasMessageContaining("'garbageKb'");
        assertThatThrownBy(() -> Scenario.freezeAfter("freezeAfterRequests", -1L)).isInstanceOf(InvalidParameterException.class);
        assertThatThrownBy(() -> Scenario.coldFactor("coldFactor", 0)).isInstanceOf(InvalidParameterException.class);
        assertThatThrownBy(() -> Scenario.coldFactor("coldFactor", 101)).isInstanceOf(InvalidParameterException.class);
        assertThatThrownBy(() -> Scenario.warmSeconds("warmSeconds", 0)).isInstanceOf(InvalidParameterException.class);
        assertThat(Primes.countBelow(100, 3)).isEqualTo(25);
    }
}
