package dev.jvmbench.api.finding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.finding.Severity;
import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.job.ThreadModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** summary.md's line for a finding's stacks: the top stack's frame and share, or why there is none. */
class FindingStacksTextTest {

    private static JobFindingView finding(Map<String, Object> evidence, List<FindingProfile> profiles) {
        return new JobFindingView(3L, 25, ThreadModel.WEBFLUX, 1, "event-loop-blocked", null, Severity.WARNING, null, 1,
                64, null, "A sentence.", evidence, null, RunSide.JOB, profiles);
    }

    @Test
    void anEventLoopFindingSaysTheLoopsShareThenItsTopStack() {
        Map<String, Object> cpu = Map.of("kind", "cpu", "threads", "event-loop", "selectedShare", 0.83,
                "top", List.of(Map.of("frame", "dev.jvmbench.targetapp.scenario.Primes.count", "share", 0.712)));
        FindingProfile profile = new FindingProfile("cpu", "event-loop", "/api/v1/jobs/9/profiles?x",
                "/api/v1/jobs/9/profiles/flamegraph.html?x");

        assertThat(FindingStacksText.of(finding(Map.of("stacks", List.of(cpu)), List.of(profile))))
                .isEqualTo("event-loop threads: 83 % of the CPU samples; top stack 71 % of the level's CPU samples, "
                        + "through `dev.jvmbench.targetapp.scenario.Primes.count` (flame graph: "
                        + "`GET /api/v1/jobs/9/profiles/flamegraph.html?x`).");
    }

    @Test
    void noStackSaysTheNoteAndNoStacksAtAllIsNoLine() {
        Map<String, Object> lock = Map.of("kind", "lock", "threads", "all", "top", List.of(),
                "note", "no monitor enter or park of 20 ms or more (JFR's threshold) in the level's window.");

        assertThat(FindingStacksText.of(finding(Map.of("stacks", List.of(lock)), List.of())))
                .isEqualTo("no monitor enter or park of 20 ms or more (JFR's threshold) in the level's window.");
        assertThat(FindingStacksText.of(finding(Map.of("cpuPercentOfLimit", 99.0), List.of()))).isNull();
        assertThat(FindingStacksText.percent(0.042)).isEqualTo("4.2 %");
        assertThat(FindingStacksText.percent(0.0004)).isEqualTo("<0.1 %");
    }
}
