package dev.jvmbench.api.result;

import dev.jvmbench.api.config.BenchProperties;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;

/**
 * Runs the {@link RawArtifactPruner} every bench.retention.interval, the first time one interval
 * after start. Every api instance may run it: batches skip rows another instance has locked.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class RetentionSchedule implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(RetentionSchedule.class);
    private final RawArtifactPruner pruner;
    private final Duration interval;

    RetentionSchedule(RawArtifactPruner pruner, BenchProperties properties) {
        this.pruner = pruner;
        this.interval = properties.retention().interval();
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        registrar.addFixedDelayTask(new FixedDelayTask(() -> {
            try {
                pruner.prune();
            } catch (RuntimeException e) {
                log.warn("Retention pass failed, next one in {}: {}", interval, e.toString());
            }
        }, interval, interval));
    }
}
