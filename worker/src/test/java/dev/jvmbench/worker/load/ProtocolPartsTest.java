package dev.jvmbench.worker.load;

import dev.jvmbench.loadgen.protocol.LoadModel;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jvmbench.loadgen.protocol.Command;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;

import org.junit.jupiter.api.Test;

class ProtocolPartsTest {

    @Test
    void aLevelRequestTravelsAsTheProtocolsLevelCommand() {
        var headers = new LinkedHashMap<String, String>();
        headers.put("X-Quote", "a\"b\\c\n\u00e9");
        var request = new LevelRequest(LoadModel.OPEN, 50, Duration.ofMillis(1500), Duration.ofSeconds(5),
                Duration.ofMillis(250), "post", URI.create("http://127.0.0.1:8080/api?x=1"), headers, "{\"a\":1}", 201);
        assertThat(request.method()).isEqualTo("POST");
        // the wire names and shapes of the hand-written protocol before it, escapes included
        assertThat(GatlingProcessLoadGenerator.JSON.writerFor(Command.class).writeValueAsString(request.toCommand()))
                .isEqualTo("""
                        {"cmd":"level","model":"open","level":50,"warmupSeconds":1.5,"measuredSeconds":5.0,\
                        "requestTimeoutMs":250,"method":"POST","url":"http://127.0.0.1:8080/api?x=1",\
                        "headers":{"X-Quote":"a\\"b\\\\c\\n\u00e9"},"body":"{\\"a\\":1}","expectedStatus":201}""");
    }

    @Test
    void procStatFieldsCountFromTheLastParenthesis() {
        String stat = "4242 (java (gen) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 56 0 0 20 0 30 0 999";
        assertThat(ProcCpu.parseTicks(stat)).isEqualTo(1234 + 56);
        assertThat(ProcCpu.cpuMillis(ProcessHandle.current().pid())).isPositive();
    }

    @Test
    void levelRequestsAreValidated() {
        URI url = URI.create("http://127.0.0.1:8080/scenarios/io-http");
        Duration s = Duration.ofSeconds(1);
        assertThatThrownBy(() -> LevelRequest.get(LoadModel.OPEN, 0, s, s, s, url))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LevelRequest.get(LoadModel.OPEN, 1, s, Duration.ZERO, s, url))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LevelRequest.get(LoadModel.OPEN, 1, s, s, s, URI.create("/relative")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LevelRequest(LoadModel.OPEN, 1, s, s, s, "BREW", url, null, null, 200))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LevelRequest(LoadModel.OPEN, 1, s, s, s, "GET", url, null, null, 600))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("expectedStatus must be an HTTP status (100-599), was 600");
        // a sub-millisecond window rounds to nothing on the wire: refused here, not by the generator
        assertThatThrownBy(() -> LevelRequest.get(LoadModel.OPEN, 1, s, Duration.ofNanos(999_999), s, url))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("measuredSeconds must be > 0, was 0.0");
        assertThat(new LevelRequest(LoadModel.CLOSED, 1, Duration.ZERO, s, s, null, url, null, null, 200).method())
                .isEqualTo("GET");
    }
}
