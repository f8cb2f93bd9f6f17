package dev.jvmbench.api.finding;

import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.common.finding.Severity;
import dev.jvmbench.common.store.FindingRow;
import dev.jvmbench.common.store.RunRow;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One finding of a run as the API shows it: the stored finding with its catalogue entry. A code
 * this api version does not know (a newer worker's) is still listed, with a null title and default
 * severity: the finding's own sentence, evidence and advice need no catalogue.
 */
@Schema(name = "Finding")
public record FindingView(String code, @Schema(description = "The catalogue's title; null for a code this api version does not know")
                          String title, Severity severity,
                          @Schema(description = "The catalogue's severity for the code; null for an unknown code")
                          Severity defaultSeverity,
                          @Schema(description = "The load level it concerns (0-based); null for the whole run")
                          Integer levelIndex,
                          @Schema(description = "That level's users (closed model) or arrival rate (open); null for the whole run")
                          Integer level,
                          @Schema(description = "When it was first seen; null when it has no moment")
                          Instant at, String summary,
                          @Schema(description = "The figures behind it by name: numbers, a log line with its time, JFR "
                                  + "frames; for gc-pressure, pool-exhausted, pinning and event-loop-blocked, stacks: the "
                                  + "level's top stacks of the profile that shows them, or why it has none")
                          Map<String, Object> evidence, String advice,
                          @Schema(description = "The profiles its evidence.stacks come from, to open: the cell's at "
                                  + "the finding's level; empty for a finding without stacks or of a run that did not "
                                  + "succeed")
                          List<FindingProfile> profiles) {

    public FindingView {
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
    }

    /** A finding of {@code run} (its cell and status name the profiles behind its stacks). */
    public static FindingView of(FindingRow row, RunRow run) {
        FindingCode known = row.known().orElse(null);
        return new FindingView(row.code(), known == null ? null : known.title(), row.severity(),
                known == null ? null : known.severity(), row.levelIndex(), row.level(), row.at(), row.summary(),
                row.evidence(), row.advice(), FindingProfile.of(run, row.level(), row.evidence()));
    }
}
