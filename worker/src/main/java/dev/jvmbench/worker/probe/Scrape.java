package dev.jvmbench.worker.probe;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * One scrape attempt.
 *
 * @param success HTTP 200 with the whole body read within the timeout
 * @param failure why not, e.g. {@code HTTP 404} or {@code no answer within PT1S}; null on success
 * @param gauges  what the body held of {@link ThreadGauge}; empty on failure
 */
record Scrape(Instant start, Duration elapsed, boolean success, String failure, Map<ThreadGauge, Double> gauges) {

    Scrape {
        gauges = Map.copyOf(gauges);
    }

    static Scrape succeeded(Instant start, Duration elapsed, Map<ThreadGauge, Double> gauges) {
        return new Scrape(start, elapsed, true, null, gauges);
    }

    static Scrape failed(Instant start, Duration elapsed, String failure) {
        return new Scrape(start, elapsed, false, failure, Map.of());
    }
}
