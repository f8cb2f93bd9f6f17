package dev.jvmbench.common.job;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JobStatusTest {

    @Test
    void theStateMachineAllowsOnlyForwardTransitions() {
        assertThat(JobStatus.QUEUED.canMoveTo(JobStatus.RUNNING)).isTrue();
        assertThat(JobStatus.QUEUED.canMoveTo(JobStatus.CANCELLED)).isTrue();
        assertThat(JobStatus.RUNNING.canMoveTo(JobStatus.CANCEL_REQUESTED)).isTrue();
        assertThat(JobStatus.CANCEL_REQUESTED.canMoveTo(JobStatus.CANCELLED)).isTrue();
        assertThat(JobStatus.RUNNING.canMoveTo(JobStatus.QUEUED)).isFalse();
        assertThat(JobStatus.RUNNING.canMoveTo(JobStatus.CANCELLED)).as("a running job is cancelled by its worker").isFalse();
        assertThat(JobStatus.CANCEL_REQUESTED.canMoveTo(JobStatus.SUCCEEDED)).isFalse();
        for (JobStatus end : new JobStatus[] {JobStatus.SUCCEEDED, JobStatus.FAILED, JobStatus.CANCELLED}) {
            assertThat(end.isFinal()).isTrue();
            for (JobStatus any : JobStatus.values()) {
                assertThat(end.canMoveTo(any)).isFalse();
            }
        }
    }

    @Test
    void aConfirmingJobStillStartsRunsAndEndsLikeARunningOne() {
        assertThat(JobStatus.RUNNING.canMoveTo(JobStatus.CONFIRMING)).isTrue();
        assertThat(JobStatus.CONFIRMING.startsRuns()).as("its extra runs are claimed").isTrue();
        assertThat(JobStatus.CONFIRMING.isFinal()).isFalse();
        assertThat(JobStatus.sourcesOf(JobStatus.SUCCEEDED)).containsExactlyInAnyOrder(JobStatus.RUNNING, JobStatus.CONFIRMING);
        assertThat(JobStatus.sourcesOf(JobStatus.CANCEL_REQUESTED)).containsExactlyInAnyOrder(JobStatus.RUNNING,
                JobStatus.CONFIRMING);
        assertThat(JobStatus.CONFIRMING.canMoveTo(JobStatus.RUNNING)).isFalse();
    }

    @Test
    void sourcesOfATransitionAreDerivedFromTheTable() {
        assertThat(JobStatus.sourcesOf(JobStatus.CANCELLED)).containsExactlyInAnyOrder(JobStatus.QUEUED, JobStatus.CANCEL_REQUESTED);
        assertThat(JobStatus.sourcesOf(JobStatus.RUNNING)).containsExactly(JobStatus.QUEUED);
    }

    @Test
    void aRunMayBeRequeuedOnlyFromRunning() {
        assertThat(RunStatus.RUNNING.canMoveTo(RunStatus.QUEUED)).isTrue();
        assertThat(RunStatus.FAILED.canMoveTo(RunStatus.QUEUED)).isFalse();
        assertThat(RunStatus.SUCCEEDED.isFinal()).isTrue();
    }
}
