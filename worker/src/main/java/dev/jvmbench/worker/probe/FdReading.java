package dev.jvmbench.worker.probe;

import java.time.Instant;
import java.util.Map;

/**
 * The JVM process's open files and TCP sockets at one moment (see {@link ProcFds}). A series of
 * its own, read at most once a second: it costs one {@code readlink} per open file plus the
 * host's TCP tables.
 *
 * @param openFds         entries of {@code /proc/<pid>/fd}
 * @param socketFds       those that are sockets ({@code socket:[inode]}), of any family
 * @param tcp             the process's TCP sockets (IPv4 and IPv6) by state; states without
 *                        a socket are absent
 * @param nofileSoftLimit the process's soft {@code nofile} limit ({@code Max open files} in
 *                        {@code /proc/<pid>/limits}); -1 for unlimited
 */
record FdReading(Instant at, int openFds, int socketFds, Map<TcpState, Integer> tcp, long nofileSoftLimit) {

    FdReading {
        tcp = Map.copyOf(tcp);
    }

    int tcpIn(TcpState state) {
        return tcp.getOrDefault(state, 0);
    }
}
