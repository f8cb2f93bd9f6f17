package dev.jvmbench.api.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.LoadProfile;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ScenarioSpec;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.store.RunRow;
import dev.jvmbench.common.store.Runs;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunExpansionTest {

    private static JobSpec spec(int repetitions) {
        return new JobSpec(null, List.of(ThreadModel.PLATFORM, ThreadModel.WEBFLUX), List.of(21, 25, 26),
                new ScenarioSpec("sleep", null, null), new LoadProfile(null, List.of(10, 20, 40), 30, 10, null),
                null, repetitions, null, null, null, null, null, null, null, null).normalized();
    }

    @Test
    void everyCellAppearsOncePerRepetitionAndCellsAlternate() {
        List<RunRow> runs = JobService.expand(7L, spec(3));
        assertThat(runs).hasSize(18);
        assertThat(runs).extracting(RunRow::seq).containsExactlyElementsOf(
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
    void aPairedBaselineMakesEachSharedCellsRepetitionAPairInADrawnOrder() {
        JobSpec job = spec(3);
        // the baseline job ran JDK 21 and 25 with platform threads only: those cells get pairs
        JobSpec baseline = new JobSpec(null, List.of(ThreadModel.PLATFORM), List.of(21, 25),
                new ScenarioSpec("sleep", null, null), new LoadProfile(null, List.of(10, 20, 40), 30, 10, null),
                null, 1, null, null, null, null, null, null, null, null).normalized();
        List<RunRow> runs = JobService.expand(7L, job, baseline);
        assertThat(runs).hasSize(18 + 2 * 3);
        assertThat(runs).extracting(RunRow::seq).containsExactlyElementsOf(
                java.util.stream.IntStream.rangeClosed(1, 24).boxed().toList());
        var pairs = runs.stream().filter(r -> r.pair() != null).toList();
        assertThat(pairs).hasSize(12).allMatch(r -> r.threadModel() == ThreadModel.PLATFORM && r.jdk() != 26);
        java.util.Set<dev.jvmbench.common.job.RunSide> firsts = new java.util.HashSet<>();
        for (int i = 0; i < runs.size(); i++) {
            RunRow run = runs.get(i);
            if (run.pair() == null) {
                assertThat(run.side()).isEqualTo(dev.jvmbench.common.job.RunSide.JOB);
                continue;
            }
            assertThat(run.pair()).isEqualTo(run.repetition());
            RunRow partner = runs.stream().filter(r -> r != run && cell(r).equals(cell(run))
                    && java.util.Objects.equals(r.pair(), run.pair())).findFirst().orElseThrow();
            assertThat(partner.side()).isNotEqualTo(run.side());
            assertThat(Math.abs(partner.seq() - run.seq())).as("the two halves of a pair back to back").isEqualTo(1);
            if (run.seq() < partner.seq()) {
                firsts.add(run.side());
            }
        }
        assertThat(firsts).as("over 6 pairs the order is drawn, not fixed").hasSize(2);
        assertThat(JobService.expand(7L, job, baseline)).as("the same job queues the same order").isEqualTo(runs);
    }

    @Test
    void theTimeLeftFollowsThePlanUntilARunHasFinished() {
        Clock clock = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
        ProgressEstimator estimator = new ProgressEstimator(clock);
        JobSpec spec = spec(1);
        List<RunRow> runs = JobService.expand(1L, spec);
        var progress = estimator.progress(spec, runs.size(), new Runs.Tally(Map.of(RunStatus.QUEUED, runs.size()), null, null));
        Duration perRun = ProgressEstimator.RUN_OVERHEAD.plusSeconds(3 * (10 + 30 + 2));
        assertThat(progress.estimatedSecondsLeft()).isEqualTo(perRun.multipliedBy(6).toSeconds());
        assertThat(progress.runsQueued()).isEqualTo(6);
        assertThat(progress.currentRun()).isNull();
    }

    @Test
    void theTimeLeftUsesTheMeasuredMeanAndTheRunningRunsElapsedTime() {
        Instant now = Instant.parse("2026-01-01T00:10:00Z");
        ProgressEstimator estimator = new ProgressEstimator(Clock.fixed(now, ZoneOffset.UTC));
        RunRow running = new RunRow(5L, 1L, 4, 25, ThreadModel.WEBFLUX, 1, dev.jvmbench.common.job.RunSide.JOB, null, RunStatus.RUNNING, null, "load", 20, "w", 1,
                now, now.minusSeconds(30), null, null);
        var tally = new Runs.Tally(Map.of(RunStatus.SUCCEEDED, 3, RunStatus.RUNNING, 1, RunStatus.QUEUED, 2),
                Duration.ofSeconds(100), running);
        var progress = estimator.progress(spec(1), 6, tally);
        assertThat(progress.estimatedSecondsLeft()).isEqualTo(2 * 100 + 70);
        assertThat(progress.runsDone()).isEqualTo(3);
        assertThat(progress.currentRun().runId()).isEqualTo(5L);
        assertThat(progress.currentRun().step()).isEqualTo("load");
    }

    private static String cell(RunRow run) {
        return run.jdk() + "/" + run.threadModel();
    }
}
