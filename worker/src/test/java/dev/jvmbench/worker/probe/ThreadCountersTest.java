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

    @Test
    void theCompilerThreadsCpuIsTheirUserPlusSystemTicksInMilliseconds() throws IOException {
        threads(4);
        task("1", 1, 0);
        named("2", "C2 CompilerThre", 120, 30);
        named("3", "C1 CompilerThre", 40, 10);
        // an app thread with much CPU and a name that only looks alike does not count
        named("4", "C2 Compiler-lik", 5000, 0);

        ThreadCounters.Totals totals = new ThreadCounters(process).walk();

        assertThat(totals.jitCpuMs()).as("(120 + 30 + 40 + 10) ticks of 10 ms").isEqualTo(2000L);
        assertThat(totals.contextSwitches()).as("every thread's switches, compilers included").isEqualTo(4);
    }

    @Test
    void aCompilerThreadThatExitsDoesNotTakeItsCpuAwayAndANewOneAddsAllOfIts() throws IOException {
        ThreadCounters counters = new ThreadCounters(process);
        threads(3);
        task("1", 1, 0);
        named("2", "C2 CompilerThre", 100, 0);
        named("3", "C2 CompilerThre", 50, 0);
        assertThat(counters.walk().jitCpuMs()).isEqualTo(1500L);

        // HotSpot stops an idle compiler thread and later starts another: thread 3 gone, 9 new
        deleteTask("3");
        named("2", "C2 CompilerThre", 110, 2);
        named("9", "C2 CompilerThre", 7, 0);
        assertThat(counters.walk().jitCpuMs()).as("1500 + 12 ticks of thread 2 + all 7 of thread 9").isEqualTo(1690L);

        // tid 9 reused by a new compiler thread with fewer ticks than the old one had: counted as new
        named("9", "C1 CompilerThre", 3, 0);
        assertThat(counters.walk().jitCpuMs()).isEqualTo(1720L);
    }

    @Test
    void aTidThatStopsBeingACompilerThreadCountsAfreshIfItBecomesOneAgain() throws IOException {
        ThreadCounters counters = new ThreadCounters(process);
        threads(1);
        named("5", "C2 CompilerThre", 100, 0);
        assertThat(counters.walk().jitCpuMs()).isEqualTo(1000L);

        // the compiler thread exited and an app thread got its tid
        named("5", "http-nio-8080-e", 400, 0);
        assertThat(counters.walk().jitCpuMs()).isEqualTo(1000L);

        named("5", "C2 CompilerThre", 20, 0);
        assertThat(counters.walk().jitCpuMs()).isEqualTo(1200L);
    }

    @Test
    void withoutAnyCompilerThreadTheFigureIsUnknownNotZero() throws IOException {
        threads(2);
        task("1", 1, 0);
        named("2", "GC Thread#0", 300, 0);

        assertThat(new ThreadCounters(process).walk().jitCpuMs()).isNull();
    }

    @Test
    void graalAndOpenJ9CompilerThreadsCountToo() throws IOException {
        threads(3);
        named("2", "JVMCI CompilerT", 10, 0);
        named("3", "JVMCI-native Co", 20, 0);
        named("4", "JIT Compilation", 30, 0);

        assertThat(new ThreadCounters(process).walk().jitCpuMs()).isEqualTo(600L);
    }

    @Test
    void aStatLineIsReadFromItsLastParenthesisOn() {
        // a thread may name itself with spaces and parentheses: the fields are counted after the last ')'
        String stat = "812 (C2 (Compi) er) S 1 812 812 0 -1 4194624 1200 0 0 0 345 67 0 0 20 0 21 0 1234 0 0\n";

        assertThat(ThreadCounters.cpuTicks(stat.getBytes(java.nio.charset.StandardCharsets.US_ASCII))).isEqualTo(412);
        assertThatThrownBy(() -> ThreadCounters.cpuTicks("812 (x) S 1 2".getBytes(java.nio.charset.StandardCharsets.US_ASCII)))
                .isInstanceOf(IllegalStateException.class);
    }

    private void threads(int count) throws IOException {
        Files.writeString(process.resolve("status"), "Name:\tjava\nState:\tS (sleeping)\nThreads:\t" + count + "\n");
    }

    private void task(String tid, long voluntary, long involuntary) throws IOException {
        Path task = Files.createDirectories(process.resolve("task").resolve(tid));
        Files.writeString(task.resolve("status"), "Name:\tjava\nPid:\t" + tid + "\n"
                + "voluntary_ctxt_switches:\t" + voluntary + "\nnonvoluntary_ctxt_switches:\t" + involuntary + "\n");
    }

    /** A thread with a name (the kernel's comm, 15 characters at most) and CPU ticks in its stat, as in /proc. */
    private void named(String tid, String name, long utime, long stime) throws IOException {
        Path task = Files.createDirectories(process.resolve("task").resolve(tid));
        Files.writeString(task.resolve("status"), "Name:\t" + name + "\nPid:\t" + tid + "\n"
                + "voluntary_ctxt_switches:\t1\nnonvoluntary_ctxt_switches:\t0\n");
        Files.writeString(task.resolve("stat"), tid + " (" + name + ") S 1 1 1 0 -1 1077936192 100 0 0 0 " + utime
                + " " + stime + " 0 0 20 0 21 0 555 0 0 18446744073709551615\n");
    }

    private void deleteTask(String tid) throws IOException {
        Path task = process.resolve("task").resolve(tid);
        try (var files = Files.list(task)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        Files.delete(task);
    }
}
