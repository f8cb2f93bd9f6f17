package dev.jvmbench.worker.testing.fakes;

import dev.jvmbench.worker.probe.ContainerProbe;
import dev.jvmbench.worker.probe.ContainerProbes;
import dev.jvmbench.worker.probe.ContainerSecond;
import dev.jvmbench.worker.probe.ContainerWindow;
import dev.jvmbench.worker.probe.TcpState;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Probes that answer a fixed, plausible window (half the CPU limit (per second: as scripted), 200 MB, 30 threads, 60
 * descriptors, 20 established connections, a JIT done compiling: 1 ms of compiler CPU per
 * second unless the test scripts it) and remember being closed.
 */
public final class FakeContainerProbes implements ContainerProbes {

    public static final class Probe implements ContainerProbe {
        private final Function<Instant, Double> jitCpuMs;
        private final double cpuPercentOfLimit;
        private volatile boolean closed;

        Probe(Function<Instant, Double> jitCpuMs, double cpuPercentOfLimit) {
            this.jitCpuMs = jitCpuMs;
            this.cpuPercentOfLimit = cpuPercentOfLimit;
        }

        @Override
        public ContainerWindow window(Instant from, Instant to) {
            double seconds = Math.max(0.001, (to.toEpochMilli() - from.toEpochMilli()) / 1000.0);
            return new ContainerWindow(from, to, 4, seconds * 0.5, 50.0, 0, 0.0, 200.0, 220.0, 1000, 30,
                    60, 20, 0, 0, 20_000L);
        }

        @Override
        public List<ContainerSecond> seconds(Instant from, Instant to) {
            List<ContainerSecond> seconds = new ArrayList<>();
            for (Instant s = from.truncatedTo(ChronoUnit.SECONDS); s.isBefore(to); s = s.plusSeconds(1)) {
                seconds.add(new ContainerSecond(s, s, s.plusSeconds(1), 4, 0.5, cpuPercentOfLimit, 0L, 0.0, 200.0, 220.0, 30,
                        60, 22, Map.of(TcpState.ESTABLISHED, 20, TcpState.LISTEN, 1), jitCpuMs.apply(s)));
            }
            return seconds;
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
    private volatile Function<Instant, Double> jitCpuMs = second -> 1.0;
    private volatile double cpuPercentOfLimit = 50.0;

    /** The JIT's compiler CPU in each second (ms; null: unknown) that the probes started from now on report. */
    public FakeContainerProbes jitCpuMs(Function<Instant, Double> perSecond) {
        jitCpuMs = perSecond;
        return this;
    }

    /** The container's CPU use, % of its limit, in every second that the probes started from now on report. */
    public FakeContainerProbes cpuPercentOfLimit(double percent) {
        cpuPercentOfLimit = percent;
        return this;
    }

    @Override
    public synchronized ContainerProbe start(String containerId, long hostPid, double cpus) {
        Probe probe = new Probe(jitCpuMs, cpuPercentOfLimit);
        started.add(probe);
        return probe;
    }

    public synchronized List<Probe> started() {
        return List.copyOf(started);
    }
}
