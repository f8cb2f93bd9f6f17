package dev.jvmbench.worker.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ProtocolPartsTest {

    @Test
    @SuppressWarnings("unchecked")
    void jsonRoundTripsTheProtocolShapes() {
        var map = new LinkedHashMap<String, Object>();
        map.put("cmd", "level");
        map.put("level", 20);
        map.put("seconds", 1.5);
        map.put("body", null);
        map.put("headers", Map.of("X-Quote", "a\"b\\c\n"));
        map.put("list", List.of(1L, true));
        Map<String, Object> back = (Map<String, Object>) Json.parse(Json.write(map));
        assertThat(back).containsEntry("cmd", "level").containsEntry("level", 20L).containsEntry("seconds", 1.5)
                .containsEntry("body", null).containsEntry("headers", Map.of("X-Quote", "a\"b\\c\n"))
                .containsEntry("list", List.of(1L, true)).hasSize(6);

        Map<String, Object> answer = (Map<String, Object>) Json.parse(
                "{\"latencyMs\":{\"p50\":101,\"max\":null},\"x\":-1.5e2,\"u\":\"\\u00e9\"}");
        assertThat(answer).containsEntry("x", -150.0).containsEntry("u", "\u00e9");
        assertThat((Map<Object, Object>) answer.get("latencyMs")).containsEntry("p50", 101L).containsEntry("max", null);
        assertThatThrownBy(() -> Json.parse("{\"a\":1} x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Json.parse("{\"a\":")).isInstanceOf(IllegalArgumentException.class);
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
        assertThat(new LevelRequest(LoadModel.CLOSED, 1, Duration.ZERO, s, s, null, url, null, null, 200).method())
                .isEqualTo("GET");
    }
}
