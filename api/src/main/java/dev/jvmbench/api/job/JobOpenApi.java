package dev.jvmbench.api.job;

import static io.swagger.v3.oas.models.PathItem.HttpMethod.GET;

import dev.jvmbench.api.contract.ConstraintSchemas;
import dev.jvmbench.api.contract.OrderedCustomizer;
import dev.jvmbench.api.contract.ParameterSchemas;
import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.ThreadModel;
import java.util.Arrays;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The job list's filters as the handler parses them, taken from the same enums; the job spec's
 * constraints; and the submission body with the rules of this installation (JobSubmissionSchema),
 * stated after the constraints it builds on.
 */
@Configuration(proxyBeanMethods = false)
class JobOpenApi {

    private static final String JOBS = "/api/v1/jobs";

    @Bean
    OpenApiCustomizer jobListParameters() {
        return openApi -> {
            ParameterSchemas.oneOf(JOBS, GET, "status", Arrays.stream(JobStatus.values()).map(Enum::name).toList())
                    .customise(openApi);
            ParameterSchemas.oneOf(JOBS, GET, "threadModel", ThreadModel.wireNames()).customise(openApi);
            ParameterSchemas.pattern(JOBS, GET, "label", ParameterSchemas.LABEL_PATTERN).customise(openApi);
            ParameterSchemas.format(JOBS, GET, "createdAfter", "date-time").customise(openApi);
            ParameterSchemas.format(JOBS, GET, "createdBefore", "date-time").customise(openApi);
        };
    }

    @Bean
    OpenApiCustomizer jobSpecConstraints() {
        return ConstraintSchemas.of(JobSpec.class);
    }

    @Bean
    OpenApiCustomizer jobSubmission(JdkCatalog jdks, ScenarioCatalog scenarios, SubmissionPolicy policy) {
        return new OrderedCustomizer(OrderedCustomizer.REQUEST_SCHEMAS, JobSubmissionSchema.of(jdks, scenarios, policy));
    }
}
