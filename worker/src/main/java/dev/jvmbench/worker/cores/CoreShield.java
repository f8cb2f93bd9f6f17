package dev.jvmbench.worker.cores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps every other process on the host off a pinned app's cores while its run lasts (docs/metrics.md,
 * "Shielded cores"), as {@code cset shield} or tuned's cpu-partitioning profile do, but for the run only.
 * Pinning alone places what the measurement itself starts; a neighbour's build, another tenant's
 * container or a busy loop still floats onto the app's core, and then decides the throughput of a
 * CPU-bound app more than its own work does.
 *
 * <p>Every second, each process allowed on the app's cores and on others too is narrowed to those
 * others ({@code taskset -a}), its former cores remembered. A process allowed only the app's cores
 * is left alone: the app's own container (its cpuset) or a process pinned there on purpose, counted.
 * Kernel threads are never touched. At the end, each moved process gets its cores back, and so does a
 * process born during the run of a moved parent (it inherited the narrowed set); a process that was
 * narrowed by its owner in the meantime keeps the owner's choice.
 */
public final class CoreShield implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(CoreShield.class);

    /** The host's processes, as the shield needs to see and move them; {@link LinuxTasks} reads /proc. */
    public interface Tasks {

        /** One process: its identity across pid reuse ({@code startTicks}), parent and allowed cores. */
        record Task(long pid, long startTicks, long parentPid, boolean kernelThread, Set<Integer> allowed) {
        }

        List<Task> list();

        /** Sets the allowed cores of every thread of {@code pid}; false when the kernel refused. */
        boolean allow(long pid, Set<Integer> cores);
    }

    private record Moved(long startTicks, Set<Integer> before) {
    }

    private final Tasks tasks;
    private final Set<Integer> app;
    private final Map<Long, Moved> moved = new HashMap<>();
    private final Map<Long, Long> seenAtStart = new HashMap<>();
    /** pid to start time: a process the kernel would not move is not asked again every second. */
    private final Map<Long, Long> refused = new HashMap<>();
    private final Set<Long> leftOnAppCores = new TreeSet<>();
    private final ScheduledExecutorService sweeper;
    private final Path ledger;

    private CoreShield(Tasks tasks, Set<Integer> app, boolean sweepEverySecond, Path ledger) {
        this.tasks = tasks;
        this.app = Set.copyOf(app);
        this.ledger = ledger;
        if (ledger != null) {
            write("app " + HostCores.cpuset(app) + "\n", StandardOpenOption.TRUNCATE_EXISTING);
        }
        for (Tasks.Task task : tasks.list()) {
            seenAtStart.put(task.pid(), task.startTicks());
        }
        sweep();
        if (sweepEverySecond) {
            sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread thread = new Thread(r, "core-shield");
                thread.setDaemon(true);
                return thread;
            });
            sweeper.scheduleWithFixedDelay(this::sweepQuietly, 1, 1, TimeUnit.SECONDS);
        } else {
            sweeper = null;
        }
    }

    /**
     * Shields {@code placement}'s app cores until {@link #close()}, sweeping every second. Each move is
     * written to {@code ledger} as it is made, so that {@link #lowerLeftover} can give the processes
     * their cores back when the worker was killed before it could.
     */
    public static CoreShield raise(Tasks tasks, Placement placement, Path ledger) {
        if (!placement.pinned()) {
            throw new IllegalArgumentException("nothing pinned to shield: " + placement.describe());
        }
        return new CoreShield(tasks, Set.copyOf(HostCores.parse(placement.app())), true, ledger);
    }

    /** A shield that sweeps only when {@link #sweep()} is called: for tests of the rules. */
    static CoreShield manual(Tasks tasks, Set<Integer> app, Path ledger) {
        return new CoreShield(tasks, app, false, ledger);
    }

    /**
     * Gives back the cores of the processes a killed worker's shield had moved (its {@code ledger}),
     * those still running and still where the shield put them; deletes the ledger. How many got them
     * back; 0 when there is no ledger. Processes they started meanwhile are not in the ledger.
     */
    public static int lowerLeftover(Tasks tasks, Path ledger) {
        if (!Files.exists(ledger)) {
            return 0;
        }
        try {
            List<String> lines = Files.readAllLines(ledger);
            Set<Integer> app = lines.isEmpty() || !lines.getFirst().startsWith("app ") ? Set.of()
                    : Set.copyOf(HostCores.parse(lines.getFirst().substring(4)));
            Map<Long, Tasks.Task> now = new HashMap<>();
            for (Tasks.Task task : tasks.list()) {
                now.put(task.pid(), task);
            }
            int restored = 0;
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] fields = line.trim().split(" ");
                if (fields.length != 3) {
                    continue;
                }
                Tasks.Task task = now.get(Long.parseLong(fields[0]));
                Set<Integer> before = Set.copyOf(HostCores.parse(fields[2]));
                if (task != null && task.startTicks() == Long.parseLong(fields[1])
                        && task.allowed().equals(minus(before, app)) && tasks.allow(task.pid(), before)) {
                    restored++;
                }
            }
            Files.delete(ledger);
            return restored;
        } catch (IOException | RuntimeException e) {
            log.warn("Core shield: the ledger {} left by a stopped worker could not be read back: {}", ledger, e.toString());
            return 0;
        }
    }

    private void write(String text, StandardOpenOption mode) {
        try {
            Files.createDirectories(ledger.getParent());
            Files.writeString(ledger, text, StandardOpenOption.CREATE, StandardOpenOption.WRITE, mode);
        } catch (IOException e) {
            log.warn("Core shield: cannot write its ledger {} ({}): a killed worker would leave processes off core(s) {}",
                    ledger, e.toString(), app);
        }
    }

    private void sweepQuietly() {
        try {
            sweep();
        } catch (RuntimeException e) {
            log.warn("Core shield: a sweep failed, the next one tries again", e);
        }
    }

    /** Moves every process that may run on the app's cores, and on others too, onto those others. */
    synchronized void sweep() {
        for (Tasks.Task task : tasks.list()) {
            if (task.kernelThread() || disjoint(task.allowed(), app)) {
                continue;
            }
            Set<Integer> narrowed = minus(task.allowed(), app);
            if (narrowed.isEmpty()) {
                leftOnAppCores.add(task.pid());
                continue;
            }
            if (Long.valueOf(task.startTicks()).equals(refused.get(task.pid()))) {
                continue;
            }
            if (tasks.allow(task.pid(), narrowed)) {
                Moved before = moved.get(task.pid());
                // a pid the run saw before may be another process now: the newer one is the one to give back
                if (before == null || before.startTicks() != task.startTicks()) {
                    moved.put(task.pid(), new Moved(task.startTicks(), Set.copyOf(task.allowed())));
                    if (ledger != null) {
                        write(task.pid() + " " + task.startTicks() + " "
                                + HostCores.cpuset(task.allowed()) + "\n", StandardOpenOption.APPEND);
                    }
                }
            } else {
                refused.put(task.pid(), task.startTicks());
            }
        }
    }

    /** What the shield did so far, one clause for the run's placement line. */
    public synchronized String describe() {
        StringBuilder out = new StringBuilder("core " + HostCores.cpuset(app)
                + " shielded: " + moved.size() + " other process" + (moved.size() == 1 ? "" : "es") + " kept off it");
        if (!refused.isEmpty()) {
            out.append(", ").append(refused.size()).append(" could not be moved");
        }
        if (!leftOnAppCores.isEmpty()) {
            out.append(", ").append(leftOnAppCores.size()).append(" allowed only on it (the app's own, or pinned there) left");
        }
        return out.toString();
    }

    /** Gives the moved processes, and the children they had meanwhile, their cores back. */
    @Override
    public synchronized void close() {
        if (sweeper != null) {
            sweeper.shutdownNow();
        }
        List<Tasks.Task> now = tasks.list();
        Map<Long, Set<Integer>> restoreTo = new HashMap<>();
        // by start time, so that a parent is settled before its children
        List<Tasks.Task> byAge = now.stream().sorted((a, b) -> Long.compare(a.startTicks(), b.startTicks())).toList();
        for (Tasks.Task task : byAge) {
            Moved was = moved.get(task.pid());
            if (was != null && was.startTicks() == task.startTicks()) {
                if (task.allowed().equals(minus(was.before(), app))) {
                    restoreTo.put(task.pid(), was.before());
                }
                continue;
            }
            boolean bornDuringTheRun = !Long.valueOf(task.startTicks()).equals(seenAtStart.get(task.pid()));
            Set<Integer> parents = restoreTo.get(task.parentPid());
            if (bornDuringTheRun && parents != null && task.allowed().equals(minus(parents, app))) {
                restoreTo.put(task.pid(), parents);
            }
        }
        int failed = 0;
        for (var entry : restoreTo.entrySet()) {
            if (!tasks.allow(entry.getKey(), entry.getValue())) {
                failed++;
            }
        }
        log.info("Core shield lowered: {}; {} process(es) given their cores back{}", describe(), restoreTo.size() - failed,
                failed == 0 ? "" : ", " + failed + " had ended or refused");
        if (ledger != null) {
            try {
                Files.deleteIfExists(ledger);
            } catch (IOException e) {
                log.warn("Core shield: cannot delete its ledger {}: {}", ledger, e.toString());
            }
        }
    }

    private static boolean disjoint(Set<Integer> a, Set<Integer> b) {
        return a.stream().noneMatch(b::contains);
    }

    private static Set<Integer> minus(Set<Integer> a, Set<Integer> b) {
        Set<Integer> out = new TreeSet<>(a);
        out.removeAll(b);
        return out;
    }
}
