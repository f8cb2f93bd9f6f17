package dev.jvmbench.api.support;

import static dev.jvmbench.api.support.ApiClient.map;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Twelve builds of the stock app (labels suite=&lt;suite&gt;, sha=1..12), of which the seventh and later
 * lose 10% of throughput at level 80 (p95 up by as much) on virtual threads, the rest under 0.5%
 * noise per job and per run (seed 23): the series HistoryChangesApiTest finds exactly two change
 * points in, both at sha=7. Each job names baseline.labels suite=&lt;suite&gt; (stored), so its history
 * by default is its suite's.
 */
public final class SteppedBuilds {

    public static final List<Integer> LEVELS = List.of(20, 80);
    public static final int JOBS = 12;
    public static final int REGRESSED_FROM = 7;

    private SteppedBuilds() {
    }

    /**
     * Submits and ends the twelve jobs, oldest first; with {@code together}, their runs end first and
     * the jobs are moved to SUCCEEDED afterwards in one statement, so that whoever looks at them
     * sees the whole series at once.
     */
    public static List<Long> seed(ApiClient api, JdbcClient jdbc, String suite, boolean together) {
        SplittableRandom random = new SplittableRandom(23);
        List<Long> ids = new ArrayList<>();
        for (int sha = 1; sha <= JOBS; sha++) {
            Map<String, Object> body = JobBodies.valid();
            body.put("jdks", new ArrayList<>(List.of(25)));
            body.put("repetitions", 3);
            body.put("labels", map("suite", suite, "sha", String.valueOf(sha)));
            body.put("baseline", map("labels", map("suite", suite), "mode", "stored"));
            long id = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
            double jobNoise = 1 + 0.005 * random.nextGaussian();
            double[] runNoise = {1 + 0.005 * random.nextGaussian(), 1 + 0.005 * random.nextGaussian(),
                    1 + 0.005 * random.nextGaussian()};
            boolean regressed = sha >= REGRESSED_FROM;
            ResultSeeder.Values values = (jdk, model, repetition, level) -> {
                double noise = jobNoise * runNoise[repetition - 1];
                double slowdown = regressed && model.equals("virtual") && level == 80 ? 0.9 : 1.0;
                return map("throughput_rps", 390 * slowdown * noise * (level == 20 ? 0.25 : 1),
                        "latency_p95_ms", 205 / slowdown * noise, "cpu_ms_per_request", 1.5 * noise,
                        "vt_pinned_events", 0L, "flags", new String[0]);
            };
            if (together) {
                new ResultSeeder(jdbc).endQueued(id, LEVELS, values, "RUNNING");
            } else {
                new ResultSeeder(jdbc).complete(id, LEVELS, values);
            }
            ids.add(id);
        }
        if (together) {
            jdbc.sql("UPDATE jobs SET status = 'SUCCEEDED', finished_at = now() WHERE id IN (:ids)").param("ids", ids).update();
        }
        return ids;
    }
}
