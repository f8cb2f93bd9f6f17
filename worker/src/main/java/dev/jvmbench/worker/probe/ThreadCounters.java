package dev.jvmbench.worker.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The JVM process's OS threads and context switches, from {@code /proc/<pid>} on the host.
 *
 * <p>The kernel counts switches per thread only ({@code /proc/<pid>/status} holds the main
 * thread's), so every {@code task/<tid>/status} is read. Summing them at each reading would go
 * backwards whenever a thread exits (its switches leave the sum) and jump when one starts.
 * Instead each thread's last total is kept and only its increase is added to a running sum,
 * which therefore never decreases. A thread first seen contributes all of its switches: it
 * started after the previous reading. What a thread did between the last reading and its exit
 * is lost. Not thread-safe: the sampler serialises its calls.
 */
final class ThreadCounters {

    private static final byte[] VOLUNTARY = "\nvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NONVOLUNTARY = "\nnonvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] THREADS = "\nThreads:".getBytes(StandardCharsets.US_ASCII);

    private final Path processDirectory;
    private final Map<String, Long> lastByThread = new HashMap<>();
    private long sum;

    /** @param processDirectory {@code /proc/<pid>} (a copy of its layout in tests) */
    ThreadCounters(Path processDirectory) {
        this.processDirectory = processDirectory;
    }

    /** The process's OS threads now: one file. Throws {@link NoSuchFileException} when the process is gone. */
    int threads() throws IOException {
        return (int) field(Files.readAllBytes(processDirectory.resolve("status")), THREADS);
    }

    /**
     * Reads every thread's counters and returns the running sum of positive per-thread
     * increases. One file per thread: about 30 microseconds each, so 60 ms for a JVM with 2,000
     * platform threads, which is why the sampler spaces these walks out.
     */
    long contextSwitches() throws IOException {
        Set<String> seen = new HashSet<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(processDirectory.resolve("task"))) {
            for (Path task : tasks) {
                byte[] status;
                try {
                    status = Files.readAllBytes(task.resolve("status"));
                } catch (NoSuchFileException exitedWhileListing) {
                    continue;
                }
                String tid = task.getFileName().toString();
                long total = field(status, VOLUNTARY) + field(status, NONVOLUNTARY);
                Long last = lastByThread.put(tid, total);
                // a smaller total than last time means the kernel reused the tid for a new thread
                sum += last == null || total < last ? total : total - last;
                seen.add(tid);
            }
        }
        lastByThread.keySet().retainAll(seen);
        return sum;
    }

    /** The number after {@code key} (which starts with a newline), scanning bytes: this runs thousands of times a second. */
    private static long field(byte[] status, byte[] key) {
        int at = indexOf(status, key);
        if (at < 0) {
            throw new IllegalStateException("no '" + new String(key, 1, key.length - 2, StandardCharsets.US_ASCII)
                    + "' in a /proc status file");
        }
        int i = at + key.length;
        while (i < status.length && (status[i] == ' ' || status[i] == '\t')) {
            i++;
        }
        long value = 0;
        for (; i < status.length && status[i] >= '0' && status[i] <= '9'; i++) {
            value = value * 10 + (status[i] - '0');
        }
        return value;
    }

    private static int indexOf(byte[] data, byte[] key) {
        outer:
        for (int i = 0; i <= data.length - key.length; i++) {
            for (int j = 0; j < key.length; j++) {
                if (data[i + j] != key[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
