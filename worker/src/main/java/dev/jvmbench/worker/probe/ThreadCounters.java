package dev.jvmbench.worker.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The JVM process's OS threads, context switches and the CPU time of its JIT compiler threads,
 * from {@code /proc/<pid>} on the host.
 *
 * <p>The kernel counts switches per thread only ({@code /proc/<pid>/status} holds the main
 * thread's), so every {@code task/<tid>/status} is read. Summing them at each reading would go
 * backwards whenever a thread exits (its switches leave the sum) and jump when one starts.
 * Instead each thread's last total is kept and only its increase is added to a running sum,
 * which therefore never decreases. A thread first seen contributes all of its switches: it
 * started after the previous reading. What a thread did between the last reading and its exit
 * is lost. Not thread-safe: the sampler serialises its calls.
 *
 * <p>The same walk finds the JIT's compiler threads by the name in their status file (the
 * kernel's 15-character {@code comm}: {@code C1 CompilerThre}, {@code C2 CompilerThre} for
 * HotSpot, {@code JVMCI CompilerT} / {@code JVMCI-native Co} for Graal as the JIT, {@code JIT
 * Compilation} for OpenJ9) and reads only their {@code stat} (user + system time, fields 14 and
 * 15), so the walk costs a handful of files more, whatever the app's thread count. Their CPU is
 * a running sum kept like the switches: HotSpot starts and stops compiler threads as its queue
 * grows and shrinks ({@code UseDynamicNumberOfCompilerThreads}), and one that exits must not
 * take its CPU out of the sum.
 */
final class ThreadCounters {

    private static final byte[] VOLUNTARY = "\nvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NONVOLUNTARY = "\nnonvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] THREADS = "\nThreads:".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NAME = "Name:".getBytes(StandardCharsets.US_ASCII);
    /** Names of JIT compiler threads as the kernel keeps them (15 characters at most). */
    private static final List<byte[]> COMPILER_NAMES = Stream.of("C1 CompilerThre", "C2 CompilerThre",
            "JVMCI CompilerT", "JVMCI-native Co", "JIT Compilation")
            .map(name -> name.getBytes(StandardCharsets.US_ASCII)).toList();
    /**
     * Clock ticks per second of {@code /proc/<pid>/stat}'s times: USER_HZ, which the kernel's ABI
     * fixes at 100 on every architecture a JVM benchmark runs on (x86, arm64, ppc64, s390x).
     */
    static final long TICKS_PER_SECOND = 100;

    /**
     * One walk's running sums.
     *
     * @param contextSwitches voluntary + involuntary switches of every thread (see the class)
     * @param jitCpuMs        user + system CPU of the JIT compiler threads; null while no
     *                        compiler thread has been seen (a JVM that names them otherwise)
     */
    record Totals(long contextSwitches, Long jitCpuMs) {
    }

    private final Path processDirectory;
    private final Map<String, Long> lastByThread = new HashMap<>();
    private final Map<String, Long> lastTicksByCompiler = new HashMap<>();
    private long sum;
    private long compilerTicks;
    private boolean compilerSeen;

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
        return walk().contextSwitches();
    }

    /** Reads every thread's counters (and the compiler threads' CPU): the running sums after this walk. */
    Totals walk() throws IOException {
        Set<String> seen = new HashSet<>();
        Set<String> compilers = new HashSet<>();
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
                if (isCompiler(status)) {
                    readCompiler(task, tid, compilers);
                }
            }
        }
        lastByThread.keySet().retainAll(seen);
        // a tid no longer a compiler thread (exited, or reused by another thread) starts afresh if it is one again
        lastTicksByCompiler.keySet().retainAll(compilers);
        return new Totals(sum, compilerSeen ? compilerTicks * 1000 / TICKS_PER_SECOND : null);
    }

    private void readCompiler(Path task, String tid, Set<String> compilers) throws IOException {
        byte[] stat;
        try {
            stat = Files.readAllBytes(task.resolve("stat"));
        } catch (NoSuchFileException exitedSinceItsStatus) {
            return;
        }
        long ticks = cpuTicks(stat);
        Long last = lastTicksByCompiler.put(tid, ticks);
        compilerTicks += last == null || ticks < last ? ticks : ticks - last;
        compilers.add(tid);
        compilerSeen = true;
    }

    /** Whether the status file's {@code Name:} (its first line) is a compiler thread's. */
    private static boolean isCompiler(byte[] status) {
        if (!startsWith(status, 0, NAME)) {
            return false;
        }
        int i = NAME.length;
        while (i < status.length && (status[i] == ' ' || status[i] == '\t')) {
            i++;
        }
        for (byte[] name : COMPILER_NAMES) {
            if (startsWith(status, i, name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * utime + stime (fields 14 and 15) of a {@code stat} line. The name (field 2) is in
     * parentheses and may itself hold spaces and parentheses, so the fields are counted from the
     * last ')'. A string split is fine here: only the few compiler threads' files come this way.
     */
    static long cpuTicks(byte[] stat) {
        String line = new String(stat, StandardCharsets.US_ASCII);
        int nameEnd = line.lastIndexOf(')');
        if (nameEnd < 0) {
            throw new IllegalStateException("no ')' in a /proc stat file");
        }
        // the first field after the name is field 3 (the state)
        String[] fields = line.substring(nameEnd + 1).trim().split(" ");
        if (fields.length < 13) {
            throw new IllegalStateException("a /proc stat file has fewer than 15 fields");
        }
        try {
            return Long.parseLong(fields[14 - 3]) + Long.parseLong(fields[15 - 3]);
        } catch (NumberFormatException e) {
            throw new IllegalStateException("utime or stime of a /proc stat file is not a number: " + e.getMessage(), e);
        }
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

    private static boolean startsWith(byte[] data, int at, byte[] prefix) {
        if (data.length - at < prefix.length) {
            return false;
        }
        for (int j = 0; j < prefix.length; j++) {
            if (data[at + j] != prefix[j]) {
                return false;
            }
        }
        return true;
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
