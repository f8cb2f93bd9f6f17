package dev.jvmbench.loadgen.protocol;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One valid instance of every message, with every optional part filled. */
final class Messages {

    private Messages() {
    }

    static LevelCommand level() {
        var headers = new LinkedHashMap<String, String>();
        headers.put("Accept", "text/plain");
        headers.put("X-Quote", "a\"b\\c\n\u00e9");
        return new LevelCommand(LoadModel.OPEN, 50, 1.5, 5.0, 3_000L, "post", "http://127.0.0.1:8080/scenarios/io-http?ms=200",
                headers, "{\"x\":1}", 201);
    }

    static WarmupCommand warmup() {
        return new WarmupCommand("http://127.0.0.1:8080/ok", 2.0, 16);
    }

    static SecondStats second(long startMs) {
        return new SecondStats(startMs, 210, 198, 3, 101, 104, 130, 5_000, 19, 19.85, 20, Map.of("timeout", 2L, "status-503", 1L));
    }

    static SecondStats idleSecond(long startMs) {
        return new SecondStats(startMs, 0, 0, 0, null, null, null, null, null, null, null, Map.of());
    }

    static LevelAnswer levelAnswer() {
        return new LevelAnswer(true, 50, LoadModel.OPEN, "2026-11-24T10:00:00.437Z", "2026-11-24T10:00:05.437Z", 5.0,
                1005, 1000, 5, Map.of("timeout", 5L), new Latency(101, 104, 130, 5_000), 200.0, 201.0, 50.0, true,
                49, 1234, 5012, 2, List.of(second(1_795_000_000_437L), idleSecond(1_795_000_001_437L)),
                List.of(second(1_795_000_000_000L)), "HISTFAAAACB4nJNpmSzMwMDAywABzFCaEUpLQWgmAEETAiA=");
    }

    static WarmupAnswer warmupAnswer() {
        return new WarmupAnswer(true, 320, 2.0, List.of(second(1_795_000_000_437L)));
    }
}
