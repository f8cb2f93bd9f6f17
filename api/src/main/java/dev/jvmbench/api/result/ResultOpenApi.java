package dev.jvmbench.api.result;

import io.swagger.v3.oas.models.media.Schema;
import java.util.LinkedHashSet;
import java.util.List;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A series column holds null for a second without a value (its index is its second, so a gap
 * cannot be dropped): the column's items are numbers or null. Java's List<Double> cannot say so to
 * springdoc.
 */
@Configuration(proxyBeanMethods = false)
class ResultOpenApi {

    @Bean
    @SuppressWarnings({"rawtypes", "unchecked"})
    OpenApiCustomizer seriesColumnsHoldNulls() {
        return openApi -> {
            Schema window = openApi.getComponents().getSchemas().get("SeriesWindow");
            Schema metrics = (Schema) window.getProperties().get("metrics");
            Schema column = (Schema) metrics.getAdditionalProperties();
            Schema value = new Schema<>();
            value.setTypes(new LinkedHashSet<>(List.of("number", "null")));
            value.setFormat("double");
            column.setItems(value);
        };
    }
}
