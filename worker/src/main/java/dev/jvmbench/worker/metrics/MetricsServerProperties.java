package dev.jvmbench.worker.metrics;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the worker serves its Prometheus metrics (bench.worker.metrics.*).
 *
 * @param port    -1 (default) serves none; 0 a free port (logged at start); else that port
 * @param address the address to bind; 127.0.0.1 by default, 0.0.0.0 in a pod that Prometheus scrapes
 */
@ConfigurationProperties("bench.worker.metrics")
public record MetricsServerProperties(@DefaultValue("-1") int port, @DefaultValue("127.0.0.1") String address) {
}
