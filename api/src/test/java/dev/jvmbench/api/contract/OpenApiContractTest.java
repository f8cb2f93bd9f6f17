package dev.jvmbench.api.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.json.JsonMapper;

/**
 * openapi.yaml is the contract. The served document must match it in everything a client or a
 * fuzzer relies on: paths, operations and their ids, parameters, request and response media
 * types, status codes and schemas (types, formats, enums, bounds, required fields, patterns, the
 * rules across fields: oneOf, if/then/else, propertyNames...). Prose (summaries, descriptions) and
 * examples may differ.
 */
@ApiIntegrationTest
class OpenApiContractTest {

    private static final Set<String> SCHEMA_KEYS = Set.of("type", "format", "enum", "required", "properties", "items",
            "$ref", "additionalProperties", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength",
            "maxLength", "minItems", "maxItems", "pattern", "oneOf", "anyOf", "allOf", "default", "nullable", "uniqueItems",
            "minProperties", "maxProperties", "propertyNames", "not", "if", "then", "else", "const", "contentMediaType");

    @LocalServerPort
    int port;

    @Test
    void theServedDocumentMatchesOpenapiYaml() throws IOException {
        Map<String, Object> contract = new Yaml().load(Files.readString(Path.of("..", "openapi.yaml")));
        String served = ApiClient.admin(port).withToken(null).get("/v3/api-docs").expect(200).body();
        @SuppressWarnings("unchecked")
        Map<String, Object> live = JsonMapper.builder().build().readValue(served, Map.class);

        List<String> differences = new ArrayList<>();
        compare("", shape(contract), shape(live), differences);
        assertThat(differences)
                .as("openapi.yaml and the served /v3/api-docs differ (fix the code or the contract):")
                .isEmpty();
    }

    /** The parts of the document that make up the contract. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> shape(Map<String, Object> doc) {
        Map<String, Object> result = new TreeMap<>();
        Map<String, Object> paths = (Map<String, Object>) doc.get("paths");
        paths.forEach((path, item) -> ((Map<String, Object>) item).forEach((method, op) -> {
            Map<String, Object> operation = (Map<String, Object>) op;
            Map<String, Object> shaped = new TreeMap<>();
            shaped.put("operationId", operation.get("operationId"));
            List<Map<String, Object>> parameters = (List<Map<String, Object>>) operation.getOrDefault("parameters", List.of());
            for (Map<String, Object> parameter : parameters) {
                shaped.put("parameter " + parameter.get("in") + " " + parameter.get("name"), Map.of(
                        "required", parameter.getOrDefault("required", false),
                        "schema", schema(parameter.get("schema"))));
            }
            Map<String, Object> body = (Map<String, Object>) operation.get("requestBody");
            if (body != null) {
                shaped.put("requestBody required", body.getOrDefault("required", false));
                shaped.put("requestBody", content(body.get("content")));
            }
            ((Map<String, Object>) operation.get("responses")).forEach((status, response) ->
                    shaped.put("response " + status, content(((Map<String, Object>) response).get("content"))));
            result.put(method.toUpperCase() + " " + path, shaped);
        }));
        Map<String, Object> schemas = (Map<String, Object>) ((Map<String, Object>) doc.get("components")).get("schemas");
        schemas.forEach((name, schema) -> result.put("schema " + name, schema(schema)));
        result.put("securitySchemes", ((Map<String, Object>) doc.get("components")).get("securitySchemes"));
        return result;
    }

    @SuppressWarnings("unchecked")
    private static Object content(Object content) {
        Map<String, Object> shaped = new TreeMap<>();
        if (content instanceof Map<?, ?> map) {
            map.forEach((type, media) -> shaped.put((String) type, schema(((Map<String, Object>) media).get("schema"))));
        }
        return shaped;
    }

    @SuppressWarnings("unchecked")
    private static Object schema(Object schema) {
        if (schema instanceof Map<?, ?> map) {
            Map<String, Object> shaped = new TreeMap<>();
            map.forEach((key, value) -> {
                if (SCHEMA_KEYS.contains(key)) {
                    shaped.put((String) key, switch ((String) key) {
                        case "properties" -> {
                            Map<String, Object> props = new TreeMap<>();
                            ((Map<String, Object>) value).forEach((p, s) -> props.put(p, schema(s)));
                            yield props;
                        }
                        case "required", "enum" -> new TreeSet<>(((List<Object>) value).stream().map(String::valueOf).toList());
                        default -> schema(value);
                    });
                }
            });
            return shaped;
        }
        if (schema instanceof List<?> list) {
            return list.stream().map(OpenApiContractTest::schema).toList();
        }
        return schema instanceof Number n ? Double.valueOf(n.doubleValue()) : schema;
    }

    @SuppressWarnings("unchecked")
    private static void compare(String at, Object expected, Object actual, List<String> differences) {
        if (expected instanceof Map<?, ?> e && actual instanceof Map<?, ?> a) {
            Set<Object> keys = new TreeSet<>(java.util.Comparator.comparing(String::valueOf));
            keys.addAll(e.keySet());
            keys.addAll(a.keySet());
            for (Object key : keys) {
                String path = at.isEmpty() ? String.valueOf(key) : at + " > " + key;
                if (!e.containsKey(key)) {
                    differences.add(path + ": served but not in openapi.yaml");
                } else if (!a.containsKey(key)) {
                    differences.add(path + ": in openapi.yaml but not served");
                } else {
                    compare(path, e.get(key), a.get(key), differences);
                }
            }
        } else if (!java.util.Objects.equals(expected, actual)) {
            differences.add(at + ": openapi.yaml has " + expected + ", served " + actual);
        }
    }
}
