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

    @Override
    public boolean allow(long pid, Set<Integer> cores) {
        try {
            Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c",
                    HostCores.cpuset(cores), Long.toString(pid))
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
