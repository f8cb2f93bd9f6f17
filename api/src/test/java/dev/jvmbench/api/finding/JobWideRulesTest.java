package dev.jvmbench.api.finding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.finding.Severity;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.store.FindingRow;
import dev.jvmbench.common.store.Point;
import dev.jvmbench.common.store.RunRow;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobWideRulesTest {

    private static final RunRow JDK21_VIRTUAL = run(1, 21, ThreadModel.VIRTUAL);
    private static final RunRow JDK25_VIRTUAL = run(2, 25, ThreadModel.VIRTUAL);
    private static final RunRow JDK21_PLATFORM = run(3, 21, ThreadModel.PLATFORM);
    private static final RunRow JDK25_PLATFORM = run(4, 25, ThreadModel.PLATFORM);
    private static final List<RunRow> RUNS = List.of(JDK21_VIRTUAL, JDK25_VIRTUAL, JDK21_PLATFORM, JDK25_PLATFORM);

    @Test
    void aPinningFindingWithoutCountedEventsIsEnoughOnTheOlderJdkAndItsEventsAreTheFindingsOwn() {
        var found = JobWideRules.of(RUNS, List.of(point(2, 0L), point(3, 0L), point(4, 0L), point(1, null)),
                Map.of(1L, List.of(pinning(1, 377))));
        assertThat(found).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("pinning-fixed-by-jep-491");
            assertThat(f.severity()).isEqualTo(Severity.INFO);
            assertThat(f.levelIndex()).isNull();
            assertThat(f.evidence()).containsEntry("threadModel", "virtual")
                    .containsEntry("pinnedEventsByJdk", Map.of("21", 377L, "25", 0L))
                    .containsEntry("pinnedOn", List.of(21)).containsEntry("notPinnedOn", List.of(25));
            assertThat(f.summary()).isEqualTo("With virtual threads, JDK 21 pinned carrier threads (377 pinned events) and "
                    + "JDK 25 did not (0 pinned events): JEP 491, in JDK 24, lets a virtual thread blocked inside "
                    + "synchronized unmount from its carrier.");
        });
    }

    @Test
    void nothingWithoutPinningOnTheOlderJdkOrWithPinningOnTheNewer() {
        assertThat(JobWideRules.of(RUNS, List.of(point(1, 0L), point(2, 0L)), Map.of())).isEmpty();
        assertThat(JobWideRules.of(RUNS, List.of(point(1, 9L), point(2, 0L)), Map.of(2L, List.of(pinning(2, 3)))))
                .as("JDK 25 pinned too (native code)").isEmpty();
        assertThat(JobWideRules.of(List.of(JDK21_VIRTUAL, JDK21_PLATFORM), List.of(point(1, 9L)), Map.of()))
                .as("one JDK").isEmpty();
    }

    @Test
    void runsOfACellOnCoresOfDifferentSpeedAreNamedWithTheirThroughput() {
        // the ledger on this host: three JVMs of the same build, their cores 14.2, 10.9 and 13.8 steps per CPU-µs
        List<RunRow> runs = List.of(repetition(11, 1), repetition(12, 2), repetition(13, 3));
        var found = JobWideRules.of(runs, List.of(speedPoint(11, 357.2, 14.2), speedPoint(12, 301.0, 10.9),
                speedPoint(13, 346.8, 13.8)), Map.of());

        assertThat(found).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("core-speed-differed");
            assertThat(f.severity()).isEqualTo(Severity.WARNING);
            assertThat(f.level()).isEqualTo(32);
            assertThat(f.evidence()).containsEntry("jdk", 25).containsEntry("threadModel", "platform")
                    .containsEntry("coreSpeedMedian", 13.8).containsEntry("throughputInTheSameOrder", true);
            assertThat((Double) f.evidence().get("spreadPercent")).isBetween(23.0, 24.5);
            assertThat(f.summary()).contains("14.2, 10.9, 13.8 steps per CPU-µs", "357, 301, 347 req/s",
                    "part of the spread between the runs is the host's");
        });
    }

    @Test
    void runsOnCoresOfOneSpeedOrUnmeasuredAreNotNamed() {
        List<RunRow> runs = List.of(repetition(11, 1), repetition(12, 2), repetition(13, 3));
        assertThat(JobWideRules.of(runs, List.of(speedPoint(11, 357.2, 14.2), speedPoint(12, 301.0, 13.6),
                speedPoint(13, 346.8, 13.9)), Map.of())).as("4 % apart").isEmpty();
        assertThat(JobWideRules.of(runs, List.of(speedPoint(11, 357.2, null), speedPoint(12, 301.0, null)), Map.of()))
                .as("not measured").isEmpty();
        assertThat(JobWideRules.of(runs, List.of(speedPoint(11, 357.2, 14.2)), Map.of())).as("one run").isEmpty();
    }

    private static RunRow repetition(long id, int repetition) {
        return new RunRow(id, 7, (int) id, 25, ThreadModel.PLATFORM, repetition, dev.jvmbench.common.job.RunSide.JOB, null,
                RunStatus.SUCCEEDED, null, null, null, null, 1, null, null, null, null);
    }

    private static Point speedPoint(long runId, double throughput, Double coreSpeed) {
        return new Point(runId, 0, 32, 30, 100, 100, 0, Map.of(), throughput, null, null, null, null, 2.8, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, false, null,
                null, null, null, List.of(), null, null, null, null, null, null, null, coreSpeed, coreSpeed == null ? null : 3.0);
    }

    private static RunRow run(long id, int jdk, ThreadModel model) {
        return new RunRow(id, 7, (int) id, jdk, model, 1, dev.jvmbench.common.job.RunSide.JOB, null, RunStatus.SUCCEEDED, null, null, null, null, 1, null, null, null, null);
    }

    private static Point point(long runId, Long pinned) {
        return new Point(runId, 1, 80, 10, 100, 100, 0, Map.of(), 10, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, pinned, null, null, null, null, null, null, null, false, null, null,
                null, null, List.of(), null, null, null, null, null, null, null, null, null);
    }

    private static FindingRow pinning(long runId, int events) {
        return new FindingRow(runId, 1, 80, "pinning", Severity.WARNING, null, "pinned", Map.of("events", events), "advice");
    }
}
