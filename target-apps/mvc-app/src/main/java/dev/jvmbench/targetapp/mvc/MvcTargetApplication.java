package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.DbUpstream;
import dev.jvmbench.targetapp.scenario.Pinning;
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
}
