package dev.jvmbench.api.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The open model of the load ({@link ApiLoad.OpenLoop}) with requests of its own instead of the
 * api's: what it plans, sends, drops and counts. Its bounds are physical (a request that sleeps
 * 300 ms takes at least 300 ms; a sender never sends before a planned time), never a timing.
 */
class OpenLoopTest {

    static final long MS = 1_000_000;

    @Test
    void sendsEveryPlannedRequestAtOrAfterItsTimeWithoutWaitingForTheOthers() throws Exception {
        // 50 requests of at least 300 ms each, planned over 1 s: one after the other they would take
        // at least 15 s; sent at their planned times, they overlap.
        ApiLoad.OpenLoop loop = new ApiLoad.OpenLoop(50, Duration.ofSeconds(1), 100, Duration.ofSeconds(60));
        long start = System.nanoTime();
        ApiLoad.OpenResult result = loop.run(i -> {
            Thread.sleep(300);
            return null;
        });
        long took = System.nanoTime() - start;

        assertThat(result.planned()).isEqualTo(50);
        assertThat(result.sent()).isEqualTo(50);
        assertThat(result.dropped()).isZero();
        assertThat(result.answered()).isEqualTo(50);
        assertThat(result.errors()).isZero();
        for (int i = 0; i < 50; i++) {
            long planned = Math.round(i * 1e9 / 50);
            assertThat(result.sentAtNanos()[i]).as("request %d is never sent before its planned time", i)
                    .isGreaterThanOrEqualTo(planned);
            assertThat(result.latencyNanos()[i]).as("request %d: from its planned time, at least its 300 ms", i)
                    .isGreaterThanOrEqualTo(result.sentAtNanos()[i] - planned + 300 * MS);
        }
        assertThat(result.sentAtNanos()[49]).as("not faster than asked: the last one 0.98 s after the first")
                .isGreaterThanOrEqualTo(980 * MS);
        assertThat(took).as("requests did not wait for each other (one after the other: at least 15 s)")
                .isLessThan(15_000 * MS);
        assertThat(result.peakInFlight()).isGreaterThan(1);
        assertThat(result.p50Ms()).isGreaterThanOrEqualTo(300);
        assertThat(result.p99ByWindow(Duration.ofMillis(500))).as("p99 of the requests planned in each half second")
                .hasSize(2).allMatch(p99 -> p99 >= 300);
    }

    @Test
    void aSenderThatFellBehindSendsTheOverdueRequestsAndTheirLatencyRunsFromThePlannedTime() throws Exception {
        // The sender stalled 1 s before its first request (as in a GC pause of the load client): the
        // first 20 requests are overdue. They are sent, not skipped, and their wait counts.
        ApiLoad.OpenLoop loop = new ApiLoad.OpenLoop(20, Duration.ofSeconds(2), 100, Duration.ofSeconds(60));
        ApiLoad.OpenResult result = loop.run(i -> null, System.nanoTime() - 1_000 * MS);

        assertThat(result.planned()).isEqualTo(40);
        assertThat(result.sent()).isEqualTo(40);
        assertThat(result.errors()).isZero();
        assertThat(result.latencyNanos()[0]).as("the first request answered at once, but 1 s after its planned time")
                .isGreaterThanOrEqualTo(1_000 * MS);
        assertThat(result.maxMs()).isGreaterThanOrEqualTo(1_000);
        assertThat(result.sendLagMaxMs()).isGreaterThanOrEqualTo(1_000);
        for (int i = 0; i < 40; i++) {
            assertThat(result.latencyNanos()[i]).as("request %d", i)
                    .isGreaterThanOrEqualTo(result.sentAtNanos()[i] - Math.round(i * 1e9 / 20));
        }
    }

    @Test
    void aRequestPlannedWhileTheBoundIsReachedIsDroppedNotQueued() throws Exception {
        // At most 1 in flight, each taking at least 250 ms, one planned every 50 ms: sending all 40
        // would need a sender 10 s late.
        ApiLoad.OpenLoop loop = new ApiLoad.OpenLoop(20, Duration.ofSeconds(2), 1, Duration.ofSeconds(60));
        ApiLoad.OpenResult result = loop.run(i -> {
            Thread.sleep(250);
            return null;
        });

        assertThat(result.planned()).isEqualTo(40);
        assertThat(result.sent()).isPositive();
        assertThat(result.dropped()).isPositive();
        assertThat(result.sent() + result.dropped()).isEqualTo(40);
        assertThat(result.answered()).isEqualTo(result.sent());
        assertThat(result.peakInFlight()).isEqualTo(1);
        assertThat(result.errors()).as("dropped is its own figure").isZero();
        long withLatency = java.util.Arrays.stream(result.latencyNanos()).filter(l -> l >= 0).count();
        assertThat(withLatency).as("dropped requests have no latency").isEqualTo(result.sent());
    }

    @Test
    void errorsAndExceptionsAreCountedByKind() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        ApiLoad.OpenLoop loop = new ApiLoad.OpenLoop(100, Duration.ofMillis(300), 100, Duration.ofSeconds(60));
        ApiLoad.OpenResult result = loop.run(i -> {
            int k = calls.getAndIncrement();
            if (k % 3 == 0) {
                return "GET /api/v1/jobs 500";
            }
            if (k % 5 == 0) {
                throw new IllegalStateException("boom");
            }
            return null;
        });

        assertThat(result.planned()).isEqualTo(30);
        assertThat(result.answered()).isEqualTo(30);
        assertThat(result.errorsByKind()).isEqualTo(Map.of("GET /api/v1/jobs 500", 10L, "IllegalStateException", 4L));
        assertThat(result.errors()).isEqualTo(14);
        assertThat(result.dropped()).isZero();
    }

    @Test
    void requestsStillUnansweredAfterTheDrainAreErrors() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try {
            ApiLoad.OpenLoop loop = new ApiLoad.OpenLoop(10, Duration.ofMillis(300), 100, Duration.ofMillis(200));
            ApiLoad.OpenResult result = loop.run(i -> {
                release.await();
                return null;
            });

            assertThat(result.planned()).isEqualTo(3);
            assertThat(result.sent()).isEqualTo(3);
            assertThat(result.answered()).isZero();
            assertThat(result.errorsByKind()).isEqualTo(Map.of("no answer in 200 ms", 3L));
            assertThat(result.latencyNanos()).containsOnly(-1L);
        } finally {
            release.countDown();
        }
    }
}
