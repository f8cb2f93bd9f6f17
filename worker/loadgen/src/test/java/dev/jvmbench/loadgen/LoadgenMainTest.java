package dev.jvmbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
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
        return """
                {"cmd":"level","model":"%s","level":%d,"warmupSeconds":1,"measuredSeconds":%d,\
                "requestTimeoutMs":%d,"method":"GET","url":"%s","headers":{"Accept":"text/plain"},\
                "body":null,"expectedStatus":200}""".formatted(model, level, measuredSeconds, timeoutMs, server.url(path));
    }

    @Test
    @Order(1)
    void warmsTheGeneratorAndKeepsTheVersionCheckLocal() throws Exception {
        JsonNode answer = loadgen.send("{\"cmd\":\"warmup-generator\",\"url\":\"" + server.url("/ok") + "\",\"seconds\":2}",
                ANSWER_TIMEOUT);
        assertTrue(answer.path("ok").asBoolean(), answer.toString());
        assertTrue(answer.path("requests").asLong() > 0, answer.toString());

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
    }

    @Test
    @Order(6)
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
    @Order(7)
    void quitExitsZero() throws Exception {
        JsonNode r = loadgen.send("{\"cmd\":\"quit\"}", ANSWER_TIMEOUT);
        assertTrue(r.path("ok").asBoolean(), r.toString());
        assertTrue(loadgen.process.waitFor(30, TimeUnit.SECONDS), "still running after quit");
        assertEquals(0, loadgen.process.exitValue());
    }
}
