package dev.jvmbench.worker.load;

import java.net.URI;
import java.time.Duration;

/**
 * Drives load against one target for a whole benchmark run, one level at a time. The rest of
 * the worker sees only this interface: no Gatling type crosses it. One instance per run; it
 * stays warm between levels. Not thread-safe: levels run one after another.
 */
public interface LoadGenerator extends AutoCloseable {

    /**
     * Runs the level's warm-up (discarded) and then its measured window.
     *
     * @throws LoadGeneratorException when the generator rejects the request, dies or hangs
     */
    LevelResult runLevel(LevelRequest request);

    /** Brings the generator itself to steady state (JIT) by loading {@code url} for {@code duration}. */
    void warmUp(URI url, Duration duration);

    /** Stops the generator process; idempotent, never throws. */
    @Override
    void close();
}
