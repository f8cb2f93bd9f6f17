package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-thread bookkeeping on a made-up {@code /proc/<pid>}; the real one is read in ContainerSamplerTest. */
class ThreadCountersTest {

    @TempDir
    Path process;

    @Test
    void sumsEveryThreadOnFirstRead() throws IOException {
        threads(2);
        task("1", 10, 5);
        task("2", 3, 0);

        ThreadCounters counters = new ThreadCounters(process);

        assertThat(counters.threads()).isEqualTo(2);
        assertThat(counters.contextSwitches()).isEqualTo(18);
    }

    @Test
    void aThreadThatExitsDoesNotTakeItsSwitchesAwayFromTheSum() throws IOException {
        ThreadCounters counters = new ThreadCounters(process);
        threads(3);
        task("1", 10, 0);
        task("2", 1000, 0);
        task("3", 5, 5);
        assertThat(counters.contextSwitches()).isEqualTo(1020);

        deleteTask("2");
        threads(2);
        task("1", 15, 1);
        assertThat(counters.contextSwitches()).as("only thread 1's increase of 6 is added").isEqualTo(1026);
        assertThat(counters.threads()).isEqualTo(2);
    }

    @Test
    void aNewThreadAddsAllItsSwitchesAndAReusedTidCountsAsNew() throws IOException {
        ThreadCounters counters = new ThreadCounters(process);
        threads(1);
        task("1", 100, 0);
        assertThat(counters.contextSwitches()).isEqualTo(100);

        threads(2);
        task("7", 4, 3);
        assertThat(counters.contextSwitches()).isEqualTo(107);

        // thread 1 exited and a new thread got tid 1 with fewer switches than the old one had
        task("1", 2, 0);
        assertThat(counters.contextSwitches()).isEqualTo(109);
    }

    @Test
    void aMissingProcessFailsWithNoSuchFile() {
        assertThatThrownBy(() -> new ThreadCounters(process.resolve("gone")).threads())
                .isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> new ThreadCounters(process.resolve("gone")).contextSwitches())
                .isInstanceOf(NoSuchFileException.class);
    }

    private void threads(int count) throws IOException {
        Files.writeString(process.resolve("status"), "Name:\tjava\nState:\tS (sleeping)\nThreads:\t" + count + "\n");
    }

    private void task(String tid, long voluntary, long involuntary) throws IOException {
        Path task = Files.createDirectories(process.resolve("task").resolve(tid));
        Files.writeString(task.resolve("status"), "Name:\tjava\nPid:\t" + tid + "\n"
                + "voluntary_ctxt_switches:\t" + voluntary + "\nnonvoluntary_ctxt_switches:\t" + involuntary + "\n");
    }

    private void deleteTask(String tid) throws IOException {
        Path task = process.resolve("task").resolve(tid);
        Files.delete(task.resolve("status"));
        Files.delete(task);
    }
}
