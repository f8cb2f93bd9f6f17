package dev.jvmbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ErrorCauseTest {

    @Test
    void classifiesGatlingMessages() {
        assertEquals("status-503", ErrorCause.of("status.find.is(200), found 503"));
        assertEquals("status-500", ErrorCause.of("status.find.in(200, 201), but actually found 500"));
        assertEquals("timeout", ErrorCause.of("i.g.h.c.i.RequestTimeoutException: Request timeout to 127.0.0.1/127.0.0.1:8080 after 30 ms"));
        assertEquals("connection-refused",
                ErrorCause.of("i.n.c.AbstractChannel$AnnotatedConnectException: Connection refused: /127.0.0.1:1"));
        assertEquals("connect-timeout", ErrorCause.of("i.n.c.ConnectTimeoutException: connection timed out after 10000 ms: /127.0.0.1:9"));
        assertEquals("connection-reset", ErrorCause.of("java.net.SocketException: Connection reset"));
        assertEquals("connection-closed", ErrorCause.of("i.g.h.c.i.RemotelyClosedException: Remotely closed"));
        assertEquals("other", ErrorCause.of("something new"));
        assertEquals("other", ErrorCause.of(null));
    }
}
