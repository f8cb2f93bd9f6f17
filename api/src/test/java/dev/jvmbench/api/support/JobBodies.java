package dev.jvmbench.api.support;

import static dev.jvmbench.api.support.ApiClient.map;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Job request bodies as mutable maps, so a test changes exactly the part it is about. */
public final class JobBodies {

    private JobBodies() {
    }

    /** A valid io-http job on the stock apps: 2 JDKs x 2 thread models x 2 repetitions = 8 runs. */
    public static Map<String, Object> valid() {
        return map(
                "threadModels", new ArrayList<>(List.of("platform", "virtual")),
                "jdks", new ArrayList<>(List.of(21, 25)),
                "scenario", map("name", "io-http", "params", map("delayMs", 200)),
                "load", map("model", "closed", "levels", new ArrayList<>(List.of(20, 80)), "stepSeconds", 10,
                        "warmupSeconds", 5),
                "limits", map("cpus", 1.0, "memoryMb", 512),
                "repetitions", 2,
                "labels", map("branch", "main", "test-run", UUID.randomUUID().toString()));
    }

    /** A valid job for a user's image. */
    public static Map<String, Object> userImage(String image) {
        Map<String, Object> body = valid();
        body.put("app", map("image", image));
        body.put("jdks", new ArrayList<>(List.of(25)));
        body.put("scenario", map("name", "checkout", "request",
                map("method", "GET", "path", "/api/checkout", "expectedStatus", 200, "upstreams", List.of("http"))));
        return body;
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> child(Map<String, Object> body, String key) {
        return (Map<String, Object>) body.get(key);
    }
}
