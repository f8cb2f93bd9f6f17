package dev.jvmbench.loadgen.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** One case per rule of the compact constructors, with the message a client gets back. */
class ProtocolRulesTest {

    private static final String URL = "http://127.0.0.1:8080/ok";

    private static LevelCommand level(LoadModel model, Integer level, Double warmup, Double measured, Long timeoutMs,
            String method, String url, Map<String, String> headers, Integer status) {
        return new LevelCommand(model, level, warmup, measured, timeoutMs, method, url, headers, null, status);
    }

    static Stream<Arguments> rules() {
        Map<String, String> nullHeader = new HashMap<>();
        nullHeader.put("Accept", null);
        return Stream.of(
                rule("missing field: model", () -> level(null, 1, 0.0, 1.0, null, null, URL, null, null)),
                rule("missing field: level", () -> level(LoadModel.CLOSED, null, 0.0, 1.0, null, null, URL, null, null)),
                rule("level must be >= 1, was 0", () -> level(LoadModel.CLOSED, 0, 0.0, 1.0, null, null, URL, null, null)),
                rule("warmupSeconds must be >= 0, was -1.0", () -> level(LoadModel.CLOSED, 1, -1.0, 1.0, null, null, URL, null, null)),
                rule("missing field: measuredSeconds", () -> level(LoadModel.CLOSED, 1, 0.0, null, null, null, URL, null, null)),
                rule("measuredSeconds must be > 0, was 0.0", () -> level(LoadModel.CLOSED, 1, 0.0, 0.0, null, null, URL, null, null)),
                rule("measuredSeconds must be > 0, was 1.0E-4", () -> level(LoadModel.CLOSED, 1, 0.0, 0.0001, null, null, URL, null, null)),
                rule("requestTimeoutMs must be > 0, was 0", () -> level(LoadModel.CLOSED, 1, 0.0, 1.0, 0L, null, URL, null, null)),
                rule("unsupported method: BREW (one of [GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS])",
                        () -> level(LoadModel.CLOSED, 1, 0.0, 1.0, null, "brew", URL, null, null)),
                rule("missing field: url", () -> level(LoadModel.CLOSED, 1, 0.0, 1.0, null, null, null, null, null)),
                rule("url must be an absolute http(s) URL: /relative", () -> level(LoadModel.CLOSED, 1, 0.0, 1.0, null, null, "/relative", null, null)),
                rule("url must be an absolute http(s) URL: ftp://h/x", () -> level(LoadModel.CLOSED, 1, 0.0, 1.0, null, null, "ftp://h/x", null, null)),
                rule("bad url: Illegal character in path at index 10: http://h/a b",
                        () -> level(LoadModel.CLOSED, 1, 0.0, 1.0, null, null, "http://h/a b", null, null)),
                rule("headers must not hold nulls", () -> level(LoadModel.CLOSED, 1, 0.0, 1.0, null, null, URL, nullHeader, null)),
                rule("expectedStatus must be an HTTP status (100-599), was 99",
                        () -> level(LoadModel.CLOSED, 1, 0.0, 1.0, null, null, URL, null, 99)),
                rule("'sideways' is not one of [closed, open]", () -> LoadModel.fromWire("sideways")),
                rule("missing field: url", () -> new WarmupCommand(null, null, null)),
                rule("seconds must be in (0, 600], was 0.0", () -> new WarmupCommand(URL, 0.0, null)),
                rule("seconds must be in (0, 600], was 601.0", () -> new WarmupCommand(URL, 601.0, null)),
                rule("users must be in [1, 10000], was 0", () -> new WarmupCommand(URL, null, 0)),
                rule("users must be in [1, 10000], was 10001", () -> new WarmupCommand(URL, null, 10_001)),
                rule("an ErrorAnswer has ok=false", () -> new ErrorAnswer(true, "x")),
                rule("an ErrorAnswer names its error", () -> new ErrorAnswer(false, " ")),
                rule("an OkAnswer has ok=true", () -> new OkAnswer(false)),
                rule("latency percentiles are all set or all null", () -> new Latency(1, null, null, 4)),
                rule("latency is set exactly when requests finished in the second",
                        () -> new SecondStats(1L, 1, 1, 0, null, null, null, null, null, null, null, null)),
                rule("latency is set exactly when requests finished in the second",
                        () -> new SecondStats(1L, 1, 0, 0, 1, 1, 1, 1, null, null, null, null)),
                rule("latency must satisfy 0 <= p50 <= p95 <= p99 <= max",
                        () -> new SecondStats(1L, 1, 1, 0, 5, 4, 6, 7, null, null, null, null)),
                rule("in-flight min, mean and max are all set or all null",
                        () -> new SecondStats(1L, 0, 0, 0, null, null, null, null, 1, null, 2, null)),
                rule("in-flight must satisfy 0 <= min <= mean <= max",
                        () -> new SecondStats(1L, 0, 0, 0, null, null, null, null, 3, 2.0, 4, null)),
                rule("errorsByCause must sum to errors",
                        () -> new SecondStats(1L, 2, 0, 2, 1, 1, 1, 1, null, null, null, Map.of("timeout", 1L))),
                rule("startMs must be an epoch millisecond",
                        () -> new SecondStats(0L, 0, 0, 0, null, null, null, null, null, null, null, null)),
                rule("measuredStart must be an ISO-8601 instant, was yesterday", () -> levelAnswerStartingAt("yesterday")),
                rule("offeredRps and offeredRateReached are set exactly for the open model",
                        () -> new LevelAnswer(true, 5, LoadModel.CLOSED, "2026-01-01T00:00:00Z", "2026-01-01T00:00:01Z", 1, 0,
                                0, 0, null, Latency.none(), 0, 0, 5.0, true, null, 0, 0, 1, java.util.List.of(), null, "x")),
                rule("missing field: latencyHistogram",
                        () -> new LevelAnswer(true, 5, LoadModel.CLOSED, "2026-01-01T00:00:00Z", "2026-01-01T00:00:01Z", 1, 0,
                                0, 0, null, Latency.none(), 0, 0, null, null, null, 0, 0, 1, java.util.List.of(), null, "")));
    }

    private static LevelAnswer levelAnswerStartingAt(String start) {
        return new LevelAnswer(true, 5, LoadModel.CLOSED, start, "2026-01-01T00:00:01Z", 1, 0, 0, 0, null, Latency.none(), 0, 0,
                null, null, null, 0, 0, 1, java.util.List.of(), null, "x");
    }

    private static Arguments rule(String message, Supplier<Object> construction) {
        return Arguments.of(message, construction);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void eachRuleIsRefusedWithItsMessage(String message, Supplier<Object> construction) {
        var e = assertThrows(IllegalArgumentException.class, construction::get);
        assertEquals(message, e.getMessage());
    }
}
