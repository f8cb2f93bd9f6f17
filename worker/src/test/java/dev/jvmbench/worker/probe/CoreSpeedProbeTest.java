package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.worker.cores.LinuxTasks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The real probe on this host's last core (where a 1-CPU app runs): it pins its own thread, reads ten
 * times a second, and pins itself back when something moves it. Behaviour only: how fast the core is
 * here is the host's business, so the speeds are only checked to be positive and finite.
 */
class CoreSpeedProbeTest {

    private static final int LAST_CORE = dev.jvmbench.worker.cores.HostCores.ofHost().cores().getLast();

    @Test
    void readsTheCoreTenTimesASecondFromItsOwnThreadPinnedThere() throws Exception {
        Instant started = Instant.now();
        CoreSpeed speed = CoreSpeedProbe.start(String.valueOf(LAST_CORE));
        try {
            assertThat(speed.unmeasured()).isEmpty();
            Thread.sleep(3_200);
            Instant now = Instant.now();
            List<CoreSpeed.Second> seconds = speed.seconds(started, now);
            System.out.println("core " + LAST_CORE + " speed per second: " + seconds);
            assertThat(seconds).hasSizeGreaterThanOrEqualTo(2);
            assertThat(seconds).allSatisfy(second -> {
                assertThat(second.speed()).isPositive().isFinite();
                // one reading per 100 ms at most: a second holds 11 when its edges fall just so
                assertThat(second.readings()).isBetween(1, 11);
            });
            long tid = threadNamed("core-speed-" + LAST_CORE);
            assertThat(allowedCores(tid)).containsExactly(LAST_CORE);
            CoreSpeed.Window window = speed.window(started, now);
            assertThat(window.measured()).isTrue();
            assertThat(window.median()).isPositive();
        } finally {
            speed.close();
        }
        // Java's join returns when the thread is done; its OS task leaves /proc a moment later
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (osTaskNamed("core-speed-" + LAST_CORE) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(osTaskNamed("core-speed-" + LAST_CORE)).as("the probe's thread ends when it is closed").isFalse();
    }

    @Test
    void aThreadMovedOffItsCorePinsItselfBack() throws Exception {
        CoreSpeedProbe probe = (CoreSpeedProbe) CoreSpeedProbe.start(String.valueOf(LAST_CORE));
        try {
            long tid = threadNamed("core-speed-" + LAST_CORE);
            int other = LAST_CORE == 0 ? 0 : LAST_CORE - 1;
            assertThat(LinuxTasks.pinThread(tid, Set.of(other))).isTrue();
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (probe.repins() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(probe.repins()).as("moved to core %d, it noticed within its one-second check", other)
                    .isGreaterThanOrEqualTo(LAST_CORE == 0 ? 0 : 1);
            assertThat(allowedCores(tid)).containsExactly(LAST_CORE);
        } finally {
            probe.close();
        }
    }

    @Test
    void coresOutsideTheHostAreUnmeasuredWithTheReason() {
        CoreSpeed speed = CoreSpeedProbe.start("4095");
        assertThat(speed.unmeasured()).hasValueSatisfying(why -> assertThat(why)
                .contains("the core-speed probe could not run on core 4095"));
        assertThat(speed.window(Instant.now().minusSeconds(5), Instant.now()).measured()).isFalse();
    }

    private static long threadNamed(String name) {
        String[] tasks = Path.of("/proc/self/task").toFile().list();
        for (String task : tasks) {
            if (commOf(task).equals(name)) {
                return Long.parseLong(task);
            }
        }
        throw new AssertionError("no thread named " + name);
    }

    private static boolean osTaskNamed(String name) {
        String[] tasks = Path.of("/proc/self/task").toFile().list();
        return tasks != null && Stream.of(tasks).anyMatch(task -> commOf(task).equals(name));
    }

    private static String commOf(String task) {
        try {
            return Files.readString(Path.of("/proc/self/task", task, "comm")).strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static Set<Integer> allowedCores(long tid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/task", Long.toString(tid), "status"))) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return LinuxTasks.parseCpuset(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        throw new AssertionError("no Cpus_allowed_list");
    }
}
