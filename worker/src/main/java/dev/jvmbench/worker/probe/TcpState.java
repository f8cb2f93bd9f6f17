package dev.jvmbench.worker.probe;

/**
 * The state of a TCP socket as the kernel writes it in the {@code st} column of {@code
 * /proc/net/tcp} and {@code tcp6} (hexadecimal, {@code include/net/tcp_states.h}).
 *
 * <p>The two that explain most field problems: {@link #ESTABLISHED} (connections the app holds)
 * and {@link #CLOSE_WAIT} (the peer closed, the app has not: a socket the app leaks, or one a
 * saturated app has not got round to closing, keeps its file descriptor until the app closes it).
 */
public enum TcpState {
    ESTABLISHED(0x01),
    SYN_SENT(0x02),
    SYN_RECV(0x03),
    FIN_WAIT1(0x04),
    FIN_WAIT2(0x05),
    TIME_WAIT(0x06),
    CLOSE(0x07),
    CLOSE_WAIT(0x08),
    LAST_ACK(0x09),
    LISTEN(0x0A),
    CLOSING(0x0B),
    NEW_SYN_RECV(0x0C);

    private static final TcpState[] BY_CODE = new TcpState[0x0D];

    static {
        for (TcpState state : values()) {
            BY_CODE[state.code] = state;
        }
    }

    private final int code;

    TcpState(int code) {
        this.code = code;
    }

    /** The state of kernel code {@code code}, or null for a code this enum does not know. */
    static TcpState ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
