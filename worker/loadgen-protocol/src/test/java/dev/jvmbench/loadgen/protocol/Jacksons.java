package dev.jvmbench.loadgen.protocol;

/**
 * The two Jackson lines that speak this protocol, configured as each side configures its own:
 * the generator reads commands with Jackson 2 (Gatling's), the worker writes them with Jackson 3
 * (Spring Boot's), and the other way round for answers.
 */
final class Jacksons {

    /** As {@code dev.jvmbench.loadgen.CommandReader} builds it. */
    static final com.fasterxml.jackson.databind.json.JsonMapper JACKSON2 = com.fasterxml.jackson.databind.json.JsonMapper.builder()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(com.fasterxml.jackson.databind.DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(com.fasterxml.jackson.databind.MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();

    /** As {@code dev.jvmbench.worker.load.GatlingProcessLoadGenerator} builds it. */
    static final tools.jackson.databind.json.JsonMapper JACKSON3 = tools.jackson.databind.json.JsonMapper.builder()
            .enable(tools.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(tools.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(tools.jackson.databind.DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(tools.jackson.databind.DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(tools.jackson.databind.MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();

    private Jacksons() {
    }

    static String write2(Object value, Class<?> as) throws Exception {
        return JACKSON2.writerFor(as).writeValueAsString(value);
    }

    static String write3(Object value, Class<?> as) {
        return JACKSON3.writerFor(as).writeValueAsString(value);
    }

    static <T> T read2(String json, Class<T> type) throws Exception {
        return JACKSON2.readValue(json, type);
    }

    static <T> T read3(String json, Class<T> type) {
        return JACKSON3.readValue(json, type);
    }
}
