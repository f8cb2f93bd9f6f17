package dev.jvmbench.targetapp.scenario.testing;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Fires n io-http requests at once (from virtual threads, which the JVM's platform thread count
 * does not include) against an upstream that holds each for a second, and records how many
 * platform threads the JVM gained meanwhile (ThreadMXBean's peak, reset just before).
 */
public record ConcurrentLoad(int requests, int platformThreadsAdded, int maxInFlightAtUpstream,
                      List<TestClient.Response> responses) {

    public static ConcurrentLoad ioHttp(DelayedHttpServer upstream, TestClient client, int n)
            throws InterruptedException, ExecutionException {
        var threads = ManagementFactory.getThreadMXBean();
        client.get("/scenarios/io-http"); // warm: clients, connection pools, the code path
        upstream.delay(Duration.ofSeconds(1));
        upstream.resetMaxInFlight();
        try {
            int before = threads.getThreadCount();
            threads.resetPeakThreadCount();
            List<Future<TestClient.Response>> futures = new ArrayList<>();
            try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < n; i++) {
                    futures.add(executor.submit(() -> client.get("/scenarios/io-http")));
                }
            }
            int peak = threads.getPeakThreadCount();
            List<TestClient.Response> responses = new ArrayList<>();
            for (var future : futures) {
                responses.add(future.get());
            }
            return new ConcurrentLoad(n, peak - before, upstream.maxInFlight(), responses);
        } finally {
            upstream.delay(Duration.ofMillis(100));
        }
    }

    @Override
    public String toString() {
        return requests + " concurrent io-http requests: +" + platformThreadsAdded + " platform threads, "
                + maxInFlightAtUpstream + " at once at the upstream";
    }
}
