package dev.jvmbench.worker;

import dev.jvmbench.worker.load.GatlingProcessLoadGenerator;
import dev.jvmbench.worker.load.LoadGeneratorFactory;
import dev.jvmbench.worker.load.LoadGeneratorProperties;
import dev.jvmbench.worker.probe.ContainerProbes;
import dev.jvmbench.worker.probe.CoreSpeeds;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The worker's seams to the world that are not adapters of their own: the clock, the load
 * generator's launcher and the container probes. The run flow takes them injected, so its unit
 * tests replace each with an in-memory one.
 */
@Configuration(proxyBeanMethods = false)
class WorkerConfiguration {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    LoadGeneratorFactory loadGeneratorFactory(LoadGeneratorProperties properties) {
        return new LoadGeneratorFactory() {
            @Override
            public dev.jvmbench.worker.load.LoadGenerator start(java.nio.file.Path runWorkDir) {
                return GatlingProcessLoadGenerator.start(properties, runWorkDir, null);
            }

            @Override
            public dev.jvmbench.worker.load.LoadGenerator start(java.nio.file.Path runWorkDir, String cpuset) {
                return GatlingProcessLoadGenerator.start(properties, runWorkDir, cpuset);
            }
        };
    }

    @Bean
    ContainerProbes containerProbes() {
        return ContainerProbes.ofHost();
    }

    /** How fast a pinned app's cores ran (docs/metrics.md, "Core speed"); on unless turned off. */
    @Bean
    CoreSpeeds coreSpeeds(@Value("${bench.worker.core-speed:true}") boolean enabled) {
        return CoreSpeeds.ofHost(enabled);
    }
}
