package dev.jvmbench.api.job;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.store.RunRow;
import dev.jvmbench.common.store.Runs;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Runs done / total, the current run, and the time left, from the job's runs as tallied by the
 * database ({@link Runs#tallies}). The time left uses the measured mean duration of this job's
 * succeeded runs when there is one, else the plan: start-up overhead plus (warm-up + step) per level.
 */
@Component
class ProgressEstimator {

    static final Duration RUN_OVERHEAD = Duration.ofSeconds(40);
    private final Clock clock;

    ProgressEstimator(Clock clock) {
        this.clock = clock;
    }

    /** {@code tally} is null for a job without runs (none exists: a job and its runs are stored together). */
    JobView.Progress progress(JobSpec spec, int runsTotal, Runs.Tally tally) {
        if (tally == null) {
            tally = new Runs.Tally(Map.of(), null, null);
        }
        int succeeded = tally.count(RunStatus.SUCCEEDED);
        int failed = tally.count(RunStatus.FAILED);
        int cancelled = tally.count(RunStatus.CANCELLED);
        int queued = tally.count(RunStatus.QUEUED);
        RunRow running = tally.running();
        JobView.CurrentRun current = running == null ? null : new JobView.CurrentRun(running.id(), running.jdk(),
                running.threadModel(), running.repetition(), running.currentStep(), running.currentLevel());
        return new JobView.Progress(runsTotal, succeeded + failed + cancelled, succeeded, failed, cancelled, queued,
                current, estimateSecondsLeft(spec, tally.meanSucceeded(), queued, running));
    }

    private Long estimateSecondsLeft(JobSpec spec, Duration measuredMean, int queued, RunRow running) {
        if (queued == 0 && running == null) {
            return 0L;
        }
        Duration perRun = measuredMean != null ? measuredMean : planned(spec);
        Duration left = perRun.multipliedBy(queued);
        if (running != null && running.startedAt() != null) {
            Duration elapsed = Duration.between(running.startedAt(), clock.instant());
            left = left.plus(perRun.minus(elapsed).isNegative() ? Duration.ZERO : perRun.minus(elapsed));
        } else if (running != null) {
            left = left.plus(perRun);
        }
        return left.toSeconds();
    }

    static Duration planned(JobSpec spec) {
        if (spec.load() == null) {
            return RUN_OVERHEAD;
        }
        var load = spec.load();
        long perLevel = load.warmupSeconds() + load.stepSeconds() + 2L;
        // An adaptive warm-up may take up to its maximum; a search up to its step limit: plan for the longest.
        long adaptiveExtra = load.warmupPolicy().adaptive() && load.warmupPolicy().maxSeconds() != null
                ? Math.max(0, load.warmupPolicy().maxSeconds() - load.warmupSeconds())
                        * (Boolean.TRUE.equals(load.warmupPolicy().everyLevel()) ? load.levelSteps() : 1)
                : 0;
        return RUN_OVERHEAD.plusSeconds(perLevel * load.levelSteps() + adaptiveExtra);
    }

    Instant now() {
        return clock.instant();
    }
}
