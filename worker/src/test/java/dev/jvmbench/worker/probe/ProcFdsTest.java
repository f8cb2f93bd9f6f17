package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Descriptors and sockets on a made-up {@code /proc/<pid>}: rows copied from this host's tables,
 * inodes changed. The real files are read in ContainerSocketsTest.
 */
class ProcFdsTest {

    private static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");

    /** The host's table: the app's sockets (inodes 1001-1004) among the host's others. */
    private static final String TCP = """
              sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000 10001        0 1001 1 00000000fb996431 100 0 0 10 0
               1: 00000000:07E8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 640 1 0000000009b34816 100 0 0 10 0
               2: 0100007F:1F90 0100007F:D2C4 01 00000000:00000000 00:00000000 00000000 10001        0 1002 1 0000000000000001 20 4 30 10 -1
               3: 0100007F:1F90 0100007F:D2C6 08 00000000:00000000 00:00000000 00000000 10001        0 1003 1 0000000000000002 20 4 30 10 -1
               4: 0100007F:D2C4 0100007F:1F90 01 00000000:00000000 00:00000000 00000000     0        0 7777 1 0000000000000003 20 4 30 10 -1
               5: 0100007F:D2C8 0100007F:1F90 06 00000000:00000000 03:000013F0 00000000     0        0 0 3 000000008cf1b9b8
            """;
    private static final String TCP6 = """
              sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 0000000000000000FFFF00000100007F:1F91 0000000000000000FFFF00000100007F:A61F 08 00000000:00000000 00:00000000 00000000 10001        0 1004 1 0000000000000004 20 4 30 10 -1
               1: 0000000000000000FFFF00000100007F:8C2E 0000000000000000FFFF00000100007F:A61F 06 00000000:00000000 03:000013F0 00000000     0        0 0 3 000000008cf1b9b8
            """;
    private static final String LIMITS = """
            Limit                     Soft Limit           Hard Limit           Units
            Max processes             96365                96365                processes
            Max open files            4096                 20000                files
            Max locked memory         8388608              8388608              bytes
            """;

    @TempDir
    Path process;

    @Test
    void countsOnlyTheSocketsTheProcessHoldsADescriptorFor() throws IOException {
        Path fd = Files.createDirectories(process.resolve("fd"));
        link(fd, "0", "/dev/null");
        link(fd, "1", "pipe:[5551]");
        link(fd, "4", "/opt/app/app.jar");
        link(fd, "7", "socket:[1001]");
        link(fd, "8", "socket:[1002]");
        link(fd, "9", "socket:[1003]");
        link(fd, "10", "socket:[1004]");
        link(fd, "11", "socket:[9999]"); // a unix or UDP socket: not in the TCP tables
        link(fd, "12", "anon_inode:[eventpoll]");
        Files.createDirectories(process.resolve("net"));
        Files.writeString(process.resolve("net/tcp"), TCP.stripIndent());
        Files.writeString(process.resolve("net/tcp6"), TCP6.stripIndent());
        Files.writeString(process.resolve("limits"), LIMITS);

        FdReading reading = new ProcFds(process).read(AT);

        assertThat(reading.at()).isEqualTo(AT);
        assertThat(reading.openFds()).isEqualTo(9);
        assertThat(reading.socketFds()).isEqualTo(5);
        // the host's listener (640), the generator's end (7777) and TIME_WAIT rows (inode 0) are not the app's
        assertThat(reading.tcp()).containsExactlyInAnyOrderEntriesOf(Map.of(
                TcpState.LISTEN, 1, TcpState.ESTABLISHED, 1, TcpState.CLOSE_WAIT, 2));
        assertThat(reading.nofileSoftLimit()).isEqualTo(4096);
    }

    @Test
    void aProcessWithoutSocketsAndAKernelWithoutIpv6CountNothing() throws IOException {
        Path fd = Files.createDirectories(process.resolve("fd"));
        link(fd, "0", "/dev/null");
        Files.createDirectories(process.resolve("net"));
        Files.writeString(process.resolve("net/tcp"), TCP.stripIndent());
        Files.writeString(process.resolve("limits"), LIMITS.replace("4096                 20000", "unlimited            unlimited"));

        FdReading reading = new ProcFds(process).read(AT);

        assertThat(reading.openFds()).isEqualTo(1);
        assertThat(reading.socketFds()).isZero();
        assertThat(reading.tcp()).isEmpty();
        assertThat(reading.nofileSoftLimit()).isEqualTo(-1);
    }

    @Test
    void aMissingProcessFailsWithNoSuchFile() {
        assertThatThrownBy(() -> new ProcFds(process.resolve("gone")).read(AT)).isInstanceOf(NoSuchFileException.class);
    }

    private static void link(Path fd, String number, String target) throws IOException {
        Files.createSymbolicLink(fd.resolve(number), Path.of(target));
    }
}
