package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host PID of a container from a process table laid out as /proc is. */
class HostProcessesTest {

    private static final String ID = "4f3c2b1a".repeat(8);
    private static final String OTHER = "0a0b0c0d".repeat(8);

    @TempDir
    Path proc;

    @Test
    void theContainersFirstProcessIsTheOneThatIsPidOneInItsNamespace() throws IOException {
        process(100, "/kubepods/pod1234/" + OTHER, "NSpid:\t100\t1");
        process(2001, "/kubepods/pod5678/" + ID, "NSpid:\t2001\t1");
        process(2002, "/kubepods/pod5678/" + ID, "NSpid:\t2002\t7");
        process(30, "/", "NSpid:\t30");
        Files.createDirectories(proc.resolve("self"));

        assertThat(new HostProcesses(proc).firstProcess(ID)).hasValue(2001);
        assertThat(new HostProcesses(proc).firstProcess(OTHER)).hasValue(100);
    }

    @Test
    void noProcessOfTheContainerIsNoPid() throws IOException {
        process(100, "/kubepods/pod1234/" + OTHER, "NSpid:\t100\t1");

        assertThat(new HostProcesses(proc).firstProcess(ID)).isEmpty();
        assertThatThrownBy(() -> new HostProcesses(proc).firstProcess("abc")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aKernelWithoutNspidGivesTheLowestPidOfTheContainer() throws IOException {
        process(2002, "/kubepods/pod5678/" + ID, "Name:\tjava");
        process(2001, "/kubepods/pod5678/" + ID, "Name:\tjava");

        assertThat(new HostProcesses(proc).firstProcess(ID)).hasValue(2001);
    }

    private void process(long pid, String cgroupPath, String status) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("cgroup"), "12:pids:" + cgroupPath + "\n4:cpu,cpuacct:" + cgroupPath + "\n");
        Files.writeString(dir.resolve("status"), "Name:\tx\n" + status + "\n");
    }
}
