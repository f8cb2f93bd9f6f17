package dev.jvmbench.worker.testing.fakes;

import dev.jvmbench.worker.cores.Placement;
import dev.jvmbench.worker.probe.CoreSpeed;
import dev.jvmbench.worker.probe.CoreSpeeds;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Core-speed probes that measure nothing (the run flow's tests place nothing) unless the test scripts
 * a speed per second; they remember being closed.
 */
public final class FakeCoreSpeeds implements CoreSpeeds {

    public static final class Probe implements CoreSpeed {
        private final Function<Instant, Double> speed;
        private volatile boolean closed;

        Probe(Function<Instant, Double> speed) {
            this.speed = speed;
        }

        @Override
        public List<Second> seconds(Instant from, Instant to) {
            List<Second> seconds = new ArrayList<>();
            for (long s = Math.floorDiv(from.toEpochMilli(), 1000) * 1000; s < to.toEpochMilli(); s += 1000) {
                Double value = speed.apply(Instant.ofEpochMilli(s));
                if (value != null) {
                    seconds.add(new Second(Instant.ofEpochMilli(s), value, 10));
                }
            }
            return seconds;
        }

        @Override
        public Optional<String> unmeasured() {
            return speed == null ? Optional.of("the run flow's tests place nothing") : Optional.empty();
        }

        @Override
        public void close() {
            closed = true;
        }

        public boolean closed() {
            return closed;
        }
    }

    private final List<Probe> started = new ArrayList<>();
    private volatile Function<Instant, Double> speed;

    /** The core speed in each second (null: no reading) that the probes started from now on report. */
    public FakeCoreSpeeds speed(Function<Instant, Double> perSecond) {
        speed = perSecond;
        return this;
    }

    @Override
    public synchronized CoreSpeed start(Placement placement) {
        Probe probe = new Probe(speed);
        started.add(probe);
        return probe;
    }

    public synchronized List<Probe> started() {
        return List.copyOf(started);
    }
}
