package dev.jvmbench.api.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.store.RunRow;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Extra runs of confirmation are interleaved like the planned ones and numbered after them. */
class ConfirmationRunsTest {

    private static Confirmer.Cell flagged(int jdk, ThreadModel model) {
        return new Confirmer.Cell(jdk, model);
    }

    @Test
    void theFlaggedCellsAlternateAfterTheJobsLastRun() {
        List<RunRow> extra = Confirmer.extraRuns(7, List.of(flagged(21, ThreadModel.VIRTUAL), flagged(25, ThreadModel.VIRTUAL)),
                3, 12, 2, false);
        assertThat(extra).extracting(RunRow::seq).containsExactly(13, 14, 15, 16);
        assertThat(extra).extracting(RunRow::jdk).as("A B A B").containsExactly(21, 25, 21, 25);
        assertThat(extra).extracting(RunRow::repetition).containsExactly(4, 4, 5, 5);
        assertThat(extra).allSatisfy(run -> {
            assertThat(run.jobId()).isEqualTo(7);
            assertThat(run.status()).isEqualTo(RunStatus.QUEUED);
            assertThat(run.threadModel()).isEqualTo(ThreadModel.VIRTUAL);
        });
    }

    @Test
    void withAPairedBaselineEachExtraRepetitionIsAFreshPairOfBothSides() {
        List<RunRow> extra = Confirmer.extraRuns(7, List.of(flagged(21, ThreadModel.VIRTUAL), flagged(25, ThreadModel.VIRTUAL)),
                3, 24, 2, true);
        assertThat(extra).extracting(RunRow::seq).containsExactly(25, 26, 27, 28, 29, 30, 31, 32);
        assertThat(extra).extracting(RunRow::jdk).as("a pair of each cell, then the next").containsExactly(21, 21, 25, 25,
                21, 21, 25, 25);
        assertThat(extra).extracting(RunRow::repetition).containsExactly(4, 4, 4, 4, 5, 5, 5, 5);
        for (int i = 0; i < extra.size(); i += 2) {
            RunRow first = extra.get(i);
            RunRow second = extra.get(i + 1);
            assertThat(java.util.Set.of(first.side(), second.side())).as("both sides measured again")
                    .containsExactlyInAnyOrder(dev.jvmbench.common.job.RunSide.JOB, dev.jvmbench.common.job.RunSide.BASELINE);
            assertThat(first.pair()).isEqualTo(second.pair()).isEqualTo(first.repetition());
        }
    }
}
