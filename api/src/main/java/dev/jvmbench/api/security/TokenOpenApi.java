package dev.jvmbench.api.security;

import dev.jvmbench.api.contract.ConstraintSchemas;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The token request's constraints in the contract. */
@Configuration(proxyBeanMethods = false)
class TokenOpenApi {

    @Bean
    OpenApiCustomizer tokenRequestConstraints() {
        return ConstraintSchemas.of(TokenController.CreateTokenRequest.class);
    }
}
