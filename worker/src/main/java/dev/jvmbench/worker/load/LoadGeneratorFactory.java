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

    /**
     * The same, its process kept on {@code cpuset} (cores such as {@code 0} or {@code 0-2}, null: any)
     * so that it never competes with an app pinned to the other cores.
     */
    default LoadGenerator start(Path runWorkDir, String cpuset) {
        return start(runWorkDir);
    }
}
