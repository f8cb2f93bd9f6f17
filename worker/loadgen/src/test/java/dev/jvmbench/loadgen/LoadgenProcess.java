package dev.jvmbench.loadgen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** LoadgenMain in a JVM of its own, as the worker runs it, with the test's classpath. */
final class LoadgenProcess implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    final Process process;
    private final BufferedReader out;
    private final Writer in;

    LoadgenProcess(Path workDir) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        process = new ProcessBuilder(List.of(java,
                "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
                "--enable-native-access=ALL-UNNAMED",
                "-Djava.util.prefs.userRoot=" + workDir.resolve("prefs"),
                "-cp", System.getProperty("java.class.path"),
                LoadgenMain.class.getName(),
                "--results-dir", workDir.resolve("results").toString()))
                .redirectError(workDir.resolve("loadgen.err").toFile())
                .start();
        out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        in = process.outputWriter(StandardCharsets.UTF_8);
    }

    JsonNode send(String line, Duration timeout) throws Exception {
        in.write(line + "\n");
        in.flush();
        String answer = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (answer == null) {
            throw new IllegalStateException("loadgen closed stdout");
        }
        return JSON.readTree(answer);
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
