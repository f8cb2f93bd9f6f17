package dev.jvmbench.api.contract;

import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.core.Ordered;

/**
 * A customiser that runs at a given place: springdoc sorts customisers by {@link Ordered} on the
 * instance (an {@code @Order} on the {@code @Bean} method is not seen), and a customiser that builds
 * on another's result must run after it.
 */
public record OrderedCustomizer(int order, OpenApiCustomizer delegate) implements OpenApiCustomizer, Ordered {

    /** Before the customisers that build on the component schemas. */
    public static final int CONSTRAINTS = 0;
    /** After the constraints: request schemas built from the components. */
    public static final int REQUEST_SCHEMAS = 1;

    @Override
    public void customise(io.swagger.v3.oas.models.OpenAPI openApi) {
        delegate.customise(openApi);
    }

    @Override
    public int getOrder() {
        return order;
    }
}
