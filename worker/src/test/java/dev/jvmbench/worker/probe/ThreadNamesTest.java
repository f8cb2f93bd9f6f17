package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadNamesTest {

    @TempDir
    Path proc;

    @Test
    void threadsCountTogetherByTheKernelsNameWithDigitsFolded() throws IOException {
        // what /proc/<pid>/task/*/comm holds for a JDK 21 app on virtual threads: the kernel cut at 15 bytes
        List<String> names = List.of("java", "GC Thread#0", "C2 CompilerThre", "C1 CompilerThre", "ForkJoinPool-1-",
                "ForkJoinPool-1-", "ForkJoinPool-1-", "ForkJoinPool.co", "http-nio-8080-A");
        for (int i = 0; i < names.size(); i++) {
            Path task = Files.createDirectories(proc.resolve("task").resolve(Integer.toString(100 + i)));
            Files.writeString(task.resolve("comm"), names.get(i) + "\n");
        }
        Files.createDirectories(proc.resolve("task/999")); // exited between the listing and the read

        Map<String, Integer> counts = ThreadNames.read(proc);

        assertThat(counts).containsExactly(Map.entry("ForkJoinPool-#-", 3), Map.entry("C# CompilerThre", 2),
                Map.entry("ForkJoinPool.co", 1), Map.entry("GC Thread##", 1), Map.entry("http-nio-#-A", 1),
                Map.entry("java", 1));
        // the scheduler's carriers, not the common pool's worker
        assertThat(ThreadNames.carriers(counts)).isEqualTo(3);
        assertThat(ThreadNames.carriers(Map.of("java", 1))).isZero();
        assertThat(ThreadNames.carriers(Map.of())).as("nothing read").isNull();
    }

    @Test
    void grownAreTheNamesWhoseCountRoseTheMostFirst() {
        Map<String, Integer> ready = Map.of("ForkJoinPool-#-", 2, "http-nio-#-A", 1, "C# CompilerThre", 2);
        Map<String, Integer> loaded = Map.of("ForkJoinPool-#-", 30, "jdk-httpclient-", 4, "C# CompilerThre", 1);

        assertThat(ThreadNames.grown(ready, loaded)).containsExactly(Map.entry("ForkJoinPool-#-", 28),
                Map.entry("jdk-httpclient-", 4));
    }

    @Test
    void aProcessThatHasGoneSaysSo() {
        assertThatThrownBy(() -> ThreadNames.read(proc.resolve("gone"))).isInstanceOf(NoSuchFileException.class);
    }
}
