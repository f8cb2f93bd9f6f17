package dev.jvmbench.targetapp.scenario;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * io-http's {@code leakConnections=1}: every request GETs the upstream on a TCP connection of
 * its own and never closes it, the classic forgotten {@code close()}. The request says
 * {@code Connection: close}, so the upstream closes its side as soon as it has answered; the
 * app reads the answer to the end of the stream and keeps the socket, which then sits in
 * {@code CLOSE_WAIT} for the app's lifetime: one more open file descriptor per request
 * ({@code process_files_open_files}) until the process runs out of them ({@code Too many open
 * files}). The sockets are held in a list, as a registry that is never cleaned would hold them:
 * an unreachable socket would be closed by its cleaner at the next GC and hide the leak.
 * Blocking I/O on the calling thread (the WebFlux app calls it from boundedElastic).
 */
public final class LeakedConnections implements AutoCloseable {

    /** The most of the answer that is read; nginx's is 3 bytes of body. */
    private static final int MAX_ANSWER_BYTES = 1 << 20;

    private final Queue<Socket> leaked = new ConcurrentLinkedQueue<>();

    public LeakedConnections(MeterRegistry registry) {
        if (registry != null) {
            Gauge.builder("bench.leaked.connections", leaked, Queue::size)
                    .description("upstream connections io-http opened and never closed (leakConnections=1)")
                    .register(registry);
        }
    }

    /** GETs {@code url} on a new connection that is never closed and returns the HTTP status. */
    public int get(URI url, Duration connectTimeout, Duration readTimeout) throws IOException {
        String host = url.getHost();
        int port = url.getPort() > 0 ? url.getPort() : 80;
        String path = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        Socket socket = new Socket();
        leaked.add(socket);
        socket.connect(new InetSocketAddress(host, port), (int) connectTimeout.toMillis());
        socket.setSoTimeout((int) readTimeout.toMillis());
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + ":" + port
                + "\r\nUser-Agent: jvmbench-target-app\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = socket.getInputStream();
        byte[] answer = in.readNBytes(MAX_ANSWER_BYTES); // to the upstream's FIN: CLOSE_WAIT from here on
        return status(answer);
    }

    /** Connections leaked so far. */
    public int count() {
        return leaked.size();
    }

    private static int status(byte[] answer) throws IOException {
        String head = new String(answer, 0, Math.min(answer.length, 64), StandardCharsets.US_ASCII);
        // "HTTP/1.1 200 OK"
        if (head.startsWith("HTTP/") && head.length() >= 12 && head.charAt(8) == ' ') {
            try {
                return Integer.parseInt(head.substring(9, 12));
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        throw new IOException("not an HTTP answer (" + answer.length + " bytes)");
    }

    /** The app stops: give the descriptors back (a leaking app would lose them only at exit). */
    @Override
    public void close() {
        for (Socket socket; (socket = leaked.poll()) != null; ) {
            try {
                socket.close();
            } catch (IOException e) {
                // closing at shutdown: nothing to do
            }
        }
    }
}
