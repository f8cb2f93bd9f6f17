package dev.jvmbench.loadgen;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;

/**
 * {@code "cmd":"warmup-generator"}: load a URL only to bring the generator JVM to steady state
 * (a fresh JVM loses its first seconds to JIT on one core); results are discarded.
 */
record WarmupCommand(String url, Duration duration, int users) {

    WarmupCommand {
        LevelCommand.checkUrl(url);
        if (duration.isZero() || duration.isNegative() || duration.toSeconds() > 600) {
            throw new BadCommandException("seconds must be in (0, 600]");
        }
        if (users < 1 || users > 10_000) {
            throw new BadCommandException("users must be in [1, 10000]");
        }
    }

    static WarmupCommand parse(JsonNode c) {
        return new WarmupCommand(
                LevelCommand.required(c, "url").asText(),
                LevelCommand.seconds(c, "seconds", 10),
                c.path("users").asInt(32));
    }

    LevelCommand asLevel() {
        return new LevelCommand(LevelCommand.Model.CLOSED, users, Duration.ZERO, duration, Duration.ofSeconds(10),
                "GET", url, java.util.Map.of(), null, 200);
    }
}
