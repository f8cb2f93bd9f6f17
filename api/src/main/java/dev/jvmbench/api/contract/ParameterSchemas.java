package dev.jvmbench.api.contract;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * Tightens the documented schema of query parameters the code parses itself (enums known at run
 * time, key=value labels, instants), so that the contract says exactly what a handler accepts: a
 * value the schema allows is never refused with 400 for its shape (Schemathesis checks both ways).
 */
public final class ParameterSchemas {

    /** A label filter: key=value with a non-empty key. */
    public static final String LABEL_PATTERN = "^[^=]+=[\\s\\S]*$";

    private ParameterSchemas() {
    }

    /** The string parameter (or each item of an array parameter) is one of {@code values}. */
    public static OpenApiCustomizer oneOf(String path, PathItem.HttpMethod method, String name, Collection<String> values) {
        return openApi -> on(openApi, path, method, name, schema -> schema.setEnum(List.copyOf(values)));
    }

    /** The string parameter (or each item) matches {@code pattern} (anchored). */
    public static OpenApiCustomizer pattern(String path, PathItem.HttpMethod method, String name, String pattern) {
        return openApi -> on(openApi, path, method, name, schema -> schema.setPattern(pattern));
    }

    /** The string parameter (or each item) has {@code format}, e.g. date-time. */
    public static OpenApiCustomizer format(String path, PathItem.HttpMethod method, String name, String format) {
        return openApi -> on(openApi, path, method, name, schema -> schema.setFormat(format));
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void on(OpenAPI openApi, String path, PathItem.HttpMethod method, String name,
                           Consumer<Schema> change) {
        PathItem item = openApi.getPaths() == null ? null : openApi.getPaths().get(path);
        Operation operation = item == null ? null : item.readOperationsMap().get(method);
        if (operation == null || operation.getParameters() == null) {
            throw new IllegalStateException("no operation " + method + " " + path);
        }
        Parameter parameter = operation.getParameters().stream().filter(p -> name.equals(p.getName())).findFirst()
                .orElseThrow(() -> new IllegalStateException("no parameter " + name + " on " + method + " " + path));
        // springdoc may share one schema instance between parameters: change a copy.
        Schema schema = parameter.getSchema();
        if (schema instanceof ArraySchema || "array".equals(schema.getType())
                || (schema.getTypes() != null && schema.getTypes().contains("array"))) {
            ArraySchema array = new ArraySchema();
            Schema items = copy(schema.getItems());
            change.accept(items);
            array.setItems(items);
            if (schema.getDefault() != null) {
                array.setDefault(schema.getDefault());
            }
            parameter.setSchema(array);
        } else {
            Schema copy = copy(schema);
            change.accept(copy);
            parameter.setSchema(copy);
        }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema copy(Schema original) {
        StringSchema copy = new StringSchema();
        if (original != null) {
            copy.setFormat(original.getFormat());
            copy.setPattern(original.getPattern());
            copy.setMinLength(original.getMinLength());
            copy.setMaxLength(original.getMaxLength());
            if (original.getDefault() != null) {
                copy.setDefault(original.getDefault());
            }
            copy.setDescription(original.getDescription());
            if (original.getEnum() != null) {
                copy.setEnum(new java.util.ArrayList<>(original.getEnum()));
            }
        }
        return copy;
    }
}
