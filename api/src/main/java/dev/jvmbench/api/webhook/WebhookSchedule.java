package dev.jvmbench.api.webhook;

import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;

/**
 * Runs the {@link WebhookDispatcher}'s pass every bench.webhooks.interval. Every api instance may
 * run it: jobs are looked at idempotently and deliveries are claimed with SKIP LOCKED. With no
 * webhook a pass is one small query.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class WebhookSchedule implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(WebhookSchedule.class);
    private final WebhookDispatcher dispatcher;
    private final Duration interval;

    WebhookSchedule(WebhookDispatcher dispatcher, WebhookSettings settings) {
        this.dispatcher = dispatcher;
        this.interval = settings.interval();
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        registrar.addFixedDelayTask(new FixedDelayTask(() -> {
            try {
                dispatcher.pass();
            } catch (RuntimeException e) {
                log.warn("Webhook pass failed, next one in {}: {}", interval, e.toString());
            }
        }, interval, interval));
    }
}
