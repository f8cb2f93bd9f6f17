package dev.jvmbench.api.security;

import dev.jvmbench.api.config.BenchProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.firewall.HttpFirewall;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import tools.jackson.databind.json.JsonMapper;

/**
 * /api/** needs a bearer token with a role: read for GET (unless bench.security.public-read),
 * submit for submitting and cancelling, admin for token and webhook management (their reads too).
 * Everything else (health, metrics, the OpenAPI document and Swagger UI, the pages /jobs/{id}/report,
 * /jobs, /history, /compare and their assets and flame-graph frame) is open.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

    @Bean
    ProblemSecurityHandlers problemSecurityHandlers(JsonMapper json) {
        return new ProblemSecurityHandlers(json);
    }

    /**
     * Any HTTP method gets through the firewall so that Spring MVC answers an undeclared one (QUERY,
     * PROPFIND...) with 405 and an Allow header instead of a bare 400; the other firewall checks stay.
     */
    @Bean
    HttpFirewall httpFirewall() {
        StrictHttpFirewall firewall = new StrictHttpFirewall();
        firewall.setUnsafeAllowAnyHttpMethod(true);
        return firewall;
    }

    @Bean
    @Order(1)
    SecurityFilterChain apiSecurity(HttpSecurity http, TokenService tokens, ProblemSecurityHandlers problems,
                                    BenchProperties properties) throws Exception {
        http.securityMatcher("/api/**")
                .csrf(csrf -> csrf.disable())
                .httpBasic(basic -> basic.disable())
                .formLogin(form -> form.disable())
                .logout(logout -> logout.disable())
                .requestCache(cache -> cache.disable())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .addFilterBefore(new BearerTokenFilter(tokens, problems), AnonymousAuthenticationFilter.class)
                .exceptionHandling(e -> e.authenticationEntryPoint(problems).accessDeniedHandler(problems))
                .authorizeHttpRequests(auth -> {
                    auth.requestMatchers("/api/v1/tokens", "/api/v1/tokens/**").hasRole("ADMIN");
                    // a webhook's URL may itself be a credential (a chat's incoming-webhook URL): admin only, reads too
                    auth.requestMatchers("/api/v1/webhooks", "/api/v1/webhooks/**").hasRole("ADMIN");
                    if (properties.security().publicRead()) {
                        auth.requestMatchers(HttpMethod.GET, "/api/**").permitAll();
                    } else {
                        auth.requestMatchers(HttpMethod.GET, "/api/**").hasRole("READ");
                    }
                    auth.requestMatchers(HttpMethod.POST, "/api/v1/jobs", "/api/v1/artifacts").hasRole("SUBMIT");
                    auth.requestMatchers(HttpMethod.POST, "/api/v1/jobs/*/cancel").hasRole("SUBMIT");
                    auth.anyRequest().hasRole("ADMIN");
                });
        return http.build();
    }

    @Bean
    @Order(2)
    SecurityFilterChain openEndpoints(HttpSecurity http) throws Exception {
        http.csrf(csrf -> csrf.disable())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .authorizeHttpRequests(auth -> auth
                        // The pages and their assets hold no data: each page's script fetches it from
                        // /api/** with the reader's own token (or none under public-read).
                        .requestMatchers(HttpMethod.GET, "/jobs/*/report", "/jobs", "/history", "/compare",
                                "/report/**", "/pages/**", "/webjars/**").permitAll()
                        .anyRequest().permitAll());
        return http.build();
    }

    /**
     * No observation per security filter, authentication and authorization: with actuator on the
     * classpath Spring Security wraps each of the chain's ten filters in a Micrometer observation,
     * which cost about a tenth of the api's CPU under the load test (docs/lifecycle.md) and fed no
     * dashboard. Requests are still timed once, as http.server.requests.
     */
    @Bean
    SecurityObservationSettings securityObservations() {
        return SecurityObservationSettings.noObservations();
    }

    /** No user store: stops Boot from generating a default user and printing its password. */
    @Bean
    UserDetailsService noUsers() {
        return new InMemoryUserDetailsManager();
    }
}
