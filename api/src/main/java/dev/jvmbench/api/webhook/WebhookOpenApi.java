package dev.jvmbench.api.webhook;

import dev.jvmbench.api.contract.ConstraintSchemas;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The webhook requests' constraints, and the body a receiver gets, in the contract. */
@Configuration(proxyBeanMethods = false)
class WebhookOpenApi {

    @Bean
    OpenApiCustomizer webhookRequestConstraints() {
        return ConstraintSchemas.of(WebhookController.CreateWebhookRequest.class, WebhookController.RotateSecretRequest.class);
    }

    /** WebhookPayload is no answer of the api's: its schema is listed for receivers (docs/alerts.md). */
    @Bean
    OpenApiCustomizer webhookPayloadSchema() {
        // the schemas it shares with the api's answers (HistoryChange, ChangePoint...) stay as springdoc wrote them
        return openApi -> ModelConverters.getInstance(true).readAll(new AnnotatedType(WebhookPayload.class))
                .forEach((name, schema) -> {
                    if (openApi.getComponents().getSchemas() == null || !openApi.getComponents().getSchemas().containsKey(name)) {
                        openApi.getComponents().addSchemas(name, schema);
                    }
                });
    }
}
