/** The worker's own metrics and the small HTTP server that exposes them to Prometheus. */
package dev.jvmbench.worker.metrics;
