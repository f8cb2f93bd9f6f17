package dev.jvmbench.worker.testing.fakes;

import dev.jvmbench.loadgen.protocol.SecondStats;
import dev.jvmbench.worker.load.LevelRequest;
import dev.jvmbench.worker.load.LevelResult;
import dev.jvmbench.worker.load.LoadGenerator;
import dev.jvmbench.worker.load.LoadGeneratorException;
import dev.jvmbench.worker.load.LoadGeneratorFactory;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * In-memory load generators for the run flow's unit tests: each level answers at once with a
 * result the test scripts (by default a healthy one: 100 requests per user, all successes, 10 ms
 * latency, over a measured window that ends now).
 */
public final class FakeLoadGenerators implements LoadGeneratorFactory {

    /** One generator the flow started. */
    public static final class Generator implements LoadGenerator {
        private final FakeLoadGenerators owner;
        private final List<LevelRequest> levels = new ArrayList<>();
        private final List<URI> warmUps = new ArrayList<>();
        private volatile boolean closed;

        Generator(FakeLoadGenerators owner) {
            this.owner = owner;
        }

        @Override
        public LevelResult runLevel(LevelRequest request) {
            if (closed) {
                throw new LoadGeneratorException("the load generator is closed");
            }
            levels.add(request);
            return owner.levels.apply(request);
        }

        @Override
        public void warmUp(URI url, Duration duration) {
            warmUps.add(url);
        }

        @Override
        public void close() {
            closed = true;
        }

        public boolean closed() {
            return closed;
        }

        public List<LevelRequest> levels() {
            return List.copyOf(levels);
        }

        public List<URI> warmUps() {
            return List.copyOf(warmUps);
        }
    }

    private final List<Generator> started = new ArrayList<>();
    private Function<LevelRequest, LevelResult> levels = FakeLoadGenerators::healthy;
    private RuntimeException startFailure;

    /** How each level answers (may throw, as a generator that dies mid-level does). */
    public FakeLoadGenerators levels(Function<LevelRequest, LevelResult> answer) {
        levels = answer;
        return this;
    }

    public FakeLoadGenerators failToStart(RuntimeException failure) {
        startFailure = failure;
        return this;
    }

    @Override
    public synchronized LoadGenerator start(Path runWorkDir) {
        if (startFailure != null) {
            throw startFailure;
        }
        Generator generator = new Generator(this);
        started.add(generator);
        return generator;
    }

    public synchronized List<Generator> started() {
        return List.copyOf(started);
    }

    /** Every request answered in 10 ms, the generator far from saturated: 100 requests per user. */
    public static LevelResult healthy(LevelRequest request) {
        return healthy(request, Instant.MIN);
    }

    /**
     * As {@link #healthy(LevelRequest)}, over a measured window that ends now and starts no
     * earlier than {@code notBefore} (the fake does not wait the level's seconds: a window that
     * must lie inside something recorded since {@code notBefore}, a JFR recording, is cut there).
     */
    public static LevelResult healthy(LevelRequest request, Instant notBefore) {
        long requests = 100L * request.level();
        Instant end = Instant.now();
        Instant start = end.minus(request.measured());
        if (start.isBefore(notBefore)) {
            start = notBefore;
        }
        double seconds = Math.max(0.001, Duration.between(start, end).toNanos() / 1e9);
        return new LevelResult(request.model(), request.level(), start, end, seconds, requests, requests, 0, Map.of(),
                10, 12, 15, 20, requests / seconds, null, null, requests / seconds, request.level(), 20.0, 2,
                rows(start, seconds, requests, request.level()), List.of(), null);
    }

    /** One row per whole second of the window, the requests spread evenly over them, all in 10-20 ms. */
    public static List<SecondStats> rows(Instant start, double seconds, long requests, int inFlight) {
        int count = (int) Math.ceil(seconds - 1e-9);
        List<SecondStats> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long perSecond = requests / count + (i < requests % count ? 1 : 0);
            rows.add(new SecondStats(start.toEpochMilli() + i * 1000L, perSecond, perSecond, 0,
                    perSecond == 0 ? null : 10, perSecond == 0 ? null : 12, perSecond == 0 ? null : 15,
                    perSecond == 0 ? null : 20, inFlight, (double) inFlight, inFlight, Map.of()));
        }
        return rows;
    }
}
