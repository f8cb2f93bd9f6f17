package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real recording, made once per test JVM: the program of test resource profiles/Burner.java runs
 * in its own JVM with JFR's default settings (phase A burns CPU in burnA; phase B burns in burnB,
 * allocates in allocB, contends a monitor in lockB, and a thread named as a WebFlux event loop burns
 * in burnLoop), and prints each phase's start and end (epoch ms) so that tests cut the recording to them.
 */
public final class BurnerRecording {

    private static BurnerRecording recorded;

    private final JfrAnalyzer recording;
    private final Path file;
    private final Map<String, Instant> marks;

    private BurnerRecording(JfrAnalyzer recording, Path file, Map<String, Instant> marks) {
        this.recording = recording;
        this.file = file;
        this.marks = Map.copyOf(marks);
    }

    /** The recording, made on the first call. */
    public static synchronized BurnerRecording get() {
        if (recorded == null) {
            try {
                recorded = record();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return recorded;
    }

    public JfrAnalyzer recording() {
        return recording;
    }

    /** The recording's file, for a test that reads its raw events. */
    public Path file() {
        return file;
    }

    /** A phase's start or end: {@code A-start}, {@code A-end}, {@code B-start}, {@code B-end}. */
    public Instant mark(String name) {
        return marks.get(name);
    }

    private static BurnerRecording record() throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("burner");
        Path source = dir.resolve("Burner.java");
        try (var in = BurnerRecording.class.getResourceAsStream("/profiles/Burner.java")) {
            Files.write(source, in.readAllBytes());
        }
        Path jfr = dir.resolve("burner.jfr");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path log = dir.resolve("burner.out");
        Process process = new ProcessBuilder(java.toString(),
                "-XX:StartFlightRecording=filename=" + jfr + ",settings=default,dumponexit=true",
                source.toString(), "1500")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = process.waitFor(120, TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        String output = Files.readString(log);
        assertThat(ended).as("the burner ends by itself: " + output).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        Map<String, Instant> marks = new HashMap<>();
        for (String line : output.split("\n")) {
            String[] parts = line.trim().split(" ");
            if (parts.length == 2 && parts[0].matches("[AB]-(start|end)")) {
                marks.put(parts[0], Instant.ofEpochMilli(Long.parseLong(parts[1])));
            }
        }
        assertThat(marks).as(output).containsKeys("A-start", "A-end", "B-start", "B-end");
        return new BurnerRecording(JfrAnalyzer.read(jfr), jfr, marks);
    }
}
