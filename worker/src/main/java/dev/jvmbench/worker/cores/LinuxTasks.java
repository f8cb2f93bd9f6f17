package dev.jvmbench.worker.cores;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * The host's processes from {@code /proc} (the worker must see the host's process namespace: a worker
 * in a container needs {@code pid: host}), moved with {@code taskset -a -p}, which sets every thread's
 * affinity; the kernel keeps it within the process's cpuset.
 */
public final class LinuxTasks implements CoreShield.Tasks {

    /** {@code PF_KTHREAD} in {@code /proc/PID/stat}'s flags. */
    private static final long KERNEL_THREAD = 0x00200000L;
    private final Path proc;

    public LinuxTasks() {
        this(Path.of("/proc"));
    }

    LinuxTasks(Path proc) {
        this.proc = proc;
    }

    @Override
    public List<Task> list() {
        List<Task> tasks = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(proc, "[0-9]*")) {
            for (Path entry : entries) {
                Task task = read(entry);
                if (task != null) {
                    tasks.add(task);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + proc, e);
        }
        return tasks;
    }

    /** One process, or null when it ended while being read. */
    static Task read(Path dir) {
        try {
            long pid = Long.parseLong(dir.getFileName().toString());
            String stat = Files.readString(dir.resolve("stat"));
            // after the command name, which may hold spaces and parentheses: state ppid ... flags (9th) ... starttime (22nd)
            String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long parent = Long.parseLong(after[1]);
            long flags = Long.parseLong(after[6]);
            long startTicks = Long.parseLong(after[19]);
            Set<Integer> allowed = null;
            for (String line : Files.readAllLines(dir.resolve("status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    allowed = new TreeSet<>(HostCores.parse(line.substring(line.indexOf(':') + 1).trim()));
                }
            }
            if (allowed == null) {
                return null;
            }
            return new Task(pid, startTicks, parent, (flags & KERNEL_THREAD) != 0 || pid == 2 || parent == 2, allowed);
        } catch (IOException | RuntimeException e) {
            return null; // ended meanwhile, or not a process directory
        }
    }

    /** A cpuset list such as {@code 0-3,6} as its cores. */
    public static Set<Integer> parseCpuset(String list) {
        return new TreeSet<>(HostCores.parse(list));
    }

    /** The calling thread's id in the kernel (its TID, what {@code taskset -p} takes), from {@code /proc/thread-self}. */
    public static long currentThreadId() throws IOException {
        // a link to <pid>/task/<tid>
        return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
    }

    /** The cores the calling thread may run on. */
    public static Set<Integer> currentThreadCores() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/thread-self/status"))) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return parseCpuset(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        throw new IOException("/proc/thread-self/status has no Cpus_allowed_list");
    }

    /** Sets the allowed cores of one thread ({@code taskset -p} without {@code -a}); false when refused. */
    public static boolean pinThread(long tid, Set<Integer> cores) {
        return taskset(cores, tid, false);
    }

    @Override
    public boolean allow(long pid, Set<Integer> cores) {
        return taskset(cores, pid, true);
    }

    private static boolean taskset(Set<Integer> cores, long id, boolean everyThread) {
        try {
            List<String> command = new ArrayList<>(List.of("taskset"));
            if (everyThread) {
                command.add("-a");
            }
            command.addAll(List.of("-p", "-c", HostCores.cpuset(cores), Long.toString(id)));
            Process taskset = new ProcessBuilder(command)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!taskset.waitFor(10, TimeUnit.SECONDS)) {
                taskset.destroyForcibly();
                return false;
            }
            return taskset.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
