package dev.jvmbench.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RunGroupsTest {

    @Test
    void twoGroupsOfJvmsAreNamedWithTheRunsInEach() {
        // ten runs of a CPU-bound cell: four JVMs compiled the hot loop worse, 13 % slower at 14 % more CPU per request
        List<RunGroups.RunValue> runs = List.of(run(1, 101.0, 9.9), run(2, 88.0, 11.4), run(3, 99.5, 10.0),
                run(4, 87.1, 11.5), run(5, 100.4, 10.0), run(6, 100.9, 9.9), run(7, 88.6, 11.3), run(8, 99.8, 10.1),
                run(9, 87.9, 11.4), run(10, 100.1, 10.0));

        RunGroups.Split split = RunGroups.find(Metric.THROUGHPUT_RPS, runs).orElseThrow();

        assertThat(split.slowRepetitions()).containsExactly(2, 4, 7, 9);
        assertThat(split.fastRepetitions()).containsExactly(1, 3, 5, 6, 8, 10);
        assertThat(split.apartPercent()).isBetween(11.0, 14.0);
        assertThat(split.separation()).isGreaterThan(split.threshold());
        assertThat(split.reading()).isEqualTo(RunGroups.Reading.MORE_WORK);
    }

    @Test
    void slowerRunsOnSlowerCoresAreTheHostsNotTheJvms() {
        // the ledger's shape on this host: the slow runs cost more CPU per request, because their cores ran slower
        List<RunGroups.RunValue> runs = List.of(new RunGroups.RunValue(1, 400.0, 2.5, 14.2),
                new RunGroups.RunValue(2, 300.0, 3.3, 10.6), new RunGroups.RunValue(3, 401.0, 2.5, 14.0),
                new RunGroups.RunValue(4, 302.0, 3.3, 10.8), new RunGroups.RunValue(5, 398.0, 2.5, 14.1),
                new RunGroups.RunValue(6, 299.0, 3.4, 10.5));

        RunGroups.Split split = RunGroups.find(Metric.THROUGHPUT_RPS, runs).orElseThrow();

        assertThat(split.slowRepetitions()).containsExactly(2, 4, 6);
        assertThat(split.reading()).as("slower cores, read before the CPU per request they raise")
                .isEqualTo(RunGroups.Reading.SLOWER_CORES);
        assertThat(split.slowCoreSpeed()).isEqualTo(10.6);
        assertThat(split.fastCoreSpeed()).isEqualTo(14.1);
    }

    @Test
    void coresOfTheSameSpeedLeaveTheReadingToTheCpu() {
        List<RunGroups.RunValue> runs = List.of(new RunGroups.RunValue(1, 101.0, 9.9, 14.0),
                new RunGroups.RunValue(2, 88.0, 11.4, 14.1), new RunGroups.RunValue(3, 99.5, 10.0, 13.9),
                new RunGroups.RunValue(4, 87.1, 11.5, 14.0), new RunGroups.RunValue(5, 100.4, 10.0, 14.2),
                new RunGroups.RunValue(6, 88.6, 11.3, 13.8));

        assertThat(RunGroups.find(Metric.THROUGHPUT_RPS, runs).orElseThrow().reading())
                .isEqualTo(RunGroups.Reading.MORE_WORK);
    }

    @Test
    void slowerRunsAtTheSameCpuPerRequestWaited() {
        List<RunGroups.RunValue> runs = List.of(run(1, 100.0, 10.0), run(2, 80.0, 10.1), run(3, 100.5, 10.0),
                run(4, 80.4, 9.9), run(5, 99.7, 10.0), run(6, 80.2, 10.0));

        assertThat(RunGroups.find(Metric.THROUGHPUT_RPS, runs).orElseThrow().reading()).isEqualTo(RunGroups.Reading.WAITED);
    }

    @Test
    void forLatencyTheSlowerGroupIsTheHigherOne() {
        List<RunGroups.RunValue> runs = List.of(run(1, 210.0, null), run(2, 260.0, null), run(3, 211.0, null),
                run(4, 259.0, null), run(5, 209.0, null), run(6, 261.0, null));

        RunGroups.Split split = RunGroups.find(Metric.LATENCY_P95_MS, runs).orElseThrow();

        assertThat(split.slowRepetitions()).containsExactly(2, 4, 6);
        assertThat(split.reading()).as("no CPU per request, no reading").isNull();
    }

    @Test
    void oneNormalGroupIsNamedAtMostAboutOnceInAHundredCells() {
        Random random = new Random(42);
        for (int n : new int[] {4, 6, 10, 20}) {
            int named = 0;
            for (int cell = 0; cell < 1000; cell++) {
                List<RunGroups.RunValue> runs = new ArrayList<>();
                for (int r = 1; r <= n; r++) {
                    runs.add(run(r, 100 + 10 * random.nextGaussian(), null)); // CV 10 %: every split is over 3 % apart
                }
                if (RunGroups.find(Metric.THROUGHPUT_RPS, runs).isPresent()) {
                    named++;
                }
            }
            // 1 % expected: 10 of 1000; 25 is more than four standard deviations (3.1) above
            assertThat(named).as("cells of one group named among 1000, %d runs each", n).isLessThanOrEqualTo(25);
        }
    }

    @Test
    void tooFewRunsOrTooCloseAreNotNamed() {
        assertThat(RunGroups.find(Metric.THROUGHPUT_RPS, List.of(run(1, 100.0, null), run(2, 80.0, null),
                run(3, 100.1, null)))).as("three runs").isEmpty();
        // cleanly apart, but 1 %: it would not widen an interval anyone reads
        assertThat(RunGroups.find(Metric.THROUGHPUT_RPS, List.of(run(1, 100.0, null), run(2, 101.0, null),
                run(3, 100.0, null), run(4, 101.0, null), run(5, 100.0, null), run(6, 101.0, null)))).isEmpty();
    }

    @Test
    void theThresholdFallsWithMoreRuns() {
        assertThat(RunGroups.threshold(4)).isGreaterThan(RunGroups.threshold(10));
        assertThat(RunGroups.threshold(10)).isGreaterThan(RunGroups.threshold(20));
        assertThat(RunGroups.threshold(20)).isGreaterThan(3.0);
    }

    private static RunGroups.RunValue run(int repetition, double value, Double cpu) {
        return new RunGroups.RunValue(repetition, value, cpu);
    }
}
