package dev.jvmbench.api.analysis;

import static io.swagger.v3.oas.models.PathItem.HttpMethod.GET;

import dev.jvmbench.api.contract.ParameterSchemas;
import dev.jvmbench.common.job.ThreadModel;
import java.util.List;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The metric ids, thread models, label filters and profile kinds and sides of history, comparisons and profiles, from the code's own lists. */
@Configuration(proxyBeanMethods = false)
class AnalysisOpenApi {

    private static final String THREAD_MODELS = "/api/v1/jobs/{id}/comparisons/thread-models/{threadModel}";
    private static final List<String> COMPARISONS = List.of(
            "/api/v1/jobs/{id}/comparisons/jobs/{baselineJobId}", "/api/v1/jobs/{id}/comparisons/jdks/{jdk}", THREAD_MODELS);

    @Bean
    OpenApiCustomizer analysisParameters() {
        return openApi -> {
            for (String history : List.of("/api/v1/history", "/api/v1/history/changes")) {
                ParameterSchemas.oneOf(history, GET, "metric", History.metricIds()).customise(openApi);
                ParameterSchemas.oneOf(history, GET, "threadModel", ThreadModel.wireNames()).customise(openApi);
                ParameterSchemas.pattern(history, GET, "label", ParameterSchemas.LABEL_PATTERN).customise(openApi);
                ParameterSchemas.oneOf(history, GET, "significance", ChangePoints.Significance.wireNames()).customise(openApi);
            }
            ParameterSchemas.pattern("/api/v1/jobs/{id}/change-points", GET, "label", ParameterSchemas.LABEL_PATTERN)
                    .customise(openApi);
            for (String comparison : COMPARISONS) {
                ParameterSchemas.oneOf(comparison, GET, "metric", Metric.ids()).customise(openApi);
            }
            ParameterSchemas.oneOf(THREAD_MODELS, GET, "threadModel", ThreadModel.wireNames()).customise(openApi);
            List<String> kinds = java.util.Arrays.stream(dev.jvmbench.common.profile.ProfileKind.values())
                    .map(dev.jvmbench.common.profile.ProfileKind::wireName).toList();
            List<String> sides = java.util.Arrays.stream(dev.jvmbench.common.job.RunSide.values())
                    .map(dev.jvmbench.common.job.RunSide::wireName).toList();
            for (String profile : ProfileController.PATHS) {
                ParameterSchemas.oneOf(profile, GET, "threadModel", ThreadModel.wireNames()).customise(openApi);
                ParameterSchemas.oneOf(profile, GET, "kind", kinds).customise(openApi);
                ParameterSchemas.oneOf(profile, GET, "side", sides).customise(openApi);
            }
            for (String diff : ProfileController.DIFF_PATHS) {
                ParameterSchemas.oneOf(diff, GET, "baseThreadModel", ThreadModel.wireNames()).customise(openApi);
                ParameterSchemas.oneOf(diff, GET, "baseSide", sides).customise(openApi);
            }
            ParameterSchemas.oneOf("/api/v1/noise-profile", GET, "mode", java.util.Arrays.stream(
                    dev.jvmbench.common.job.BaselineMode.values()).map(m -> m.wireName()).toList()).customise(openApi);
        };
    }
}
