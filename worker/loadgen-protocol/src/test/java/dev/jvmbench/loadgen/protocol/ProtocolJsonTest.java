package dev.jvmbench.loadgen.protocol;

import static dev.jvmbench.loadgen.protocol.Jacksons.read2;
import static dev.jvmbench.loadgen.protocol.Jacksons.read3;
import static dev.jvmbench.loadgen.protocol.Jacksons.write2;
import static dev.jvmbench.loadgen.protocol.Jacksons.write3;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every message crosses between Jackson 3 (the worker) and Jackson 2 (the generator) in both
 * directions and comes back equal, with the same bytes from both: plain records and
 * {@code com.fasterxml.jackson.annotation} annotations are all the protocol needs.
 */
class ProtocolJsonTest {

    static Stream<Command> commands() {
        return Stream.of(Messages.level(), Messages.warmup(), new QuitCommand(),
                new LevelCommand(LoadModel.CLOSED, 1, null, 1.0, null, null, "https://example.test/", null, null, null));
    }

    static Stream<Answer> answers() {
        return Stream.of(Messages.levelAnswer(), Messages.warmupAnswer(), OkAnswer.instance(), ErrorAnswer.of("unknown cmd: fly"));
    }

    @ParameterizedTest
    @MethodSource("commands")
    void commandsCrossFromTheWorkerToTheGeneratorAndBack(Command command) throws Exception {
        String fromWorker = write3(command, Command.class);
        assertEquals(command, read2(fromWorker, Command.class), fromWorker);
        String fromGenerator = write2(command, Command.class);
        assertEquals(fromWorker, fromGenerator, "both Jackson lines write the same line");
        assertEquals(command, read3(fromGenerator, Command.class));
    }

    @ParameterizedTest
    @MethodSource("answers")
    void answersCrossFromTheGeneratorToTheWorkerAndBack(Answer answer) throws Exception {
        String fromGenerator = write2(answer, answer.getClass());
        assertEquals(answer, read3(fromGenerator, answer.getClass()), fromGenerator);
        String fromWorker = write3(answer, answer.getClass());
        assertEquals(fromGenerator, fromWorker, "both Jackson lines write the same line");
        assertEquals(answer, read2(fromWorker, answer.getClass()));
    }

    @Test
    void aLevelCommandKeepsTheWireNamesOfTheHandWrittenProtocol() throws Exception {
        var command = new LevelCommand(LoadModel.CLOSED, 20, 1.0, 5.0, 5_000L, "GET", "http://127.0.0.1:1/ok",
                Map.of("Accept", "text/plain"), null, 200);
        assertEquals("""
                {"cmd":"level","model":"closed","level":20,"warmupSeconds":1.0,"measuredSeconds":5.0,\
                "requestTimeoutMs":5000,"method":"GET","url":"http://127.0.0.1:1/ok","headers":{"Accept":"text/plain"},\
                "body":null,"expectedStatus":200}""", write3(command, Command.class));
        assertEquals("{\"cmd\":\"quit\"}", write3(new QuitCommand(), Command.class));
        assertEquals("{\"cmd\":\"warmup-generator\",\"url\":\"http://127.0.0.1:1/ok\",\"seconds\":2.0,\"users\":32}",
                write3(new WarmupCommand("http://127.0.0.1:1/ok", 2.0, null), Command.class));
    }

    @Test
    void aSecondIsOneArrayInTheDocumentedOrderInBothJacksons() throws Exception {
        // Jackson 3 sorts properties alphabetically by default: the explicit order must win there too
        String expected = "[1795000000437,210,198,3,101,104,130,5000,19,19.85,20,{\"timeout\":2}]";
        var second = new SecondStats(1_795_000_000_437L, 210, 198, 3, 101, 104, 130, 5_000, 19, 19.85, 20,
                Map.of("timeout", 3L));
        expected = expected.replace("\"timeout\":2", "\"timeout\":3");
        assertEquals(expected, write2(second, SecondStats.class));
        assertEquals(expected, write3(second, SecondStats.class));
        assertEquals("[1795000000437,0,0,0,null,null,null,null,null,null,null,{}]",
                write3(Messages.idleSecond(1_795_000_000_437L), SecondStats.class));
    }

