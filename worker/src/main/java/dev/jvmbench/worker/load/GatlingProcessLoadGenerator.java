package dev.jvmbench.worker.load;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Gatling in a JVM of its own ({@code worker/loadgen}), one process per benchmark run, driven
 * by one JSON command per line. Its own JVM because Gatling's Netty and Jackson must not meet
 * Spring Boot's managed versions, and one process per run so the generator stays warm (JIT)
 * across levels. A level that does not answer within warm-up + measured + slack, or a process
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
        Path dir = properties.resolveLoadgenDir();
        List<String> command = new ArrayList<>();
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
        Map<String, Object> command = new LinkedHashMap<>();
        command.put("cmd", "level");
        command.put("model", request.model().name().toLowerCase(java.util.Locale.ROOT));
        command.put("level", request.level());
        command.put("warmupSeconds", seconds(request.warmup()));
        command.put("measuredSeconds", seconds(request.measured()));
        command.put("requestTimeoutMs", request.requestTimeout().toMillis());
        command.put("method", request.method());
        command.put("url", request.url().toString());
        command.put("headers", request.headers());
        command.put("body", request.body());
        command.put("expectedStatus", request.expectedStatus());

        long cpuBefore = ProcCpu.cpuMillis(process.pid());
        long wallBefore = System.nanoTime();
        Map<String, Object> a = send(command, request.warmup().plus(request.measured()).plus(answerSlack));
        long wallMillis = (System.nanoTime() - wallBefore) / 1_000_000;
        long cpuAfter = ProcCpu.cpuMillis(process.pid());

        double cpuPercent;
        if (a.get("cpuMs") instanceof Number cpu && a.get("cpuWindowMs") instanceof Number window
                && window.longValue() > 0) {
            // measured by the generator over its measured simulation only
            cpuPercent = 100.0 * cpu.doubleValue() / window.doubleValue();
        } else if (cpuBefore >= 0 && cpuAfter >= 0 && wallMillis > 0) {
            // /proc over the whole command, warm-up included: an approximation
            cpuPercent = 100.0 * (cpuAfter - cpuBefore) / wallMillis;
        } else {
            cpuPercent = Double.NaN;
        }
        int cores = a.get("cpuCores") instanceof Number n ? n.intValue() : Runtime.getRuntime().availableProcessors();

        @SuppressWarnings("unchecked")
        Map<String, Object> latency = a.get("latencyMs") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
        Map<String, Long> byCause = new TreeMap<>();
        if (a.get("errorsByCause") instanceof Map<?, ?> causes) {
            causes.forEach((k, v) -> byCause.put(String.valueOf(k), ((Number) v).longValue()));
        }
        return new LevelResult(
                request.model(),
                integer(a, "level"),
                Instant.parse((String) a.get("measuredStart")),
                Instant.parse((String) a.get("measuredEnd")),
                number(a, "measuredSeconds"),
                longValue(a, "requests"),
                longValue(a, "successes"),
                longValue(a, "errors"),
                byCause,
                optionalInt(latency, "p50"),
                optionalInt(latency, "p95"),
                optionalInt(latency, "p99"),
                optionalInt(latency, "max"),
                number(a, "throughputRps"),
                a.get("offeredRps") instanceof Number o ? o.doubleValue() : null,
                a.get("offeredRateReached") instanceof Boolean b ? b : null,
                a.get("startedRps") instanceof Number s ? s.doubleValue() : Double.NaN,
                optionalInt(a, "activeUsersMin"),
                cpuPercent,
                cores);
    }

    @Override
    public void warmUp(URI url, Duration duration) {
        Map<String, Object> command = new LinkedHashMap<>();
        command.put("cmd", "warmup-generator");
        command.put("url", url.toString());
        command.put("seconds", seconds(duration));
        send(command, duration.plus(answerSlack));
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
                    stdin.write("{\"cmd\":\"quit\"}\n");
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
    }

    private Map<String, Object> send(Map<String, Object> command, Duration timeout) {
        if (closed) {
            throw new LoadGeneratorException("load generator is closed");
        }
        Optional<String> line;
        try {
            stdin.write(Json.write(command) + "\n");
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
        Map<String, Object> answer;
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> parsed = (Map<String, Object>) Json.parse(line.get());
            answer = parsed;
        } catch (RuntimeException e) {
            close();
            throw new LoadGeneratorException("load generator broke the protocol: " + line.get(), e);
        }
        if (!Boolean.TRUE.equals(answer.get("ok"))) {
            // the process answered and keeps running: only this command failed
            throw new LoadGeneratorException("load generator refused " + command.get("cmd") + ": " + answer.get("error"));
        }
        return answer;
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

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }

    private static double number(Map<String, Object> a, String key) {
        if (a.get(key) instanceof Number n) {
            return n.doubleValue();
        }
        throw new LoadGeneratorException("load generator answer lacks " + key + ": " + a);
    }

    private static long longValue(Map<String, Object> a, String key) {
        return (long) number(a, key);
    }

    private static int integer(Map<String, Object> a, String key) {
        return (int) number(a, key);
    }

    private static Integer optionalInt(Map<String, Object> a, String key) {
        return a.get(key) instanceof Number n ? n.intValue() : null;
    }
}
