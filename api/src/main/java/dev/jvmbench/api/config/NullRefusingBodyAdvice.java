package dev.jvmbench.api.config;

import dev.jvmbench.api.problem.ApiException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.util.Map;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An explicit null in a JSON request body is a 400 naming where it is. No property of the
 * contract is nullable: a property is given or left out (for its default). Jackson cannot tell
 * the two apart for records (a missing creator property is null too), so the body is looked at
 * before it is bound. A body that is not JSON is left to the converter, which says so.
 */
@ControllerAdvice
class NullRefusingBodyAdvice extends RequestBodyAdviceAdapter {

    private final JsonMapper json;

    NullRefusingBodyAdvice(JsonMapper json) {
        this.json = json;
    }

    @Override
    public boolean supports(MethodParameter parameter, Type targetType,
                            Class<? extends HttpMessageConverter<?>> converterType) {
        return true;
    }

    @Override
    public HttpInputMessage beforeBodyRead(HttpInputMessage input, MethodParameter parameter, Type targetType,
                                           Class<? extends HttpMessageConverter<?>> converterType) throws IOException {
        MediaType type = input.getHeaders().getContentType();
        if (type == null || !(type.isCompatibleWith(MediaType.APPLICATION_JSON) || type.getSubtype().endsWith("+json"))) {
            return input;
        }
        byte[] body = input.getBody().readAllBytes();
        try {
            String where = firstNull(json.readTree(body), "");
            if (where != null) {
                throw ApiException.invalid(where.isEmpty() ? "(body)" : where,
                        "must not be null; leave the property out for its default");
            }
        } catch (JacksonException notJson) {
            // the converter reads it again and answers with the position of the error
        }
        return new HttpInputMessage() {
            @Override
            public InputStream getBody() {
                return new ByteArrayInputStream(body);
            }

            @Override
            public HttpHeaders getHeaders() {
                return input.getHeaders();
            }
        };
    }

    /** The JSON path of the first null in {@code node}, or null when it holds none. */
    private static String firstNull(JsonNode node, String path) {
        if (node == null || node.isMissingNode()) {
            return null;
        }
        if (node.isNull()) {
            return path;
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String found = firstNull(node.get(i), path + "[" + i + "]");
                if (found != null) {
                    return found;
                }
            }
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                String found = firstNull(property.getValue(), path.isEmpty() ? property.getKey() : path + "." + property.getKey());
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
