package dev.jvmbench.common.store;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.common.finding.Severity;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A row of run_findings. The code is stored as its wire code, so that a code a newer worker
 * knows and this api does not yet is still shown (as text) rather than failing the read.
 */
public record FindingRow(long runId, Integer levelIndex, Integer level, String code, Severity severity, Instant at,
                         String summary, Map<String, Object> evidence, String advice) {

    public static FindingRow of(long runId, Finding finding) {
        return new FindingRow(runId, finding.levelIndex(), finding.level(), finding.code().code(), finding.severity(),
                finding.at(), finding.summary(), finding.evidence(), finding.advice());
    }

    /** The catalogue entry of the code, when this version knows it. */
    public Optional<FindingCode> known() {
        return FindingCode.of(code);
    }
}
