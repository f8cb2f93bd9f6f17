package dev.jvmbench.api.finding;

import dev.jvmbench.common.finding.Severity;
import java.util.Map;

/** How many findings of each severity (a job's runs, or one level of a run). */
public record FindingCounts(long critical, long warning, long info) {

    public static final FindingCounts NONE = new FindingCounts(0, 0, 0);

    public static FindingCounts of(Map<Severity, Long> counts) {
        if (counts == null) {
            return NONE;
        }
        return new FindingCounts(counts.getOrDefault(Severity.CRITICAL, 0L), counts.getOrDefault(Severity.WARNING, 0L),
                counts.getOrDefault(Severity.INFO, 0L));
    }

    public long total() {
        return critical + warning + info;
    }
}
