package dev.jvmbench.api.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * The api under a bounded load (issue 7 section 4), short enough for every build: 200 clients
 * for 10 s against seeded jobs, runs and points plus submissions. Asserts 0 errors and that the
 * api's platform threads do not grow with the clients (requests run on virtual threads; the
 * connection pool makes them queue, not fail). Times are printed, never asserted.
 * {@code api/bench/run.sh} runs the full 500 clients x 20 s against a separate api process.
 * Its own api (the test property), so that its hundreds of jobs do not land in other tests' data.
 */
@ApiIntegrationTest
@TestPropertySource(properties = "bench.loadtest=own-context")
class ApiLoadTest {

    static final int CLIENTS = Integer.getInteger("bench.loadtest.clients", 200);
    static final Duration DURATION = Duration.ofSeconds(Long.getLong("bench.loadtest.seconds", 10));
    /** Wide: the pool's helper threads, Tomcat's poller, a few ForkJoinPool carriers at most. */
    static final int THREAD_ALLOWANCE = 20;

    @LocalServerPort
    int port;
    @Autowired
    DataSource dataSource;

    @Test
    void manyConcurrentClientsGetNoErrorsAndAddNoPlatformThreads() throws Exception {
        ApiLoad load = new ApiLoad("http://127.0.0.1:" + port, ApiClient.ADMIN_TOKEN);
        List<Long> jobs = load.submitJobs(30);
        List<Long> runs;
        try (Connection db = dataSource.getConnection()) {
            runs = ApiLoad.storePoints(db, jobs);
        }
        ApiLoad.Seed seed = new ApiLoad.Seed(jobs, runs);
        load.run(seed, 10, Duration.ofSeconds(2));

        // Same JVM: the peak from now on is the load's peak.
        java.lang.management.ManagementFactory.getThreadMXBean().resetPeakThreadCount();
        Map<String, Long> before = load.platformThreads();
        ApiLoad.Result result = load.run(seed, CLIENTS, DURATION);
        Map<String, Long> after = load.platformThreads();

        System.out.println("load test: " + result.summary());
        System.out.printf("load test: platform threads before %d, after %d, peak %d (JVM of api and clients)%n",
                before.get("live"), after.get("live"), after.getOrDefault("peak", -1L));
        assertThat(result.errors()).as("errors by kind: %s", result.errorsByKind()).isZero();
        assertThat(result.requests()).as("every client got answers").isGreaterThanOrEqualTo(CLIENTS);
        assertThat(after.get("live")).as("platform threads after the load vs before (%s)", before)
                .isLessThan(before.get("live") + THREAD_ALLOWANCE);
        assertThat(after.get("peak")).as("peak platform threads during the load stay far below one per client")
                .isLessThan(before.get("live") + 2 * THREAD_ALLOWANCE);
    }
}
