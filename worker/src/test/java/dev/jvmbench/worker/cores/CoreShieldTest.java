package dev.jvmbench.worker.cores;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CoreShieldTest {

    /** The host's processes as a map the test edits; {@code allow} obeys unless the pid refuses. */
    private static final class FakeTasks implements CoreShield.Tasks {
        final Map<Long, Task> tasks = new LinkedHashMap<>();
        final Set<Long> refusing = new java.util.HashSet<>();
        final List<String> calls = new ArrayList<>();

        void add(long pid, long start, long parent, Set<Integer> allowed) {
            tasks.put(pid, new Task(pid, start, parent, false, allowed));
        }

        Set<Integer> allowed(long pid) {
            return tasks.get(pid).allowed();
        }

        @Override
        public List<Task> list() {
            return List.copyOf(tasks.values());
        }

        @Override
        public boolean allow(long pid, Set<Integer> cores) {
            calls.add(pid + "->" + cores);
            Task task = tasks.get(pid);
            if (task == null || refusing.contains(pid)) {
                return false;
            }
            tasks.put(pid, new Task(pid, task.startTicks(), task.parentPid(), false, Set.copyOf(cores)));
            return true;
        }
    }

    @Test
    void processesOnEveryCoreAreKeptOffTheAppsAndGetThemBack() {
        FakeTasks host = new FakeTasks();
        host.add(100, 1, 1, Set.of(0, 1, 2, 3)); // a neighbour's build
        host.add(200, 2, 1, Set.of(0));          // the platform, pinned to core 0 by ./bench
        host.add(300, 3, 1, Set.of(3));          // the app's own container (cpuset 3)
        host.tasks.put(2L, new CoreShield.Tasks.Task(2, 0, 0, true, Set.of(0, 1, 2, 3))); // kthreadd

        CoreShield shield = CoreShield.manual(host, Set.of(3), null);

        assertThat(host.allowed(100)).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(host.allowed(200)).containsExactly(0);
        assertThat(host.allowed(300)).containsExactly(3);
        assertThat(host.allowed(2)).containsExactlyInAnyOrder(0, 1, 2, 3);
        assertThat(shield.describe()).isEqualTo("core 3 shielded: 1 other process kept off it, "
                + "1 allowed only on it (the app's own, or pinned there) left");

        shield.close();
        assertThat(host.allowed(100)).containsExactlyInAnyOrder(0, 1, 2, 3);
        assertThat(host.allowed(200)).containsExactly(0);
        assertThat(host.allowed(300)).containsExactly(3);
    }

    @Test
    void aProcessStartedDuringTheRunIsCaughtByTheNextSweep() {
        FakeTasks host = new FakeTasks();
        CoreShield shield = CoreShield.manual(host, Set.of(1), null);
        host.add(400, 10, 1, Set.of(0, 1)); // another tenant's container, started mid-run
        shield.sweep();
        assertThat(host.allowed(400)).containsExactly(0);
        shield.close();
        assertThat(host.allowed(400)).containsExactlyInAnyOrder(0, 1);
    }

    @Test
    void childrenBornOfAMovedParentGetTheParentsCoresBackButAnOwnersNarrowingStands() {
        FakeTasks host = new FakeTasks();
        host.add(100, 1, 1, Set.of(0, 1, 2));
        host.add(150, 2, 1, Set.of(0, 1, 2));
        CoreShield shield = CoreShield.manual(host, Set.of(2), null);
        host.add(101, 5, 100, Set.of(0, 1));   // forked by 100 after it was narrowed: inherited {0, 1}
        host.add(102, 6, 101, Set.of(0, 1));   // and its grandchild
        host.add(103, 7, 999, Set.of(0, 1));   // born of a process the shield never moved: its own choice
        host.allow(150, Set.of(0));            // 150's owner pinned it to core 0 meanwhile
        shield.close();

        assertThat(host.allowed(100)).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(host.allowed(101)).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(host.allowed(102)).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(host.allowed(103)).containsExactlyInAnyOrder(0, 1);
        assertThat(host.allowed(150)).containsExactly(0);
    }

    @Test
    void aPidReusedByAnotherProcessIsNotGivenTheOldOnesCores() {
        FakeTasks host = new FakeTasks();
        host.add(100, 1, 1, Set.of(0, 1));
        CoreShield shield = CoreShield.manual(host, Set.of(1), null);
        host.tasks.put(100L, new CoreShield.Tasks.Task(100, 50, 1, false, Set.of(0))); // 100 ended, the pid came back
        shield.close();
        assertThat(host.allowed(100)).containsExactly(0);
    }

    @Test
    void aRefusalIsCountedAndNotAskedAgainEverySweep() {
        FakeTasks host = new FakeTasks();
        host.add(100, 1, 1, Set.of(0, 1));
        host.refusing.add(100L);
        CoreShield shield = CoreShield.manual(host, Set.of(1), null);
        shield.sweep();
        shield.sweep();
        assertThat(shield.describe()).isEqualTo("core 1 shielded: 0 other processes kept off it, 1 could not be moved");
        assertThat(host.calls).containsExactly("100->[0]");
        shield.close();
    }

    @Test
    void aPidReusedDuringTheRunIsGivenBackWhatTheNewProcessHad() {
        FakeTasks host = new FakeTasks();
        host.add(100, 1, 1, Set.of(0, 1, 2));
        CoreShield shield = CoreShield.manual(host, Set.of(2), null);
        host.tasks.put(100L, new CoreShield.Tasks.Task(100, 40, 1, false, Set.of(1, 2))); // ended; its pid reused
        shield.sweep();
        assertThat(host.allowed(100)).containsExactly(1);
        shield.close();
        assertThat(host.allowed(100)).containsExactlyInAnyOrder(1, 2);
    }

    @Test
    void aKilledWorkersLedgerGivesTheProcessesStillWhereItPutThemTheirCoresBack(@org.junit.jupiter.api.io.TempDir Path dir) {
        FakeTasks host = new FakeTasks();
        host.add(100, 1, 1, Set.of(0, 1, 2));
        host.add(200, 2, 1, Set.of(0, 1, 2));
        host.add(300, 3, 1, Set.of(0, 1, 2));
        Path ledger = dir.resolve("core-shield-w1.ledger");
        CoreShield.manual(host, Set.of(2), ledger); // the worker dies here: never closed
        assertThat(host.allowed(100)).containsExactlyInAnyOrder(0, 1);
        host.allow(200, Set.of(0));                                          // re-pinned by its owner since
        host.tasks.put(300L, new CoreShield.Tasks.Task(300, 9, 1, false, Set.of(0, 1))); // another process, same pid

        assertThat(CoreShield.lowerLeftover(host, ledger)).isEqualTo(1);
        assertThat(host.allowed(100)).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(host.allowed(200)).containsExactly(0);
        assertThat(host.allowed(300)).containsExactlyInAnyOrder(0, 1);
        assertThat(ledger).doesNotExist();
        assertThat(CoreShield.lowerLeftover(host, ledger)).isZero();
    }

    @Test
    void aShieldLoweredInTimeLeavesNoLedger(@org.junit.jupiter.api.io.TempDir Path dir) {
        FakeTasks host = new FakeTasks();
        host.add(100, 1, 1, Set.of(0, 1));
        Path ledger = dir.resolve("core-shield-w1.ledger");
        CoreShield.manual(host, Set.of(1), ledger).close();
        assertThat(ledger).doesNotExist();
        assertThat(host.allowed(100)).containsExactlyInAnyOrder(0, 1);
    }

    /** On this Linux host: a real process allowed every core is kept off core 1, then given it back. */
    @Test
    void aRealProcessIsMovedOffTheAppsCoreAndBack() throws Exception {
        HostCores cores = HostCores.ofHost();
        assumeTrue(Files.isDirectory(Path.of("/proc/self")) && cores.cores().size() >= 2, "a Linux host with 2+ cores");
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        try {
            Placement placement = cores.placementFor(1);
            Set<Integer> appCore = Set.copyOf(HostCores.parse(placement.app()));
            LinuxTasks tasks = new LinuxTasks();
            assumeTrue(LinuxTasks.read(Path.of("/proc/" + sleeper.pid())).allowed().containsAll(appCore),
                    "the test's processes may run on the app's core");

            CoreShield shield = CoreShield.raise(tasks, placement, null);
            try {
                Set<Integer> during = LinuxTasks.read(Path.of("/proc/" + sleeper.pid())).allowed();
                assertThat(during).doesNotContainAnyElementsOf(appCore).isNotEmpty();
                // a process started while the shield is up inherits it, or the next sweep moves it
                Process late = new ProcessBuilder("sleep", "60").start();
                try {
                    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                    while (LinuxTasks.read(Path.of("/proc/" + late.pid())).allowed().stream().anyMatch(appCore::contains)
                            && System.nanoTime() < deadline) {
                        Thread.sleep(100);
                    }
                    assertThat(LinuxTasks.read(Path.of("/proc/" + late.pid())).allowed()).doesNotContainAnyElementsOf(appCore);
                } finally {
                    late.destroy();
                }
            } finally {
                shield.close();
            }
            assertThat(LinuxTasks.read(Path.of("/proc/" + sleeper.pid())).allowed()).containsAll(appCore);
            assertThat(LinuxTasks.read(Path.of("/proc/" + ProcessHandle.current().pid())).allowed()).containsAll(appCore);
        } finally {
            sleeper.destroy();
        }
    }
}
