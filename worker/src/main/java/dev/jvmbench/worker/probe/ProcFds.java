package dev.jvmbench.worker.probe;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The JVM process's open files and its TCP sockets by state, from {@code /proc/<pid>} on the host.
 *
 * <p>The app shares the host's network namespace, so {@code /proc/<pid>/net/tcp} and {@code
 * tcp6} list every TCP socket of the host: the worker's, the load generator's, the upstreams'.
 * Only the sockets whose inode one of the process's own descriptors points at ({@code
 * /proc/<pid>/fd/N -> socket:[inode]}) are counted. A socket without a descriptor (TIME_WAIT, or
 * one the app has closed) has inode 0 and belongs to nobody: it is never counted.
 *
 * <p>Reading the descriptors needs ptrace read access to the process (root with {@code
 * CAP_SYS_PTRACE}, as the worker on the host is, or the process's own user); without it the
 * directory listing fails with {@link java.nio.file.AccessDeniedException}.
 */
final class ProcFds {

    private static final String SOCKET_PREFIX = "socket:[";
    private static final String NOFILE_ROW = "Max open files";

    private final Path processDirectory;

    /** @param processDirectory {@code /proc/<pid>} (a copy of its layout in tests) */
    ProcFds(Path processDirectory) {
        this.processDirectory = processDirectory;
    }

    /**
     * One file listing and one {@code readlink} per descriptor, then both TCP tables: a few
     * hundred microseconds for a JVM with a hundred descriptors on a quiet host, more for
     * thousands of connections; the sampler spaces these readings out by their cost.
     */
    FdReading read(Instant at) throws IOException {
        int open = 0;
        Set<Long> socketInodes = new HashSet<>();
        try (DirectoryStream<Path> descriptors = Files.newDirectoryStream(processDirectory.resolve("fd"))) {
            for (Path descriptor : descriptors) {
                String target;
                try {
                    target = Files.readSymbolicLink(descriptor).toString();
                } catch (NoSuchFileException closedWhileListing) {
                    continue;
                }
                open++;
                if (target.startsWith(SOCKET_PREFIX) && target.endsWith("]")) {
                    socketInodes.add(Long.parseLong(target, SOCKET_PREFIX.length(), target.length() - 1, 10));
                }
            }
        }
        Map<TcpState, Integer> tcp = new EnumMap<>(TcpState.class);
        countTcp(processDirectory.resolve("net/tcp"), socketInodes, tcp);
        countTcp(processDirectory.resolve("net/tcp6"), socketInodes, tcp);
        return new FdReading(at, open, socketInodes.size(), tcp,
                nofileSoftLimit(Files.readString(processDirectory.resolve("limits"))));
    }

    /**
     * Adds the sockets of one table whose inode is in {@code inodes}. A missing table (a kernel
     * without IPv6) counts nothing.
     */
    static void countTcp(Path table, Set<Long> inodes, Map<TcpState, Integer> counts) throws IOException {
        if (inodes.isEmpty()) {
            return;
        }
        byte[] text;
        try {
            text = Files.readAllBytes(table);
        } catch (NoSuchFileException e) {
            return;
        }
        countTcp(text, inodes, counts);
    }

    /**
     * Rows of {@code sl local rem st tx:rx tr:when retrnsmt uid timeout inode ...}: the state is
     * the 4th field (hex), the inode the 10th (decimal). Scans bytes: on a busy host the tables
     * hold thousands of rows.
     */
    static void countTcp(byte[] text, Set<Long> inodes, Map<TcpState, Integer> counts) {
        int i = indexAfterLine(text, 0); // the header
        while (i < text.length) {
            int lineEnd = i;
            while (lineEnd < text.length && text[lineEnd] != '\n') {
                lineEnd++;
            }
            int field = 0;
            int state = -1;
            long inode = -1;
            int j = i;
            while (j < lineEnd && field <= 9) {
                while (j < lineEnd && text[j] == ' ') {
                    j++;
                }
                int start = j;
                while (j < lineEnd && text[j] != ' ') {
                    j++;
                }
                if (j == start) {
                    break;
                }
                if (field == 3) {
                    state = (int) number(text, start, j, 16);
                } else if (field == 9) {
                    inode = number(text, start, j, 10);
                }
                field++;
            }
            if (inode > 0 && inodes.contains(inode)) {
                TcpState known = TcpState.ofCode(state);
                if (known != null) {
                    counts.merge(known, 1, Integer::sum);
                }
            }
            i = lineEnd + 1;
        }
    }

    /** The number in {@code text[start, end)}; -1 when a character is not a digit of {@code radix}. */
    private static long number(byte[] text, int start, int end, int radix) {
        long value = 0;
        for (int k = start; k < end; k++) {
            int digit = Character.digit(text[k], radix);
            if (digit < 0) {
                return -1;
            }
            value = value * radix + digit;
        }
        return value;
    }

    private static int indexAfterLine(byte[] text, int from) {
        int i = from;
        while (i < text.length && text[i] != '\n') {
            i++;
        }
        return i + 1;
    }

    /** The soft limit of {@code Max open files}; -1 for {@code unlimited}. */
    static long nofileSoftLimit(String limits) {
        for (String line : limits.lines().toList()) {
            if (line.startsWith(NOFILE_ROW)) {
                String soft = line.substring(NOFILE_ROW.length()).strip().split("\\s+")[0];
                return soft.equals("unlimited") ? -1 : Long.parseLong(soft);
            }
        }
        throw new IllegalStateException("no '" + NOFILE_ROW + "' row in a /proc limits file");
    }
}
