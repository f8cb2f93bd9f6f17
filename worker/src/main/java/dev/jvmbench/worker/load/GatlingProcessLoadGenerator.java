package dev.jvmbench.worker.load;

import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.jvmbench.loadgen.protocol.Answer;
import dev.jvmbench.loadgen.protocol.Command;
import dev.jvmbench.loadgen.protocol.ErrorAnswer;
import dev.jvmbench.loadgen.protocol.Latency;
import dev.jvmbench.loadgen.protocol.LevelAnswer;
import dev.jvmbench.loadgen.protocol.QuitCommand;
import dev.jvmbench.loadgen.protocol.WarmupAnswer;
import dev.jvmbench.loadgen.protocol.WarmupCommand;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Gatling in a JVM of its own ({@code worker/loadgen}), one process per benchmark run, driven
 * by one JSON command per line: the records of {@code dev.jvmbench.loadgen.protocol}, shared with
 * the generator (the table is in {@code worker/README.md}). Its own JVM because Gatling's Netty
 * and Jackson must not meet Spring Boot's managed versions, and one process per run so the
 * generator stays warm (JIT) across levels. A level that does not answer within warm-up + measured + slack, or a process
 * that dies, kills the generator: later calls fail fast.
 */
public final class GatlingProcessLoadGenerator implements LoadGenerator {

    static final String MAIN_CLASS = "dev.jvmbench.loadgen.LoadgenMain";
    static final List<String> REQUIRED_JVM_ARGS = List.of(
            // Gatling crashes at start without these (DESIGN: load generator facts)
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
            // Netty loads its epoll transport; without it JDK 24+ warns on stderr at every start
            "--enable-native-access=ALL-UNNAMED");

    private static final int STDERR_TAIL_BYTES = 4096;
    /** Strict both ways, as the generator's own reader: the two sides are built from one commit. */
    static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();

