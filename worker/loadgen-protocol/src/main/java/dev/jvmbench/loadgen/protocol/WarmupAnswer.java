package dev.jvmbench.loadgen.protocol;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The answer to {@link WarmupCommand}.
 *
 * @param requests requests the warm-up started
 * @param seconds  its length
 * @param series   one row per second of it (see {@link SecondStats}), so a reader can tell
 *                 whether the generator reached a steady rate
 */
@JsonPropertyOrder({"ok", "requests", "seconds", "series"})
public record WarmupAnswer(boolean ok, long requests, double seconds, List<SecondStats> series) implements Answer {

    public WarmupAnswer {
        Rules.check(ok, "a WarmupAnswer has ok=true");
        Rules.check(requests >= 0, "requests must be >= 0");
        series = series == null ? List.of() : List.copyOf(series);
    }
}
