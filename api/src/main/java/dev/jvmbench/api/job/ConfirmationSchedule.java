package dev.jvmbench.api.job;

import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;

/** Runs the {@link Confirmer} every bench.confirmation.interval. */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class ConfirmationSchedule implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(ConfirmationSchedule.class);
    private final Confirmer confirmer;
    private final Duration interval;

    ConfirmationSchedule(Confirmer confirmer, ConfirmationSettings settings) {
        this.confirmer = confirmer;
        this.interval = settings.interval();
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        registrar.addFixedDelayTask(new FixedDelayTask(() -> {
            try {
                confirmer.judge();
            } catch (RuntimeException e) {
                log.warn("Confirmation pass failed, next one in {}: {}", interval, e.toString());
            }
        }, interval, interval));
    }
}
