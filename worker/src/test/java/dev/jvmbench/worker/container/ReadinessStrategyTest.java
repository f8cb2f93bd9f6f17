package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

import com.sun.net.httpserver.HttpServer;
import dev.jvmbench.worker.testing.BenchHost;
import org.junit.jupiter.api.Test;

/** The HTTP and TCP probes against a local server, without any container. */
class ReadinessStrategyTest {

    private static final RunningContainer ANY = new RunningContainer("id", "name", 0);

    @Test
    void httpProbeWantsTheExpectedStatus() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/ok", exchange -> {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
        try {
            int port = server.getAddress().getPort();
            assertThat(ReadinessStrategy.http(port, "/ok", Duration.ofSeconds(1)).isReady(null, ANY)).isTrue();
            assertThat(ReadinessStrategy.http(port, "/missing", Duration.ofSeconds(1)).isReady(null, ANY)).isFalse();
            assertThat(ReadinessStrategy.http(port, "/missing", 404, Duration.ofSeconds(1)).isReady(null, ANY)).isTrue();
            assertThat(ReadinessStrategy.tcp(port, Duration.ofSeconds(1)).isReady(null, ANY)).isTrue();
        } finally {
            server.stop(0);
        }
    }

    @Test
    void probesOfAClosedPortSayNotYet() {
        int port = BenchHost.freePort();
        assertThat(ReadinessStrategy.http(port, "/", Duration.ofSeconds(1)).isReady(null, ANY)).isFalse();
        assertThat(ReadinessStrategy.tcp(port, Duration.ofSeconds(1)).isReady(null, ANY)).isFalse();
    }

    @Test
    void validatesItsParameters() {
        assertThatIllegalArgumentException().isThrownBy(() -> ReadinessStrategy.tcp(0, Duration.ofSeconds(1)));
        assertThatIllegalArgumentException().isThrownBy(() -> ReadinessStrategy.http(80, "health", Duration.ofSeconds(1)));
        assertThatIllegalArgumentException().isThrownBy(() -> ReadinessStrategy.http(80, "/", 99, Duration.ofSeconds(1)));
        assertThatIllegalArgumentException().isThrownBy(() -> ReadinessStrategy.tcp(80, Duration.ZERO));
        assertThatIllegalArgumentException().isThrownBy(() -> ReadinessStrategy.exec(List.of(), Duration.ofSeconds(1)));
    }
}
