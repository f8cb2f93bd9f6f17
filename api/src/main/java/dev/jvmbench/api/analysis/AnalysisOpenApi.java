package dev.jvmbench.api.analysis;

import static io.swagger.v3.oas.models.PathItem.HttpMethod.GET;

import dev.jvmbench.api.contract.ParameterSchemas;
import dev.jvmbench.common.job.ThreadModel;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The metric ids, thread models and label filters of history and comparisons, from the code's own lists. */
@Configuration(proxyBeanMethods = false)
class AnalysisOpenApi {

    @Bean
    OpenApiCustomizer analysisParameters() {
        return openApi -> {
            ParameterSchemas.oneOf("/api/v1/history", GET, "metric", History.metricIds()).customise(openApi);
            ParameterSchemas.oneOf("/api/v1/history", GET, "threadModel", ThreadModel.wireNames()).customise(openApi);
            ParameterSchemas.pattern("/api/v1/history", GET, "label", ParameterSchemas.LABEL_PATTERN).customise(openApi);
            ParameterSchemas.oneOf("/api/v1/comparisons", GET, "metric", Metric.ids()).customise(openApi);
        };
    }
}
