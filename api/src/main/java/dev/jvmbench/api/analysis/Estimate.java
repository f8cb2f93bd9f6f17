package dev.jvmbench.api.analysis;

/** A metric over a cell's runs: the median with its 95% bootstrap confidence interval and the run count. */
public record Estimate(double median, double low, double high, int runs) {
}
