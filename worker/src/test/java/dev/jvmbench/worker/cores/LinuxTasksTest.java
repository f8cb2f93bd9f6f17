package dev.jvmbench.worker.cores;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LinuxTasksTest {

    @TempDir
    Path proc;

    private void process(String pid, String stat, String allowed) throws Exception {
        Path dir = Files.createDirectories(proc.resolve(pid));
        Files.writeString(dir.resolve("stat"), stat);
        Files.writeString(dir.resolve("status"), "Name:\tx\nCpus_allowed:\t3\nCpus_allowed_list:\t" + allowed + "\n");
    }

    @Test
    void readsParentStartAndCoresPastACommandNameWithSpacesAndParentheses() throws Exception {
        process("4242", "4242 (my (odd) cmd) S 17 4242 4242 0 -1 4194560 100 0 0 0 5 1 0 0 20 0 3 0 987654 1000 50 "
                + "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0", "0-1,3");
        process("3", "3 (kworker/0:0) I 2 0 0 0 -1 69238880 0 0 0 0 0 0 0 0 20 0 1 0 12 0 0", "0-3");
        Files.createDirectories(proc.resolve("self"));

        var tasks = new LinuxTasks(proc).list();

        assertThat(tasks).containsExactlyInAnyOrder(
                new CoreShield.Tasks.Task(4242, 987654, 17, false, java.util.Set.of(0, 1, 3)),
                new CoreShield.Tasks.Task(3, 12, 2, true, java.util.Set.of(0, 1, 2, 3)));
    }

    @Test
    void aProcessThatEndedWhileBeingReadIsLeftOut() throws Exception {
        Files.createDirectories(proc.resolve("77"));
        assertThat(new LinuxTasks(proc).list()).isEmpty();
    }
}
