package dev.jvmbench.common.finding;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One thing the platform can explain about a run, with its evidence.
 *
 * @param levelIndex which load level it concerns (0-based), null for the whole run
 * @param level      that level's users or arrival rate, null for the whole run
 * @param at         when it was seen (the first second of it), null when it has no moment
 * @param summary    one sentence with the numbers, for a person reading the run
 * @param evidence   the figures behind it by name (numbers, a log excerpt, JFR frames)
 * @param advice     what to change, specific to this run where the numbers allow
 */
public record Finding(FindingCode code, Severity severity, Integer levelIndex, Integer level, Instant at,
                      String summary, Map<String, Object> evidence, String advice) {

    public Finding {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(summary, "summary");
        evidence = evidence == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(evidence));
        advice = advice == null ? code.advice() : advice;
        if ((levelIndex == null) != (level == null)) {
            throw new IllegalArgumentException("levelIndex and level are given together or not at all");
        }
    }

    /** A finding of the code's default severity. */
    public static Finding of(FindingCode code, Integer levelIndex, Integer level, Instant at, String summary,
                             Map<String, Object> evidence, String advice) {
        return new Finding(code, code.severity(), levelIndex, level, at, summary, evidence, advice);
    }

    /** Worst first, then by level, then by time. */
    public static int worstFirst(Finding a, Finding b) {
        int bySeverity = a.severity.compareTo(b.severity);
        if (bySeverity != 0) {
            return bySeverity;
        }
        int byLevel = Integer.compare(a.levelIndex == null ? -1 : a.levelIndex, b.levelIndex == null ? -1 : b.levelIndex);
        if (byLevel != 0) {
            return byLevel;
        }
        return a.at == null || b.at == null ? 0 : a.at.compareTo(b.at);
    }
}
