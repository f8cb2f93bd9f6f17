package dev.jvmbench.targetapp.scenario;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The scenario objects as beans, imported by both target apps ({@code @Import(ScenarioBeans.class)})
 * so that the MVC and WebFlux apps are configured from the same {@code bench.*} properties in the
 * same way. Each app adds only what is its own: the thread model, where blocking work runs, and how
 * a frozen app hangs its requests.
 */
@Configuration(proxyBeanMethods = false)
public class ScenarioBeans {

    @Bean
    UpstreamSettings upstreamSettings(Environment environment) {
        return Binder.get(environment).bindOrCreate("bench.upstream", UpstreamSettings.class);
    }

    @Bean(destroyMethod = "close")
    DbUpstream dbUpstream(UpstreamSettings settings, ObjectProvider<MeterRegistry> registry) {
        return new DbUpstream(settings, registry.getIfAvailable());
    }

    @Bean
    Pinning pinning() {
        return new Pinning();
    }

    @Bean
    HttpClientSettings httpClientSettings(Environment environment) {
        Binder binder = Binder.get(environment);
        return HttpClientSettings.of(binder.bind("bench.http-client.executor", String.class).orElse(null),
                binder.bind("bench.http-client.max-connections", String.class).orElse(null),
                binder.bind("bench.http-client.pending-acquire-max", String.class).orElse(null));
    }

    /** The logger's exception support, loaded at start rather than under the first OutOfMemoryError ({@link ErrorLogging}). */
    @Bean
    ErrorLogging errorLogging() {
        return ErrorLogging.ready();
    }

    @Bean(destroyMethod = "close")
    FailureLog failureLog() {
        return new FailureLog();
    }

    @Bean
    HeapLoad heapLoad(ObjectProvider<MeterRegistry> registry) {
        return new HeapLoad(registry.getIfAvailable());
    }

    @Bean(destroyMethod = "close")
    LeakedConnections leakedConnections(ObjectProvider<MeterRegistry> registry) {
        return new LeakedConnections(registry.getIfAvailable());
    }

    @Bean(destroyMethod = "close")
    Freeze freeze() {
        return new Freeze();
    }

    @Bean
    WarmUp warmUp() {
        return new WarmUp();
    }
}
