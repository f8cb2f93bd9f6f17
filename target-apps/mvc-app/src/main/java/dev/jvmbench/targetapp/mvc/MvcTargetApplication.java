package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.DbUpstream;
import dev.jvmbench.targetapp.scenario.FailureLog;
import dev.jvmbench.targetapp.scenario.Freeze;
import dev.jvmbench.targetapp.scenario.HeapLoad;
import dev.jvmbench.targetapp.scenario.HttpClientSettings;
import dev.jvmbench.targetapp.scenario.LeakedConnections;
import dev.jvmbench.targetapp.scenario.Pinning;
import dev.jvmbench.targetapp.scenario.WarmUp;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import dev.jvmbench.targetapp.scenario.ThreadModel;
import dev.jvmbench.targetapp.scenario.UpstreamSettings;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The Spring MVC target app on Tomcat. Platform or virtual threads are chosen by
 * {@code spring.threads.virtual.enabled} (env SPRING_THREADS_VIRTUAL_ENABLED) at start,
 * never by rebuilding; see target-apps/README.md for the whole contract.
 */
@SpringBootApplication
public class MvcTargetApplication {

    public static void main(String[] args) {
        SpringApplication.run(MvcTargetApplication.class, args);
    }

    /** The thread model Tomcat was started with: the same switch Boot itself reads. */
    @Bean
    ThreadModel threadModel(Environment environment) {
        return Threading.VIRTUAL.isActive(environment) ? ThreadModel.VIRTUAL : ThreadModel.PLATFORM;
    }

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

    /** A frozen app (freezeAfterRequests) hangs every scenario request before its handler runs. */
    @Bean
    WebMvcConfigurer freezeScenarios(Freeze freeze) {
        return new WebMvcConfigurer() {
            @Override
            public void addInterceptors(InterceptorRegistry registry) {
                registry.addInterceptor(new HandlerInterceptor() {
                    @Override
                    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                        if (freeze.frozen()) {
                            freeze.hang();
                        }
                        return true;
                    }
                }).addPathPatterns("/scenarios/**");
            }
        };
    }
}