    @Test
    void answersStartWithOkAndCarryNoDerivedFields() throws Exception {
        String level = write2(Messages.levelAnswer(), LevelAnswer.class);
        assertTrue(level.startsWith("{\"ok\":true,\"level\":50,\"model\":\"open\","), level);
        var fields = Jacksons.JACKSON3.readTree(level).propertyNames();
        assertEquals(List.of("ok", "level", "model", "measuredStart", "measuredEnd", "measuredSeconds", "requests",
                "successes", "errors", "errorsByCause", "latencyMs", "throughputRps", "startedRps", "offeredRps",
                "offeredRateReached", "activeUsersMin", "cpuMs", "cpuWindowMs", "cpuCores", "series", "warmupSeries",
                "latencyHistogram"), List.copyOf(fields));
        assertEquals("{\"ok\":false,\"error\":\"nope\"}", write3(ErrorAnswer.of("nope"), ErrorAnswer.class));
        assertEquals("{\"ok\":true}", write3(OkAnswer.instance(), OkAnswer.class));
    }

    @Test
    void absentOptionalFieldsTakeTheirDefaultsOnBothSides() throws Exception {
        String minimal = "{\"cmd\":\"level\",\"model\":\"closed\",\"level\":3,\"measuredSeconds\":2,\"url\":\"http://h/\"}";
        for (Command read : List.of(read2(minimal, Command.class), read3(minimal, Command.class))) {
            LevelCommand c = assertInstanceOf(LevelCommand.class, read);
            assertEquals(0.0, c.warmupSeconds());
            assertEquals(LevelCommand.DEFAULT_REQUEST_TIMEOUT_MS, c.requestTimeoutMs());
            assertEquals("GET", c.method());
            assertEquals(Map.of(), c.headers());
            assertEquals(200, c.expectedStatus());
        }
        WarmupCommand w = assertInstanceOf(WarmupCommand.class, read2("{\"cmd\":\"warmup-generator\",\"url\":\"http://h/\"}",
                Command.class));
        assertEquals(WarmupCommand.DEFAULT_SECONDS, w.seconds());
        assertEquals(WarmupCommand.DEFAULT_USERS, w.users());
    }

    @Test
    void aBrokenRuleReachesTheReaderAsTheRecordsOwnMessage() {
        String levelZero = "{\"cmd\":\"level\",\"model\":\"closed\",\"level\":0,\"measuredSeconds\":2,\"url\":\"http://h/\"}";
        var two = assertThrows(com.fasterxml.jackson.databind.JsonMappingException.class, () -> read2(levelZero, Command.class));
        assertEquals("level must be >= 1, was 0", rootCause(two).getMessage());
        var three = assertThrows(tools.jackson.databind.DatabindException.class, () -> read3(levelZero, Command.class));
        assertEquals("level must be >= 1, was 0", rootCause(three).getMessage());

        String sideways = levelZero.replace("\"closed\"", "\"sideways\"").replace("\"level\":0", "\"level\":1");
        var model = assertThrows(com.fasterxml.jackson.databind.JsonMappingException.class, () -> read2(sideways, Command.class));
        assertEquals("'sideways' is not one of [closed, open]", rootCause(model).getMessage());
    }

    @Test
    void answersThatBreakARuleAreRefusedByTheWorker() {
        String tooFew = Jacksons.write3(Messages.levelAnswer(), LevelAnswer.class).replace("\"requests\":1005", "\"requests\":7");
        var e = assertThrows(tools.jackson.databind.DatabindException.class, () -> read3(tooFew, LevelAnswer.class));
        assertEquals("requests must equal successes + errors", rootCause(e).getMessage());
    }

    private static Throwable rootCause(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }
}
