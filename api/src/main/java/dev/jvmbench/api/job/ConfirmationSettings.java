package dev.jvmbench.api.job;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How often the api looks for CONFIRMING jobs whose verdict awaits its judgement ({@link Confirmer}).
 * Short: a job waits at most this long between its last planned run and its extra runs.
 */
@ConfigurationProperties("bench.confirmation")
record ConfirmationSettings(@DefaultValue("5s") Duration interval) {
}