    /**
     * util-linux's taskset (essential on Debian, so on every benchmark host): sets a process's CPU
     * affinity at exec. An image without it (a worker run in a slim container) starts the generator
     * unpinned.
     */
    static final String TASKSET = "taskset";

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        return path != null && java.util.Arrays.stream(path.split(java.io.File.pathSeparator))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, program)));
    }

    private final Process process;
    private final Writer stdin;
    private final BlockingQueue<Optional<String>> answers = new LinkedBlockingQueue<>();
    private final Path logFile;
    private final Duration answerSlack;
    private final Duration quitTimeout;
    private volatile boolean closed;

    /**
     * Starts the generator for one run.
     *
     * @param runWorkDir private to this run: holds the generator's preferences node, its
     *                   simulation results and {@code loadgen.log} (its stderr)
     */
    public static GatlingProcessLoadGenerator start(LoadGeneratorProperties properties, Path runWorkDir) {
        return start(properties, runWorkDir, null);
    }

    /**
     * The same, on the cores {@code cpuset} (null: any): the process starts under {@code taskset}, so
     * the generator and every thread of its JVM stay off an app pinned to the other cores.
     */
    public static GatlingProcessLoadGenerator start(LoadGeneratorProperties properties, Path runWorkDir, String cpuset) {
        Path dir = properties.resolveLoadgenDir();
        List<String> command = new ArrayList<>();
        if (cpuset != null && onPath(TASKSET)) {
            command.addAll(List.of(TASKSET, "-c", cpuset));
        }
        command.add(properties.javaCommand().toString());
        command.addAll(properties.jvmArgs());
        command.addAll(REQUIRED_JVM_ARGS);
        // a private node holding a future "last version check": Gatling then skips its Maven Central call
        command.add("-Djava.util.prefs.userRoot=" + runWorkDir.toAbsolutePath().resolve("prefs"));
        command.add("-cp");
        command.add(dir.resolve(LoadGeneratorProperties.JAR) + java.io.File.pathSeparator + dir.resolve("lib") + "/*");
        command.add(MAIN_CLASS);
        command.add("--results-dir");
        command.add(runWorkDir.toAbsolutePath().resolve("results").toString());
        return new GatlingProcessLoadGenerator(command, runWorkDir, properties.answerSlack(), properties.quitTimeout());
    }

    GatlingProcessLoadGenerator(List<String> command, Path workDir, Duration answerSlack, Duration quitTimeout) {
        this.answerSlack = answerSlack;
        this.quitTimeout = quitTimeout;
        try {
            Files.createDirectories(workDir);
            this.logFile = workDir.resolve("loadgen.log");
            this.process = new ProcessBuilder(command)
                    .directory(workDir.toFile())
                    .redirectError(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                    .start();
        } catch (IOException e) {
            throw new LoadGeneratorException("could not start the load generator: " + command, e);
        }
        this.stdin = process.outputWriter(StandardCharsets.UTF_8);
        Thread reader = new Thread(this::readAnswers, "loadgen-stdout-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /** The generator's process id, e.g. to watch its CPU. */
    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public LevelResult runLevel(LevelRequest request) {
        long cpuBefore = ProcCpu.cpuMillis(process.pid());
        long wallBefore = System.nanoTime();
        LevelAnswer a = send(request.toCommand(), LevelAnswer.class,
                // the requests in flight at the window's end finish before the answer: up to their timeout
                request.warmup().plus(request.measured()).plus(request.requestTimeout()).plus(answerSlack));
        long wallMillis = (System.nanoTime() - wallBefore) / 1_000_000;
        long cpuAfter = ProcCpu.cpuMillis(process.pid());

        double cpuPercent;
        if (a.cpuWindowMs() > 0) {
            // measured by the generator over its measured simulation only
            cpuPercent = 100.0 * a.cpuMs() / a.cpuWindowMs();
        } else if (cpuBefore >= 0 && cpuAfter >= 0 && wallMillis > 0) {
            // /proc over the whole command, warm-up included: an approximation
            cpuPercent = 100.0 * (cpuAfter - cpuBefore) / wallMillis;
        } else {
            cpuPercent = Double.NaN;
        }
        Latency latency = a.latencyMs();
        return new LevelResult(
                request.model(),
                a.level(),
                Instant.parse(a.measuredStart()),
                Instant.parse(a.measuredEnd()),
                a.measuredSeconds(),
                a.requests(),
                a.successes(),
                a.errors(),
                a.errorsByCause(),
                latency.p50(),
                latency.p95(),
                latency.p99(),
                latency.max(),
                a.throughputRps(),
                a.offeredRps(),
                a.offeredRateReached(),
                a.startedRps(),
                a.activeUsersMin(),
                cpuPercent,
                a.cpuCores(),
                a.series(),
                a.warmupSeries(),
                a.latencyHistogram());
    }

    @Override
    public void warmUp(URI url, Duration duration) {
        send(WarmupCommand.of(url, duration), WarmupAnswer.class, duration.plus(answerSlack));
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (process.isAlive()) {
                try {
                    stdin.write(JSON.writerFor(Command.class).writeValueAsString(new QuitCommand()) + "\n");
                    stdin.flush();
                } catch (IOException e) {
                    // already going away: the kill below settles it
                }
                process.waitFor(quitTimeout.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            kill();
        }
    }

    private void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            stdin.close();
        } catch (IOException e) {
            // the process is gone either way
        }
        try {
            // SIGKILL is asynchronous: once close() returns, the generator is gone, not going
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Writes one command and reads its answer: {@code "ok":false} is the generator refusing this
     * command (it keeps running); a line that is not the expected answer breaks the protocol and
     * stops the generator, as a hang or a death does.
     */
    private <T extends Answer> T send(Command command, Class<T> expected, Duration timeout) {
        if (closed) {
            throw new LoadGeneratorException("load generator is closed");
        }
        String name = command.getClass().getAnnotation(JsonTypeName.class).value();
        Optional<String> line;
        try {
            stdin.write(JSON.writerFor(Command.class).writeValueAsString(command) + "\n");
            stdin.flush();
            line = answers.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            close();
            throw new LoadGeneratorException("load generator is gone" + exitAndLog(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new LoadGeneratorException("interrupted while waiting for the load generator", e);
        }
        if (line == null) {
            closed = true;
            kill();
            throw new LoadGeneratorException("load generator gave no answer within " + timeout + ": killed" + exitAndLog());
        }
        if (line.isEmpty()) {
            close();
            throw new LoadGeneratorException("load generator exited" + exitAndLog());
        }
        String answer = line.get();
        JsonNode tree = decode(answer, () -> JSON.readTree(answer));
        if (!tree.isObject()) {
            close();
            throw new LoadGeneratorException("load generator broke the protocol (an answer is a JSON object): " + answer);
        }
        if (tree.path("ok").isBoolean() && !tree.path("ok").booleanValue()) {
            ErrorAnswer error = decode(answer, () -> JSON.treeToValue(tree, ErrorAnswer.class));
            throw new LoadGeneratorException("load generator refused " + name + ": " + error.error());
        }
        return decode(answer, () -> JSON.treeToValue(tree, expected));
    }

    /** Reading an answer that is not the protocol's stops the generator: the two sides disagree. */
    private <T> T decode(String answer, Supplier<T> decoding) {
        try {
            return decoding.get();
        } catch (JacksonException | IllegalArgumentException e) {
            close();
            throw new LoadGeneratorException("load generator broke the protocol (" + e.getMessage() + "): " + answer, e);
        }
    }

    private void readAnswers() {
        try (var out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (!line.isBlank()) {
                    answers.add(Optional.of(line));
                }
            }
        } catch (IOException e) {
            // stream closed by kill(): same as end of output
        }
        answers.add(Optional.empty());
    }

    private String exitAndLog() {
        String exit = "";
        try {
            if (process.waitFor(2, TimeUnit.SECONDS)) {
                exit = " (exit code " + process.exitValue() + ")";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return exit + "; stderr tail from " + logFile + ":\n" + tail(logFile);
    }

    private static String tail(Path file) {
        try (var f = new RandomAccessFile(file.toFile(), "r")) {
            long start = Math.max(0, f.length() - STDERR_TAIL_BYTES);
            byte[] bytes = new byte[(int) (f.length() - start)];
            f.seek(start);
            f.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

}
