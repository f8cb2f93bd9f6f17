package dev.jvmbench.worker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Adaptive warm-up and capacity search on real containers (docs/statistics.md): a stock app that
 * is steady at once stops warming up earlier than one made slow to warm up, and each records what
 * it used; a capacity search of io-http on a pool of 10 platform threads and a 100 ms upstream
 * finds the pool's ceiling of 10 / 0.1 s = 100 req/s. About 3 minutes on 2 cores.
 */
class VerdictsEndToEndTest {

    @TempDir
    static Path dataDir;
    private static Platform platform;
    private static final Map<String, Long> JOBS = new LinkedHashMap<>();

    private static Map<String, Object> job(String model, String scenario, Map<String, Object> params,
                                          Map<String, Object> load, Map<String, Object> more) {
        Map<String, Object> job = new LinkedHashMap<>();
        job.put("threadModels", List.of(model));
        job.put("jdks", List.of(25));
        job.put("scenario", Map.of("name", scenario, "params", params));
        job.put("load", load);
        job.put("repetitions", 1);
        job.putAll(more);
        return job;
    }

    private static Map<String, Object> adaptive(int users) {
        return Map.of("levels", List.of(users), "stepSeconds", 6, "warmupSeconds", 0, "requestTimeoutMs", 4000,
                "warmup", Map.of("mode", "adaptive", "maxSeconds", 75, "windowSeconds", 10));
    }

    @BeforeAll
    static void runEveryJob() throws Exception {
        platform = Platform.start(dataDir, List.of(Platform.WORKER_ID), Map.of("bench.worker.generator-warmup", "2s"));
        submit("steady", job("platform", "io-http", Map.of("delayMs", 50), adaptive(10), Map.of()));
        // five times the work at first, back to normal over 30 s: throughput climbs for 30 s
        submit("slow-to-warm", job("platform", "cpu", Map.of("limit", 300_000, "coldFactor", 5, "warmSeconds", 30),
                adaptive(4), Map.of()));
        submit("search", job("platform", "io-http", Map.of("delayMs", 100),
                Map.of("search", Map.of("start", 4, "max", 64, "maxSteps", 6, "resolutionPercent", 10),
                        "stepSeconds", 6, "warmupSeconds", 2, "requestTimeoutMs", 4000),
                Map.of("platform", Map.of("maxThreads", 10), "slo", Map.of("latencyP95Ms", 300))));
        for (long id : JOBS.values()) {
            assertThat(platform.awaitEnd(id, Duration.ofMinutes(10)).get("status").asString()).isEqualTo("SUCCEEDED");
        }
    }

    private static void submit(String name, Map<String, Object> job) throws Exception {
        Map<String, Object> labelled = new LinkedHashMap<>(job);
        labelled.put("labels", Map.of("test", "verdicts-" + name));
        JOBS.put(name, platform.post("/api/v1/jobs", labelled, 201).get("id").asLong());
    }

    @AfterAll
    static void stop() {
        if (platform != null) {
            platform.close();
        }
    }

    private static List<JsonNode> points(String job) throws Exception {
        List<JsonNode> points = new ArrayList<>();
        for (JsonNode run : platform.get("/api/v1/jobs/" + JOBS.get(job) + "/runs").get("items")) {
            platform.get("/api/v1/runs/" + run.get("id").asLong() + "/points").get("items").forEach(points::add);
        }
        return points;
    }

    @Test
    void aSteadyAppStopsWarmingUpEarlierThanOneThatWarmsUpSlowly() throws Exception {
        JsonNode steady = points("steady").getFirst().get("warmup");
        JsonNode slow = points("slow-to-warm").getFirst().get("warmup");
        System.out.printf("adaptive warm-up: steady io-http %s s (steady %s), slow-to-warm cpu %s s (steady %s)%n",
                steady.get("seconds"), steady.get("steady"), slow.get("seconds"), slow.get("steady"));

        assertThat(steady.get("adaptive").asBoolean()).isTrue();
        assertThat(steady.get("steady").asBoolean()).as("io-http is steady within the 75 s maximum").isTrue();
        // a 10 s window tested twice, 5 s apart, after each 5 s slice: 15 s at the very least
        assertThat(steady.get("seconds").asInt()).isBetween(15, 75);
        assertThat(slow.get("adaptive").asBoolean()).isTrue();
        assertThat(slow.get("seconds").asInt()).as("the cold app climbs for 30 s").isGreaterThan(steady.get("seconds").asInt())
                .isGreaterThanOrEqualTo(25);
    }

    @Test
    void aCapacitySearchFindsThePoolsCeiling() throws Exception {
        List<JsonNode> tried = points("search");
        System.out.printf("capacity search tried %s%n", tried.stream()
                .map(p -> p.get("level").asInt() + " users: " + Math.round(p.get("throughputRps").asDouble()) + " req/s, p95 "
                        + p.at("/latencyMs/p95").asDouble() + " ms").toList());
        assertThat(tried).hasSizeBetween(4, 6);
        assertThat(tried).allMatch(p -> p.get("level").asInt() <= 64);

        JsonNode capacity = platform.get("/api/v1/jobs/" + JOBS.get("search") + "/statistics").get("cells").get(0).get("capacity");
        System.out.printf("capacity: %s users, %s req/s (ceiling 100)%n", capacity.at("/searchedLevel/median"),
                capacity.at("/throughputRps/median"));
        // more users than the pool's 10 threads queue: the SLO holds past 10, and fails by 64 (640 ms)
        assertThat(capacity.at("/searchedLevel/median").asDouble()).isBetween(10.0, 40.0);
        // 10 threads x 1 / 0.1 s: at most the ceiling (5 % for timing), and the search found the plateau
        assertThat(capacity.at("/throughputRps/median").asDouble()).isBetween(80.0, 105.0);
    }
}
