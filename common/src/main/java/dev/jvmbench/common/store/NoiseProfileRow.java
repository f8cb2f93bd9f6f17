package dev.jvmbench.common.store;

import dev.jvmbench.common.job.BaselineMode;
import java.time.Instant;
import java.util.List;

/**
 * A row of noise_profiles: what a calibration measured on the workers that ran it
 * (docs/statistics.md, "Calibration"). Metrics are their wire ids, verdicts their wire words, so
 * that the row does not depend on the api's enums.
 *
 * @param workers the workers that ran the calibration's runs
 * @param jobIds  every job of the calibration (the A/A jobs, then the injected pair's candidate)
 * @param aaPairs how many A/A job pairs were compared
 * @param entries per metric and level: the A/A pairs' false-alarm shares and the detectable effect
 * @param injected the pair with a known injected effect; null when the calibration had none
 * @param mode     how its comparisons were made: against the baseline job's stored runs, or in pairs
 */
public record NoiseProfileRow(long id, Instant createdAt, int repetitions, List<String> workers, List<Long> jobIds,
                              int aaPairs, List<Entry> entries, Injected injected, BaselineMode mode) {

    public NoiseProfileRow {
        mode = mode == null ? BaselineMode.STORED : mode;
    }

    /** A profile of comparisons against stored runs. */
    public NoiseProfileRow(long id, Instant createdAt, int repetitions, List<String> workers, List<Long> jobIds,
                           int aaPairs, List<Entry> entries, Injected injected) {
        this(id, createdAt, repetitions, workers, jobIds, aaPairs, entries, injected, BaselineMode.STORED);
    }

    /**
     * One metric at one level over the A/A comparisons (every cell of every pair).
     *
     * @param comparisons       how many A/A comparisons
     * @param falseAlarmShare   the share whose verdict was not "no detectable change"
     * @param gatedShare        the share that came out improved or regressed (what a gate would act on)
     * @param detectablePercent the minimum detectable effect: the 95th percentile of the ratio intervals'
     *                          half-widths, in percent; null when no comparison had a ratio (baseline 0)
     */
    public record Entry(String metric, int level, int comparisons, double falseAlarmShare, double gatedShare,
                        Double detectablePercent) {
    }

    /** The pair with the injected effect and what its comparison found for each gate metric and level. */
    public record Injected(long baselineJobId, long candidateJobId, double effectPercent, List<InjectedRow> rows) {
    }

    /** One gate metric at one level of one cell of the injected pair: the ratio with its 95% interval and verdict. */
    public record InjectedRow(String metric, int level, String cell, Double ratio, Double ratioLow, Double ratioHigh,
                              String verdict, boolean detected) {
    }

    /** The detectable effect of a metric at a level; at a level the calibration did not measure, the largest over its levels. */
    public Double detectablePercent(String metric, int level) {
        Double atLevel = null;
        Double largest = null;
        for (Entry entry : entries) {
            if (!entry.metric().equals(metric) || entry.detectablePercent() == null) {
                continue;
            }
            if (entry.level() == level) {
                atLevel = entry.detectablePercent();
            }
            largest = largest == null ? entry.detectablePercent() : Math.max(largest, entry.detectablePercent());
        }
        return atLevel != null ? atLevel : largest;
    }
}
