package dev.jvmbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static dev.jvmbench.loadgen.WindowAssertions.assertLatenciesAreTheHistograms;
import static dev.jvmbench.loadgen.WindowAssertions.assertSeriesCoverTheWindow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmbench.loadgen.protocol.LevelAnswer;
import dev.jvmbench.loadgen.protocol.SecondStats;
import dev.jvmbench.loadgen.protocol.WarmupAnswer;
import dev.jvmbench.loadgen.testing.DelayServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Gatling against a real loopback server, through the stdin/stdout protocol. One
 * generator process for the class, as in a benchmark run. Timings are only checked against
 * wide physical bounds: this machine has 2 cores shared with other builds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LoadgenMainTest {

    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path workDir;
    private DelayServer server;
    private LoadgenProcess loadgen;

    @BeforeAll
    void start() throws Exception {
        server = new DelayServer();
        loadgen = new LoadgenProcess(workDir);
    }

    @AfterAll
    void stop() {
        if (loadgen != null) {
            loadgen.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private String level(String model, int level, int measuredSeconds, int timeoutMs, String path) {
        return level(model, level, 1, measuredSeconds, timeoutMs, path);
    }

    private String level(String model, int level, int warmupSeconds, int measuredSeconds, int timeoutMs, String path) {
        return """
                {"cmd":"level","model":"%s","level":%d,"warmupSeconds":%d,"measuredSeconds":%d,\
                "requestTimeoutMs":%d,"method":"GET","url":"%s","headers":{"Accept":"text/plain"},\
                "body":null,"expectedStatus":200}""".formatted(model, level, warmupSeconds, measuredSeconds, timeoutMs,
                server.url(path));
    }

    /** The answer as the worker reads it: through the protocol's record (which validates it). */
    private static LevelAnswer answer(JsonNode r) throws Exception {
        return JSON.treeToValue(r, LevelAnswer.class);
    }

    @Test
    @Order(1)
    void warmsTheGeneratorAndKeepsTheVersionCheckLocal() throws Exception {
        JsonNode answer = loadgen.send("{\"cmd\":\"warmup-generator\",\"url\":\"" + server.url("/ok") + "\",\"seconds\":2}",
                ANSWER_TIMEOUT);
        assertTrue(answer.path("ok").asBoolean(), answer.toString());
        assertTrue(answer.path("requests").asLong() > 0, answer.toString());
        WarmupAnswer warmup = JSON.treeToValue(answer, WarmupAnswer.class);
        assertEquals(2, warmup.series().size(), answer.toString());
        assertEquals(warmup.requests(), warmup.series().stream().mapToLong(SecondStats::started).sum(), answer.toString());

        // the preferences node that makes Gatling skip its Maven Central call at start
        Path prefs = workDir.resolve("prefs/.java/.userPrefs/io/gatling/latestVersion/prefs.xml");
        assertTrue(Files.exists(prefs), "missing " + prefs);
        String xml = Files.readString(prefs);
        long timestamp = Long.parseLong(xml.replaceAll("(?s).*key=\"lastCheckTimestamp\" value=\"(\\d+)\".*", "$1"));
        assertTrue(timestamp > System.currentTimeMillis(), xml);
    }

    @Test
    @Order(2)
    void closedLevelIsBoundByUsersOverDelay() throws Exception {
        JsonNode r = loadgen.send(level("closed", 20, 5, 5_000, "/ok"), ANSWER_TIMEOUT);
        assertTrue(r.path("ok").asBoolean(), r.toString());
        assertEquals(20, r.path("level").asInt());
        assertEquals(0, r.path("errors").asLong(), r.toString());
        double ceiling = 20 / (DelayServer.DELAY.toMillis() / 1000.0);
        double throughput = r.path("throughputRps").asDouble();
        assertTrue(throughput < ceiling * 1.1, "above the physical ceiling: " + r);
        assertTrue(throughput > 50, "far below the ceiling: " + r);
        assertEquals(r.path("successes").asLong() / 5.0, throughput, 1e-9);
        assertTrue(r.path("latencyMs").path("p50").asInt() >= 100, r.toString());
        assertTrue(r.path("latencyMs").path("p99").asInt() >= r.path("latencyMs").path("p50").asInt(), r.toString());
        assertTrue(r.path("latencyMs").path("max").asInt() >= r.path("latencyMs").path("p99").asInt(), r.toString());
        assertTrue(r.path("offeredRateReached").isNull(), r.toString());
        Instant start = Instant.parse(r.path("measuredStart").asText());
        Instant end = Instant.parse(r.path("measuredEnd").asText());
        assertEquals(Duration.ofSeconds(5), Duration.between(start, end));
        assertTrue(r.path("activeUsersMin").asInt() > 0, r.toString());
        assertTrue(r.path("cpuMs").asLong() > 0, r.toString());

        LevelAnswer a = answer(r);
        assertSeriesCoverTheWindow(a);
        assertLatenciesAreTheHistograms(a);
        for (SecondStats second : a.series()) {
            // 20 looping users: never more than 20 in flight, and each finished request took the delay
            assertTrue(second.inFlightMax() != null && second.inFlightMax() <= 20, second.toString());
            assertTrue(second.finished() > 0 && second.p50() >= DelayServer.DELAY.toMillis(), second.toString());
        }
        // the level's 1 s warm-up has its own row, before the measured window
        assertEquals(1, a.warmupSeries().size(), r.toString());
        assertTrue(a.warmupSeries().getFirst().successes() > 0, r.toString());
        assertTrue(a.warmupSeries().getFirst().startMs() < a.series().getFirst().startMs(), r.toString());
        System.err.println("closed 20 users x 100 ms, per second: " + a.series());
    }

    @Test
    @Order(3)
    void openLevelReachesItsRate() throws Exception {
        JsonNode r = loadgen.send(level("open", 50, 5, 5_000, "/ok"), ANSWER_TIMEOUT);
        assertTrue(r.path("ok").asBoolean(), r.toString());
        assertTrue(r.path("offeredRateReached").asBoolean(), r.toString());
        assertEquals(50.0, r.path("offeredRps").asDouble());
        assertEquals(0, r.path("errors").asLong(), r.toString());
        // arrivals do not wait for answers: throughput follows the rate, not users / delay
        double throughput = r.path("throughputRps").asDouble();
        assertTrue(throughput > 40 && throughput <= 50 * 1.1, r.toString());
        assertTrue(r.path("latencyMs").path("p50").asInt() >= 100, r.toString());

        LevelAnswer a = answer(r);
        assertSeriesCoverTheWindow(a);
        assertLatenciesAreTheHistograms(a);
        // arrivals at 50/s: no whole second of the window starts more than 60 or fewer than 30
        for (SecondStats second : a.series()) {
            assertTrue(second.started() >= 30 && second.started() <= 60, second.toString());
        }
    }

    @Test
    @Order(4)
    void wrongStatusIsAnErrorByCause() throws Exception {
        JsonNode r = loadgen.send(level("closed", 5, 2, 5_000, "/fail"), ANSWER_TIMEOUT);
        assertTrue(r.path("ok").asBoolean(), r.toString());
        assertEquals(0, r.path("successes").asLong(), r.toString());
        assertTrue(r.path("errors").asLong() > 0, r.toString());
        assertEquals(r.path("errors").asLong(), r.path("errorsByCause").path("status-500").asLong(), r.toString());
        assertEquals(0.0, r.path("throughputRps").asDouble());

        LevelAnswer a = answer(r);
        assertSeriesCoverTheWindow(a);
        assertLatenciesAreTheHistograms(a);
        assertTrue(a.series().stream().allMatch(s -> s.successes() == 0 && s.errorsByCause().keySet().equals(java.util.Set.of("status-500"))),
                a.series().toString());
    }

    @Test
    @Order(5)
    void requestTimeoutsAreCountedNotDropped() throws Exception {
        JsonNode r = loadgen.send(level("closed", 5, 2, 30, "/ok"), ANSWER_TIMEOUT);
        assertTrue(r.path("ok").asBoolean(), r.toString());
        assertEquals(0, r.path("successes").asLong(), r.toString());
        assertTrue(r.path("errorsByCause").path("timeout").asLong() > 0, r.toString());
        assertEquals(r.path("errors").asLong(), r.path("errorsByCause").path("timeout").asLong(), r.toString());
        assertTrue(r.path("latencyMs").path("p50").asInt() < DelayServer.DELAY.toMillis(), r.toString());

        LevelAnswer a = answer(r);
        assertSeriesCoverTheWindow(a);
        assertLatenciesAreTheHistograms(a);
        // a timeout shows at its timeout, second by second too: never below it, never at the server's delay
        for (SecondStats second : a.series()) {
            assertTrue(second.p50() >= 30 && second.max() < DelayServer.DELAY.toMillis(), second.toString());
        }
    }

    @Test
    @Order(6)
    void aSlowingServerShowsInTheSecondsItSlowedIn() throws Exception {
        // the delay grows by 100 ms every second from now: 100 ms at the start, ~600 ms after 5 s
        String ramp = "/ramp?from=" + System.currentTimeMillis();
        LevelAnswer a = answer(loadgen.send(level("closed", 5, 0, 5, 5_000, ramp), ANSWER_TIMEOUT));
        assertSeriesCoverTheWindow(a);
        assertLatenciesAreTheHistograms(a);
        assertEquals(List.of(), a.warmupSeries());
        List<SecondStats> rows = a.series();
        for (int i = 1; i < rows.size(); i++) {
            // a request finishing later started later: its delay was at least the earlier one's
            assertTrue(rows.get(i).p50() >= rows.get(i - 1).p50() - 20, rows.toString());
        }
        // last second against first: ~400 ms apart by construction; half of that is a wide margin
        assertTrue(rows.getLast().p50() >= rows.getFirst().p50() + 200, rows.toString());
        System.err.println("ramp, per second: " + rows);
    }

    @Test
    @Order(7)
    void aQueueingServerIsLeftNoBacklogAndTheWindowGoesOnFromTheWarmup() throws Exception {
        // one request at a time, 200 ms each: 8 users keep ~8 queued. Were the warm-up's requests in
        // flight abandoned at its end, the server would work through them (~1.6 s) before the window's
        // first request, and the window would open with a second in which nothing finished
        LevelAnswer a = answer(loadgen.send(level("closed", 8, 2, 4, 10_000, "/serial"), ANSWER_TIMEOUT));
        assertEquals(0, server.serialInProgress(), "a request was left behind in the server: " + a);
        assertSeriesCoverTheWindow(a);
        assertLatenciesAreTheHistograms(a);
        assertEquals(0, a.errors(), a.toString());
        double ceiling = 1000.0 / DelayServer.SERIAL_WORK.toMillis();
        assertTrue(a.throughputRps() <= ceiling * 1.1 && a.throughputRps() > ceiling / 3, a.toString());
        for (SecondStats second : a.series()) {
            assertTrue(second.successes() > 0, "a second of the window finished nothing: " + a.series());
        }
        // the same users went on: the warm-up's queue is the window's, at ~8 x 200 ms per request
        assertTrue(a.warmupSeries().getLast().successes() > 0, a.warmupSeries().toString());
        assertTrue(a.latencyMs().p50() >= 4 * DelayServer.SERIAL_WORK.toMillis(), a.toString());

        // a level right after, without warm-up: the first one drained, so its first second answers too
        LevelAnswer next = answer(loadgen.send(level("closed", 4, 0, 2, 10_000, "/serial"), ANSWER_TIMEOUT));
        assertEquals(0, server.serialInProgress(), next.toString());
        assertTrue(next.series().getFirst().successes() > 0, next.series().toString());
    }

    @Test
    @Order(8)
    void malformedCommandsAnswerAnErrorAndTheProcessGoesOn() throws Exception {
        JsonNode notJson = loadgen.send("this is not json", ANSWER_TIMEOUT);
        assertFalse(notJson.path("ok").asBoolean(true), notJson.toString());
        assertFalse(notJson.path("error").asText().isBlank());

        JsonNode unknown = loadgen.send("{\"cmd\":\"fly\"}", ANSWER_TIMEOUT);
        assertFalse(unknown.path("ok").asBoolean(true), unknown.toString());

        JsonNode badModel = loadgen.send(level("sideways", 5, 1, 1_000, "/ok"), ANSWER_TIMEOUT);
        assertFalse(badModel.path("ok").asBoolean(true), badModel.toString());
        assertTrue(badModel.path("error").asText().contains("model"), badModel.toString());

        assertTrue(loadgen.process.isAlive());
        JsonNode stillWorks = loadgen.send(level("closed", 2, 1, 5_000, "/ok"), ANSWER_TIMEOUT);
        assertTrue(stillWorks.path("ok").asBoolean(), stillWorks.toString());
    }

    @Test
    @Order(9)
    void quitExitsZero() throws Exception {
        JsonNode r = loadgen.send("{\"cmd\":\"quit\"}", ANSWER_TIMEOUT);
        assertTrue(r.path("ok").asBoolean(), r.toString());
        assertTrue(loadgen.process.waitFor(30, TimeUnit.SECONDS), "still running after quit");
        assertEquals(0, loadgen.process.exitValue());
        // every run's request records, as RequestLog read them, were as many as Gatling's own reader counted
        String err = Files.readString(workDir.resolve("loadgen.err"));
        assertFalse(err.contains("LogFileReader counted"), err);
    }
}
