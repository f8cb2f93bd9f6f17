package dev.jvmbench.worker.e2e;

import dev.jvmbench.worker.WorkerApplication;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A worker as a process of its own (the test's class path), so a test can kill it with SIGKILL or
 * stop it with SIGTERM the way an operator or the kernel would.
 */
final class WorkerProcess implements AutoCloseable {

    private final Process process;
    private final Path log;

    private WorkerProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static WorkerProcess start(String id, Path dataDir, Map<String, String> databaseEnvironment, Path log)
            throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder builder = new ProcessBuilder(java, "-Xmx384m", "-cp", System.getProperty("java.class.path"),
                WorkerApplication.class.getName(),
                "--bench.worker.id=" + id,
                "--bench.worker.poll-interval=500ms",
                "--bench.worker.data-dir=" + dataDir,
                "--bench.worker.work-dir=" + dataDir.resolve("work"),
                "--bench.worker.generator-warmup=3s")
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(databaseEnvironment);
        return new WorkerProcess(builder.start(), log);
    }

    /** Waits until the worker's log shows {@code text}; fails when the worker exits or time runs out. */
    void awaitLog(String text, Duration timeout) throws Exception {
        Instant deadline = Instant.now().plus(timeout);
        while (!Files.readString(log).contains(text)) {
            if (!process.isAlive()) {
                throw new AssertionError("the worker exited (" + process.exitValue() + ") before logging '" + text
                        + "':\n" + Files.readString(log));
            }
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("the worker did not log '" + text + "' within " + timeout + ":\n"
                        + Files.readString(log));
            }
            Thread.sleep(250);
        }
    }

    /** SIGKILL: no shutdown hook, no teardown; returns once the process is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** SIGTERM, then waits; true when the process exited within the timeout. */
    boolean terminate(Duration timeout) throws InterruptedException {
        process.destroy();
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    String log() throws IOException {
        return Files.readString(log);
    }

    /** Load generator processes started under {@code workDir}, whoever their parent is now. */
    static List<ProcessHandle> loadGenerators(Path workDir) {
        String marker = workDir.toAbsolutePath().toString();
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains("dev.jvmbench.loadgen") && c.contains(marker))
                        .orElse(false))
                .toList();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
