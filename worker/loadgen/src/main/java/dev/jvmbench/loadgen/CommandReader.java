package dev.jvmbench.loadgen;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.jvmbench.loadgen.protocol.Answer;
import dev.jvmbench.loadgen.protocol.Command;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads one stdin line into a {@link Command} (Jackson 2, Gatling's) and writes answers. Strict:
 * an unknown field, a string where a number belongs or a fractional level is refused rather than
 * guessed at, and every refusal is a {@link BadCommandException} whose message says what was
 * wrong in the client's terms: the record's own rule, or the field and what Jackson expected.
 */
final class CommandReader {

    /** cmd -> the record's wire fields, from the protocol's own annotations. */
    private static final Map<String, Set<String>> FIELDS = Arrays.stream(Command.class.getAnnotation(JsonSubTypes.class).value())
            .collect(Collectors.toMap(
                    type -> type.value().getAnnotation(JsonTypeName.class).value(),
                    type -> Arrays.stream(type.value().getRecordComponents()).map(RecordComponent::getName)
                            .collect(Collectors.toUnmodifiableSet()),
                    (a, b) -> a, LinkedHashMap::new));
    static final List<String> COMMANDS = List.copyOf(FIELDS.keySet());

    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();

    Command read(String line) {
        JsonNode tree;
        try {
            tree = mapper.readTree(line);
        } catch (JacksonException e) {
            throw new BadCommandException("not JSON: " + e.getOriginalMessage());
        }
        if (tree == null || !tree.isObject() || !tree.path("cmd").isTextual()) {
            throw new BadCommandException("a command is a JSON object with a \"cmd\" field");
        }
        String cmd = tree.get("cmd").asText();
        Set<String> fields = FIELDS.get(cmd);
        if (fields == null) {
            throw new BadCommandException("unknown cmd: " + cmd + " (one of " + COMMANDS + ")");
        }
        // before the record is built: a misspelt field would otherwise surface as a missing one
        tree.fieldNames().forEachRemaining(field -> {
            if (!field.equals("cmd") && !fields.contains(field)) {
                throw new BadCommandException("unknown field " + field + " in a " + cmd + " command");
            }
        });
        try {
            return mapper.treeToValue(tree, Command.class);
        } catch (JacksonException e) {
            throw new BadCommandException(describe(e));
        } catch (IllegalArgumentException e) {
            throw new BadCommandException(e.getMessage());
        }
    }

    String write(Answer answer) {
        try {
            return mapper.writeValueAsString(answer);
        } catch (JacksonException e) {
            throw new IllegalStateException("could not write " + answer.getClass().getSimpleName(), e);
        }
    }

    /**
     * A rule of the protocol's records speaks for itself; a value's own rule (the load model's
     * names) and anything else Jackson choked on come after the field's name.
     */
    private static String describe(JacksonException e) {
        String field = e instanceof JsonMappingException m && !m.getPath().isEmpty()
                ? m.getPath().stream()
                        .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                        .collect(Collectors.joining("."))
                : null;
        for (Throwable t = e.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
            if (t instanceof IllegalArgumentException rule) {
                return field == null ? rule.getMessage() : field + ": " + rule.getMessage();
            }
        }
        return field == null ? e.getOriginalMessage() : field + ": " + e.getOriginalMessage();
    }
}
