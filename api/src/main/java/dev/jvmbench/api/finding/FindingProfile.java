package dev.jvmbench.api.finding;

import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.store.RunRow;
import dev.jvmbench.common.job.RunStatus;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where to open the profile behind a finding's stacks (its {@code evidence.stacks}, written by the
 * worker: docs/findings.md, "Stacks behind a finding"): the cell's profile at the finding's level,
 * of the kind the stacks came from, as JSON and as a flame graph.
 */
@Schema(name = "FindingProfile")
public record FindingProfile(@Schema(description = "cpu, alloc, lock or pinned") String kind,
                             @Schema(description = "all, or event-loop: the stacks shown are the event-loop threads' "
                                     + "(under their [event-loop:...] root in the flame graph)") String threads,
                             @Schema(description = "GET: the cell's profile at the level, merged over its succeeded runs")
                             String href,
                             @Schema(description = "GET: the same as a flame graph (HTML)") String flameGraph) {

    /**
     * The profiles of a run's finding: one per entry of its {@code evidence.stacks} that has a
     * profile (not {@code missing}); none for a run that did not succeed (the cell's profile merges
     * succeeded runs only), a finding of no level, or one without stacks.
     */
    static List<FindingProfile> of(RunRow run, Integer level, Map<String, Object> evidence) {
        if (run == null || level == null || run.status() != RunStatus.SUCCEEDED
                || !(evidence.get("stacks") instanceof List<?> stacks)) {
            return List.of();
        }
        List<FindingProfile> profiles = new ArrayList<>();
        for (Object entry : stacks) {
            if (entry instanceof Map<?, ?> extract && extract.get("missing") == null
                    && extract.get("kind") instanceof String kind && kind.matches("[a-z]+")) {
                String query = "?jdk=" + run.jdk() + "&threadModel=" + run.threadModel().wireName() + "&level=" + level
                        + "&kind=" + kind + (run.side() == RunSide.BASELINE ? "&side=baseline" : "");
                String base = "/api/v1/jobs/" + run.jobId() + "/profiles";
                profiles.add(new FindingProfile(kind, extract.get("threads") instanceof String t ? t : "all",
                        base + query, base + "/flamegraph.html" + query));
            }
        }
        return List.copyOf(profiles);
    }
}
