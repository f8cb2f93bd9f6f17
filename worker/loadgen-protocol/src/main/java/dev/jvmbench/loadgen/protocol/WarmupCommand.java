package dev.jvmbench.loadgen.protocol;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.net.URI;
import java.time.Duration;

/**
 * {@code "cmd":"warmup-generator"}: loads {@code url} with {@code users} looping GETs for
 * {@code seconds} only to bring the generator JVM to steady state (a fresh JVM loses its first
 * seconds to JIT on one core). Answered with a {@link WarmupAnswer}; nothing of it is a result.
 *
 * @param url     absolute http(s) URL (required)
 * @param seconds in (0, 600], default 10
 * @param users   in [1, 10000], default 32
 */
@JsonTypeName("warmup-generator")
@JsonPropertyOrder({"url", "seconds", "users"})
public record WarmupCommand(String url, Double seconds, Integer users) implements Command {

    public static final double DEFAULT_SECONDS = 10;
    public static final int DEFAULT_USERS = 32;

    public WarmupCommand {
        Rules.httpUrl(url, "url");
        seconds = seconds == null ? DEFAULT_SECONDS : seconds;
        Rules.check(seconds > 0 && seconds <= 600, "seconds must be in (0, 600], was " + seconds);
        users = users == null ? DEFAULT_USERS : users;
        Rules.check(users >= 1 && users <= 10_000, "users must be in [1, 10000], was " + users);
    }

    public static WarmupCommand of(URI url, Duration duration) {
        return new WarmupCommand(url.toString(), duration.toMillis() / 1000.0, null);
    }

    public Duration duration() {
        return Duration.ofMillis(Math.round(seconds * 1000));
    }
}
