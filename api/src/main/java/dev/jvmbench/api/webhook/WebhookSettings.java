package dev.jvmbench.api.webhook;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Webhooks (docs/alerts.md). {@code interval}: how often the api looks for newly ended jobs and due
 * deliveries; {@code timeout}: the most one attempt may take, connecting and answering (15 to 30 s
 * is what Standard Webhooks recommends; a receiver should answer at once and work afterwards);
 * {@code maxAttempts}, {@code firstRetry}, {@code maxRetryDelay}: the retries ({@link RetrySchedule}).
 */
@ConfigurationProperties("bench.webhooks")
record WebhookSettings(@DefaultValue("5s") Duration interval,
                       @DefaultValue("15s") Duration timeout,
                       @DefaultValue("5") int maxAttempts,
                       @DefaultValue("1m") Duration firstRetry,
                       @DefaultValue("1h") Duration maxRetryDelay) {

    WebhookSettings {
        if (interval.isNegative() || interval.isZero() || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("bench.webhooks.interval and timeout must be positive");
        }
    }

    RetrySchedule retries() {
        return new RetrySchedule(maxAttempts, firstRetry, maxRetryDelay);
    }
}
