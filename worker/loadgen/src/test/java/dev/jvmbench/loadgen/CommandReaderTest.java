package dev.jvmbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jvmbench.loadgen.protocol.ErrorAnswer;
import dev.jvmbench.loadgen.protocol.LevelCommand;
import dev.jvmbench.loadgen.protocol.OkAnswer;
import dev.jvmbench.loadgen.protocol.QuitCommand;
import dev.jvmbench.loadgen.protocol.WarmupCommand;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** One case per protocol rule: the line a client sends and the error it gets back, word for word. */
class CommandReaderTest {

    private static final String LEVEL = """
            {"cmd":"level","model":"closed","level":20,"warmupSeconds":1,"measuredSeconds":5,"requestTimeoutMs":5000,\
            "method":"GET","url":"http://127.0.0.1:1/ok","headers":{"Accept":"text/plain"},"body":null,"expectedStatus":200}""";

    private final CommandReader reader = new CommandReader();

    private static Arguments refused(String line, String error) {
        return Arguments.of(line, error);
    }

    /** {@link #LEVEL} with one field's JSON value replaced (or the field removed, for null). */
    private static String level(String field, String json) {
        String pattern = "\"" + field + "\":(\"[^\"]*\"|\\{[^}]*\\}|[^,}]*)";
        return json == null
                ? LEVEL.replaceFirst(pattern + ",?", "")
                : LEVEL.replaceFirst(pattern, "\"" + field + "\":" + json.replace("$", "\\$"));
    }

    static Stream<Arguments> rules() {
        return Stream.of(
                refused("this is not json", "not JSON: Unrecognized token 'this': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')"),
                refused("{\"cmd\":\"quit\"} {", "not JSON: Trailing token (of type START_OBJECT) found after value (bound as `com.fasterxml.jackson.databind.JsonNode`): not allowed as per `DeserializationFeature.FAIL_ON_TRAILING_TOKENS`"),
                refused("[1,2]", "a command is a JSON object with a \"cmd\" field"),
                refused("{\"level\":1}", "a command is a JSON object with a \"cmd\" field"),
                refused("{\"cmd\":7}", "a command is a JSON object with a \"cmd\" field"),
                refused("{\"cmd\":\"fly\"}", "unknown cmd: fly (one of [level, warmup-generator, quit])"),
                refused(LEVEL.replace("\"measuredSeconds\"", "\"measureSeconds\""), "unknown field measureSeconds in a level command"),
                refused("{\"cmd\":\"quit\",\"now\":true}", "unknown field now in a quit command"),
                refused(level("model", null), "missing field: model"),
                refused(level("model", "\"sideways\""), "model: 'sideways' is not one of [closed, open]"),
                refused(level("level", null), "missing field: level"),
                refused(level("level", "0"), "level must be >= 1, was 0"),
                refused(level("level", "\"20\""), "level: Cannot coerce String value (\"20\") to `java.lang.Integer` value (but might if coercion using `CoercionConfig` was enabled)"),
                refused(level("level", "20.5"), "level: Cannot coerce Floating-point value (20.5) to `java.lang.Integer` value (but could if coercion was enabled using `CoercionConfig`)"),
                refused(level("warmupSeconds", "-1"), "warmupSeconds must be >= 0, was -1.0"),
                refused(level("measuredSeconds", null), "missing field: measuredSeconds"),
                refused(level("measuredSeconds", "0"), "measuredSeconds must be > 0, was 0.0"),
                refused(level("requestTimeoutMs", "0"), "requestTimeoutMs must be > 0, was 0"),
                refused(level("method", "\"BREW\""), "unsupported method: BREW (one of [GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS])"),
                refused(level("url", null), "missing field: url"),
                refused(level("url", "\"/ok\""), "url must be an absolute http(s) URL: /ok"),
                refused(level("headers", "[\"Accept\"]"), "headers: Cannot deserialize value of type `java.util.LinkedHashMap<java.lang.String,java.lang.String>` from Array value (token `JsonToken.START_ARRAY`)"),
                refused(level("headers", "{\"Accept\":null}"), "headers must not hold nulls"),
                refused(level("expectedStatus", "700"), "expectedStatus must be an HTTP status (100-599), was 700"),
                refused("{\"cmd\":\"warmup-generator\"}", "missing field: url"),
                refused("{\"cmd\":\"warmup-generator\",\"url\":\"http://h/\",\"seconds\":601}", "seconds must be in (0, 600], was 601.0"),
                refused("{\"cmd\":\"warmup-generator\",\"url\":\"http://h/\",\"users\":0}", "users must be in [1, 10000], was 0"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("rules")
    void eachBrokenRuleIsRefusedWithAClearMessage(String line, String error) {
        var e = assertThrows(BadCommandException.class, () -> reader.read(line));
        assertEquals(error, e.getMessage());
        // and the answer on the wire carries exactly that text
        assertEquals("{\"ok\":false,\"error\":" + jsonString(error) + "}", reader.write(ErrorAnswer.of(e.getMessage())));
    }

    @Test
    void validCommandsReadAsTheirRecords() {
        LevelCommand level = assertInstanceOf(LevelCommand.class, reader.read(LEVEL));
        assertEquals(20, level.level());
        assertEquals(java.time.Duration.ofSeconds(5), level.measured());
        assertInstanceOf(WarmupCommand.class, reader.read("{\"cmd\":\"warmup-generator\",\"url\":\"http://h/\"}"));
        assertInstanceOf(QuitCommand.class, reader.read("{\"cmd\":\"quit\"}"));
        assertEquals("{\"ok\":true}", reader.write(OkAnswer.instance()));
    }

    private static String jsonString(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
