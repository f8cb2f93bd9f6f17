package dev.jvmbench.worker.load;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How to launch the Gatling generator ({@code bench.load-generator.*}). Defaults are set here
 * so code and tests that build the generator without Spring get the same ones.
 *
 * @param javaHome    a JDK 21+ to run the generator; blank = the worker's own JVM
 * @param loadgenDir  the loadgen module's build output ({@code jvmbench-loadgen.jar} + {@code lib/});
 *                    blank = the system property {@code jvmbench.loadgen.dir}, else
 *                    {@code worker/loadgen/target} found from the working directory
 * @param jvmArgs     extra generator JVM options (the required --add-opens are always added)
 * @param answerSlack added to warm-up + measured time before a level counts as hung
 * @param quitTimeout how long close() lets the process exit by itself before killing it
 */
@ConfigurationProperties("bench.load-generator")
public record LoadGeneratorProperties(
        Path javaHome,
        Path loadgenDir,
        List<String> jvmArgs,
        Duration answerSlack,
        Duration quitTimeout) {

    static final String JAR = "jvmbench-loadgen.jar";
    /** The generator's heap: enough for ~30k req/s of Gatling state, small beside the app under test. */
    static final List<String> DEFAULT_JVM_ARGS = List.of("-Xms256m", "-Xmx1g");

    public LoadGeneratorProperties {
        jvmArgs = jvmArgs == null ? DEFAULT_JVM_ARGS : List.copyOf(jvmArgs);
        answerSlack = answerSlack == null ? Duration.ofSeconds(60) : answerSlack;
        quitTimeout = quitTimeout == null ? Duration.ofSeconds(10) : quitTimeout;
    }

    public static LoadGeneratorProperties defaults() {
        return new LoadGeneratorProperties(null, null, null, null, null);
    }

    Path javaCommand() {
        Path home = javaHome != null && !javaHome.toString().isBlank()
                ? javaHome
                : Path.of(System.getProperty("java.home"));
        return home.resolve("bin").resolve("java");
    }

    /** Resolved at launch, not at binding, so a worker without a generator build still starts. */
    Path resolveLoadgenDir() {
        List<Path> candidates = new ArrayList<>();
        if (loadgenDir != null && !loadgenDir.toString().isBlank()) {
            candidates.add(loadgenDir);
        } else if (System.getProperty("jvmbench.loadgen.dir") != null) {
            candidates.add(Path.of(System.getProperty("jvmbench.loadgen.dir")));
        } else {
            // the repository root (./bench, the worker process) or worker/ (the worker module's tests)
            for (String relative : List.of("worker/loadgen/target", "loadgen/target", "../worker/loadgen/target")) {
                candidates.add(Path.of(relative));
            }
        }
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate.resolve(JAR)) && Files.isDirectory(candidate.resolve("lib"))) {
                return candidate.toAbsolutePath().normalize();
            }
        }
        throw new LoadGeneratorException("no load generator build (" + JAR + " + lib/) in " + candidates
                + " from " + Path.of("").toAbsolutePath()
                + ": run ./mvnw -pl worker/loadgen -am package or set bench.load-generator.loadgen-dir");
    }
}
