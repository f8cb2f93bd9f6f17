package dev.jvmbench.worker.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A JVM's OS threads counted by name, from {@code /proc/<pid>/task/<tid>/comm}.
 *
 * <p>The kernel keeps the first 15 bytes of the name the JVM gave the native thread, so a
 * carrier of the virtual-thread scheduler, {@code ForkJoinPool-1-worker-7}, is {@code
 * ForkJoinPool-1-}, and an HTTP client's worker {@code HttpClient-1-Wo}. Runs of digits are
 * folded to {@code #} so that the threads of one pool count together: {@code ForkJoinPool-#-}.
 * That is enough to tell the scheduler's extra carriers (JDK 21 compensates for a carrier pinned
 * in {@code Object.wait()} or blocked in file I/O by starting another) from a pool the app or a
 * library starts per concurrent call, which is what a growing thread count under virtual
 * threads means otherwise.
 */
public final class ThreadNames {

    /**
     * The virtual-thread scheduler's carriers, {@code ForkJoinPool-<pool>-worker-<n>}, folded. Any
     * other numbered {@code ForkJoinPool} an app starts folds the same; the common pool does not
     * ({@code ForkJoinPool.co}).
     */
    public static final String CARRIERS = "ForkJoinPool-#-";

    private static final Pattern DIGITS = Pattern.compile("[0-9]+");

    private ThreadNames() {
    }

    /**
     * @param processDirectory {@code /proc/<pid>} (a copy of its layout in tests)
     * @return folded name to thread count, the most numerous first
     * @throws NoSuchFileException when the process is gone
     */
    static Map<String, Integer> read(Path processDirectory) throws IOException {
        Map<String, Integer> counts = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(processDirectory.resolve("task"))) {
            for (Path task : tasks) {
                String name;
                try {
                    name = new String(Files.readAllBytes(task.resolve("comm")), StandardCharsets.UTF_8).strip();
                } catch (NoSuchFileException exitedWhileListing) {
                    continue;
                }
                counts.merge(fold(name), 1, Integer::sum);
            }
        }
        return mostFirst(counts);
    }

    /** The carriers among threads counted by {@link #read}: null when nothing was read. */
    public static Integer carriers(Map<String, Integer> counts) {
        return counts.isEmpty() ? null : counts.getOrDefault(CARRIERS, 0);
    }

    /** The kernel's name with its runs of digits as {@code #}. */
    static String fold(String name) {
        return DIGITS.matcher(name).replaceAll("#");
    }

    /**
     * The names whose count rose from {@code before} to {@code after}, by how much, the largest
     * rise first (ties by name, so that the evidence reads the same for the same counts).
     */
    public static Map<String, Integer> grown(Map<String, Integer> before, Map<String, Integer> after) {
        Map<String, Integer> grown = new HashMap<>();
        after.forEach((name, count) -> {
            int rise = count - before.getOrDefault(name, 0);
            if (rise > 0) {
                grown.put(name, rise);
            }
        });
        return mostFirst(grown);
    }

    private static Map<String, Integer> mostFirst(Map<String, Integer> counts) {
        Map<String, Integer> ordered = new LinkedHashMap<>();
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(entry -> ordered.put(entry.getKey(), entry.getValue()));
        return ordered;
    }
}
