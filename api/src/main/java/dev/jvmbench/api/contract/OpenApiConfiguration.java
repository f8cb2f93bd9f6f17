package dev.jvmbench.api.contract;

import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import io.swagger.v3.oas.models.parameters.RequestBody;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * The served OpenAPI document. openapi.yaml at the repository root is the contract; a test fails
 * when this document and that file disagree. Error responses are added here in one place, from
 * what every operation can answer, rather than repeated on each handler.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

    static final String PROBLEM_REF = "#/components/schemas/Problem";

    @Bean
    OpenAPI jvmbenchOpenApi() {
        return new OpenAPI()
                .info(new Info().title("jvmbench API").version("v1")
                        .description("Benchmark-as-a-service for JVM thread models and JDK upgrades.")
                        .license(new License().name("Apache-2.0")))
                .servers(List.of(new Server().url("/")))
                .components(new Components().addSecuritySchemes("bearer",
                        new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")))
                .addSecurityItem(new SecurityRequirement().addList("bearer"));
    }

    /** Last: it closes every request schema, including those other customisers built. */
    @Bean
    OpenApiCustomizer problemResponses() {
        return new OrderedCustomizer(Ordered.LOWEST_PRECEDENCE, openApi -> {
            @SuppressWarnings("rawtypes")
            Map<String, Schema> schemas = ModelConverters.getInstance()
                    .readAll(new AnnotatedType(Problem.class));
            schemas.forEach(openApi.getComponents()::addSchemas);
            openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) ->
                    addErrors(path, method, operation)));
            closeRequestSchemas(openApi);
        });
    }

    /**
     * Request bodies as the api reads them: unknown properties are refused (400,
     * spring.jackson fail-on-unknown-properties), so every object schema a request body reaches says
     * additionalProperties: false (maps keep theirs); a body whose schema requires a property is required.
     */
    @SuppressWarnings("rawtypes")
    private static void closeRequestSchemas(OpenAPI openApi) {
        Map<String, Schema> components = openApi.getComponents().getSchemas();
        Set<String> seen = new HashSet<>();
        openApi.getPaths().values().forEach(item -> item.readOperations().forEach(operation -> {
            RequestBody body = operation.getRequestBody();
            if (body == null || body.getContent() == null) {
                return;
            }
            body.getContent().values().forEach(media -> {
                Schema schema = media.getSchema();
                if (schema == null) {
                    return;
                }
                if (schema.get$ref() == null && schema.getRequired() != null && !schema.getRequired().isEmpty()) {
                    body.setRequired(true);
                }
                close(schema, components, seen);
            });
        }));
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void close(Schema schema, Map<String, Schema> components, Set<String> seen) {
        if (schema == null) {
            return;
        }
        if (schema.get$ref() != null) {
            String name = schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1);
            if (components != null && seen.add(name)) {
                close(components.get(name), components, seen);
            }
            return;
        }
        if (schema.getProperties() != null && !schema.getProperties().isEmpty()) {
            if (schema.getAdditionalProperties() == null) {
                schema.setAdditionalProperties(false);
            }
            ((Map<String, Schema>) schema.getProperties()).values().forEach(p -> close(p, components, seen));
        }
        if (schema.getAdditionalProperties() instanceof Schema values) {
            close(values, components, seen);
        }
        close(schema.getItems(), components, seen);
        for (List<Schema> group : Arrays.asList(schema.getAnyOf(), schema.getOneOf())) {
            if (group != null) {
                group.forEach(s -> close(s, components, seen));
            }
        }
        if (schema.getAllOf() != null) {
            schema.getAllOf().forEach(rule -> closeNamed((Schema) rule, components, seen));
        }
        closeNamed(schema.getThen(), components, seen);
        closeNamed(schema.getElse(), components, seen);
    }

    /**
     * An allOf entry, a then or an else adds rules to the object it sits in (JobSubmission's rules
     * between fields): it is no object of its own, and what it says of a property ({@code uniqueItems},
     * exactly one of two) constrains that property without closing it. Only the components it names
     * are closed (the scenario's CustomScenario or BuiltInScenario). An if only tests, and is left alone.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void closeNamed(Schema rule, Map<String, Schema> components, Set<String> seen) {
        if (rule == null) {
            return;
        }
        if (rule.get$ref() != null) {
            close(rule, components, seen);
            return;
        }
        if (rule.getProperties() != null) {
            ((Map<String, Schema>) rule.getProperties()).values().forEach(p -> closeNamed(p, components, seen));
        }
        for (List<Schema> group : Arrays.asList(rule.getAllOf(), rule.getAnyOf(), rule.getOneOf())) {
            if (group != null) {
                group.forEach(s -> closeNamed(s, components, seen));
            }
        }
        closeNamed(rule.getThen(), components, seen);
        closeNamed(rule.getElse(), components, seen);
    }

    private static void addErrors(String path, PathItem.HttpMethod method, Operation operation) {
        ApiResponses responses = operation.getResponses();
        boolean hasInput = operation.getRequestBody() != null
                || (operation.getParameters() != null && !operation.getParameters().isEmpty());
        if (hasInput) {
            responses.putIfAbsent("400", problem("Bad Request: the problem lists the invalid fields"));
        }
        responses.putIfAbsent("401", problem("Unauthorized: no or an unknown bearer token"));
        responses.putIfAbsent("403", problem("Forbidden: the token's role may not do this"));
        if (path.contains("{")) {
            responses.putIfAbsent("404", problem("Not Found"));
        }
        if (operation.getRequestBody() != null) {
            responses.putIfAbsent("415", problem("Unsupported Media Type"));
        }
        responses.putIfAbsent("500", problem("Internal Server Error (never echoes internals)"));
        responses.putIfAbsent("503", problem("Service Unavailable: the platform's database is unreachable; retry"));
    }

    static ApiResponse problem(String description) {
        return new ApiResponse().description(description).content(new Content().addMediaType(
                "application/problem+json", new MediaType().schema(new Schema<>().$ref(PROBLEM_REF))));
    }
}
