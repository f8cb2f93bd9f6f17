package dev.jvmbench.worker.load;

import java.nio.file.Path;

/**
 * Starts the load generator of one run. The run flow creates generators only through this, so
 * its unit tests can hand it an in-memory one; {@link GatlingProcessLoadGenerator} is the real one.
 */
@FunctionalInterface
public interface LoadGeneratorFactory {

    /**
     * @param runWorkDir private to the run: the generator keeps its files and log there
     * @throws LoadGeneratorException when the generator cannot be started
     */
    LoadGenerator start(Path runWorkDir);
}
