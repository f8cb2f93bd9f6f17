package dev.jvmbench.targetapp.scenario.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A GET on a fresh connection of its own, sent at once on the calling thread and answered on a
 * virtual thread: the connections reach the server in the order of the calls (which event loop
 * takes which connection depends on that order), and the answer's arrival is recorded.
 */
public final class RawHttp {

    /** The status and when the whole answer had arrived ({@link System#nanoTime()}). */
    public record Answer(int status, long nanoTime) {
    }

    public record Pending(CompletableFuture<Answer> answer) {
        public Answer await() {
            try {
                return answer.get(120, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("no answer", e);
            }
        }
    }

    private RawHttp() {
    }

    public static Pending send(int port, String pathAndQuery) {
        try {
            Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
            socket.setSoTimeout(120_000);
            socket.getOutputStream().write(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            CompletableFuture<Answer> answer = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try (socket) {
                    String head = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
                    answer.complete(new Answer(Integer.parseInt(head.substring(9, 12)), System.nanoTime()));
                } catch (IOException | RuntimeException e) {
                    answer.completeExceptionally(e);
                }
            });
            return new Pending(answer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
