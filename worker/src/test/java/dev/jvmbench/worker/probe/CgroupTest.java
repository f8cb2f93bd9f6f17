package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding and reading a container's cgroup from {@code /proc/<pid>/cgroup} and mountinfo, on
 * made-up hierarchies: v1 as on this host, v2 (which this host cannot show for real) and a
 * hierarchy mounted with a non-root view. The real v1 host is read in ContainerSamplerTest.
 */
class CgroupTest {

    private static final String ID = "1c3f3ffe2f3454bebd4df1babe703d78711717626fc3bb1c6431ca44bcac27af";

    @TempDir
    Path root;

    @Test
    void cgroupV1IsFoundThroughTheMountsOfEachController() throws IOException {
        Path cpuacct = Files.createDirectories(root.resolve("cpuacct/docker").resolve(ID));
        Path cpu = Files.createDirectories(root.resolve("cpu/docker").resolve(ID));
        Path memory = Files.createDirectories(root.resolve("memory/docker").resolve(ID));
        Files.createDirectories(root.resolve("unified/docker").resolve(ID));
        Files.writeString(cpuacct.resolve("cpuacct.usage"), "11629979027\n");
        Files.writeString(cpu.resolve("cpu.stat"), "nr_periods 299\nnr_throttled 7\nthrottled_time 407955\nnr_bursts 0\n");
        Files.writeString(memory.resolve("memory.usage_in_bytes"), "52428800\n");
        Files.writeString(memory.resolve("memory.max_usage_in_bytes"), "62914560\n");

        // the layout of the benchmark host: a hybrid mount with v1 controllers and an empty v2 tree
        Cgroup cgroup = Cgroup.locate(ID, """
                9:name=systemd:/docker/%1$s
                4:memory:/docker/%1$s
                2:cpuacct:/docker/%1$s
                1:cpu:/docker/%1$s
                0::/docker/%1$s
                """.formatted(ID), """
                31 23 0:28 / %1$s rw,relatime - tmpfs tmpfs rw,mode=755
                32 31 0:29 / %1$s/cpu rw,relatime - cgroup cgroup rw,cpu
                33 31 0:30 / %1$s/cpuacct rw,relatime - cgroup cgroup rw,cpuacct
                35 31 0:32 / %1$s/memory rw,relatime - cgroup cgroup rw,memory
                41 31 0:38 / %1$s/unified rw,relatime - cgroup2 cgroup2 rw
                """.formatted(root));

        assertThat(cgroup).isInstanceOf(Cgroup.V1.class);
        assertThat(cgroup.read()).isEqualTo(new CgroupReading(11629979027L, 7, 407955, 52428800, 62914560));
    }

    @Test
    void cgroupV2ReadsMicrosecondsAsNanosecondsAndMarksAMissingPeak() throws IOException {
        Path group = Files.createDirectories(root.resolve("system.slice/docker-" + ID + ".scope"));
        Files.writeString(group.resolve("cpu.stat"), """
                usage_usec 2500000
                user_usec 2000000
                system_usec 500000
                nr_periods 40
                nr_throttled 12
                throttled_usec 600000
                """);
        Files.writeString(group.resolve("memory.current"), "104857600\n");
        String procCgroup = "0::/system.slice/docker-" + ID + ".scope\n";
        String mountinfo = "30 23 0:26 / " + root + " rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n";

        Cgroup cgroup = Cgroup.locate(ID, procCgroup, mountinfo);

        assertThat(cgroup).isInstanceOf(Cgroup.V2.class);
        assertThat(cgroup.read()).isEqualTo(new CgroupReading(2_500_000_000L, 12, 600_000_000L, 104857600, -1));
        Files.writeString(group.resolve("memory.peak"), "209715200\n");
        assertThat(cgroup.read().memoryPeakBytes()).isEqualTo(209715200);
    }

    @Test
    void aMountThatShowsOnlyPartOfTheHierarchyIsResolvedRelativeToItsRoot() throws IOException {
        Path group = Files.createDirectories(root.resolve(ID));
        String procCgroup = "0::/docker/" + ID + "\n";
        String mountinfo = "30 23 0:26 /docker " + root + " rw - cgroup2 cgroup2 rw\n";

        assertThat(Cgroup.locate(ID, procCgroup, mountinfo)).isEqualTo(new Cgroup.V2(group));
    }

    @Test
    void aProcessOfAnotherGroupIsRefused() throws IOException {
        Files.createDirectories(root.resolve("user.slice"));
        String mountinfo = "30 23 0:26 / " + root + " rw - cgroup2 cgroup2 rw\n";

        assertThatThrownBy(() -> Cgroup.locate(ID, "0::/user.slice\n", mountinfo))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not container " + ID);
    }

    @Test
    void noMountedHierarchyIsAClearError() {
        assertThatThrownBy(() -> Cgroup.locate(ID, "4:memory:/docker/" + ID + "\n", ""))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no mounted cgroup hierarchy");
    }
}
