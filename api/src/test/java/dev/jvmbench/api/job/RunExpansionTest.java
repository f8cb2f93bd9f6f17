package dev.jvmbench.api.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.LoadProfile;
import dev.jvmbench.common.job.ScenarioSpec;
import dev.jvmbench.common.job.ThreadModel;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunExpansionTest {

    private static JobSpec spec(int repetitions) {
        return new JobSpec(null, List.of(ThreadModel.PLATFORM, ThreadModel.WEBFLUX), List.of(21, 25, 26),
                new ScenarioSpec("sleep", null, null), new LoadProfile(null, List.of(10, 20, 40), 30, 10, null),
                null, repetitions, null, null, null, null, null, null, null).normalized();
    }

    @Test
    void everyCellAppearsOncePerRepetitionAndCellsAlternate() {
        List<RunEntity> runs = JobService.expand(7L, spec(3));
        assertThat(runs).hasSize(18);
        assertThat(runs).extracting(RunEntity::seq).containsExactlyElementsOf(
                java.util.stream.IntStream.rangeClosed(1, 18).boxed().toList());
        // No cell runs twice in a row: A B A B, never A A B B.
        for (int i = 1; i < runs.size(); i++) {
            assertThat(cell(runs.get(i))).isNotEqualTo(cell(runs.get(i - 1)));
        }
        // Each repetition is a complete pass over the matrix before the next begins.
        for (int rep = 1; rep <= 3; rep++) {
            int r = rep;
            assertThat(runs.subList((rep - 1) * 6, rep * 6)).allMatch(run -> run.repetition() == r);
        }
    }

    @Test
    void theTimeLeftFollowsThePlanUntilARunHasFinished() {
        Clock clock = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
        ProgressEstimator estimator = new ProgressEstimator(clock);
        JobSpec spec = spec(1);
        List<RunEntity> runs = JobService.expand(1L, spec);
        var progress = estimator.progress(spec, runs.size(), runs);
        Duration perRun = ProgressEstimator.RUN_OVERHEAD.plusSeconds(3 * (10 + 30 + 2));
        assertThat(progress.estimatedSecondsLeft()).isEqualTo(perRun.multipliedBy(6).toSeconds());
        assertThat(progress.runsQueued()).isEqualTo(6);
        assertThat(progress.currentRun()).isNull();
    }

    private static String cell(RunEntity run) {
        return run.jdk() + "/" + run.threadModel();
    }
}
