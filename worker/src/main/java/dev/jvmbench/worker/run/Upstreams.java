package dev.jvmbench.worker.run;

import dev.jvmbench.common.job.Upstream;
import dev.jvmbench.worker.container.RunningContainer;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/** The upstreams a run started, with the port each listens on (127.0.0.1, host network). */
record Upstreams(Map<Upstream, Started> started) {

    static final Upstreams NONE = new Upstreams(Map.of());

    record Started(RunningContainer container, int port) {
    }

    Upstreams {
        started = started.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(started));
    }

    Upstreams with(Upstream upstream, RunningContainer container, int port) {
        Map<Upstream, Started> more = new EnumMap<>(Upstream.class);
        more.putAll(started);
        more.put(upstream, new Started(container, port));
        return new Upstreams(more);
    }

    Optional<Integer> port(Upstream upstream) {
        return Optional.ofNullable(started.get(upstream)).map(Started::port);
    }
}
