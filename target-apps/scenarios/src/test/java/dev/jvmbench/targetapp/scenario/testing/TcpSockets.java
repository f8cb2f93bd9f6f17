package dev.jvmbench.targetapp.scenario.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The host's TCP sockets as Linux lists them ({@code /proc/net/tcp} and {@code tcp6}): with host
 * networking a test sees the app's sockets, in a container or in-process, by the peer's port.
 */
public final class TcpSockets {

    /** The kernel's code for CLOSE_WAIT: the peer closed, this side has not. */
    static final String CLOSE_WAIT = "08";

    private TcpSockets() {
    }

    /** Sockets in CLOSE_WAIT whose peer is {@code remotePort} (the upstream that closed its side). */
    public static long closeWaitTo(int remotePort) {
        return lines().stream().map(String::strip).filter(line -> !line.startsWith("sl")).map(l -> l.split("\\s+"))
                .filter(f -> f.length > 3 && f[3].equals(CLOSE_WAIT)
                        && Integer.parseInt(f[2].substring(f[2].indexOf(':') + 1), 16) == remotePort)
                .count();
    }

    private static List<String> lines() {
        try {
            List<String> all = new ArrayList<>(Files.readAllLines(Path.of("/proc/net/tcp")));
            Path six = Path.of("/proc/net/tcp6");
            if (Files.exists(six)) {
                all.addAll(Files.readAllLines(six));
            }
            return all;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
